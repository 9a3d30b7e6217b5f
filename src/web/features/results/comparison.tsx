import { COMPARISON_PENDING, medianText, type AreaComparison, type ReportComparison } from '../../../core';

/**
 * Above the area cards: whom the areas are compared with, or that comparisons come once enough
 * providers have taken part. Nothing at all while the figures are unknown (still loading, or the
 * request failed): a comparison is extra and its absence needs no excuse.
 */
export function ComparisonNote({ comparison }: { comparison: ReportComparison | undefined }) {
  if (!comparison) return null;
  if (comparison.status === 'too_few') {
    return <p className="comparison-note">{COMPARISON_PENDING}</p>;
  }
  const { basis, responses, comparedWith } = comparison;
  return (
    <p className="comparison-note">
      {basis === 'segment'
        ? `Each area is compared with ${responses} ${comparedWith} who have taken this audit.`
        : `Too few providers like yours have taken part yet, so each area is compared with all ${responses} ${comparedWith} who have taken this audit.`}{' '}
      Your position says which quarter of their scores yours falls in.
    </p>
  );
}

/** One area's line: "Providers like you: median 64%" and the quarter the visitor's score is in. */
export function AreaComparisonLine({ comparison }: { comparison: AreaComparison | undefined }) {
  if (!comparison) return null;
  return (
    <p className="result-card__comparison">
      <span>{medianText(comparison.median)}</span>{' '}
      <span className="comparison-position">Your position: {comparison.positionLabel}</span>
    </p>
  );
}
