import {
  areaComparisonParts,
  comparisonIntro,
  type AreaComparison,
  type ReportComparison,
} from '../../../core';

/**
 * Above the area cards: whom the areas are compared with, or that comparisons come once enough
 * providers have taken part. Nothing at all while the figures are unknown (still loading, or the
 * request failed): a comparison is extra and its absence needs no excuse. A polite live region that
 * is always there, so a comparison that arrives or changes (the visitor gave their profile) is read
 * out where it is.
 */
export function ComparisonNote({ comparison }: { comparison: ReportComparison | undefined }) {
  const intro = comparisonIntro(comparison);
  return (
    <div role="status" className="comparison-note-region">
      {intro === undefined ? null : <p className="comparison-note">{intro}</p>}
    </div>
  );
}

/** One area's line: "Providers like you: median 64%" and the quarter the visitor's score is in. */
export function AreaComparisonLine({ comparison }: { comparison: AreaComparison | undefined }) {
  if (!comparison) return null;
  const { median, position } = areaComparisonParts(comparison);
  return (
    <p className="result-card__comparison">
      <span>{median}</span> <span className="comparison-position">{position}</span>
    </p>
  );
}
