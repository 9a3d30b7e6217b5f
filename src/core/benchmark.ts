import type { AreaId } from './areas';
import type { ServiceProfile } from './profile';

/** Where others' scores for one area lie: the median and the quartiles, in whole per cent. */
export interface AreaBenchmark {
  median: number;
  lowerQuartile: number;
  upperQuartile: number;
}

/** Whom a comparison is with: "segment", audits of the visitor's segment; "all", every audit. */
export type ComparisonBasis = 'segment' | 'all';

/**
 * The comparison with other providers, as `GET /api/benchmark` answers it: figures per area once
 * enough audits exist (for the visitor's segment, else for everyone), or word that there are too few.
 */
export type Benchmark =
  | {
      status: 'available';
      /** "segment": providers of the visitor's segment; "all": every provider, the segment had too few. */
      basis: ComparisonBasis;
      /** The segment the figures are from: the visitor's, or {} for all. */
      profile: ServiceProfile;
      /**
       * How many providers the figures come from: each one's latest completed audit, a chain of
       * retakes counted once (decision 0062).
       */
      responses: number;
      areas: Record<AreaId, AreaBenchmark>;
      /**
       * The threshold a segment had to reach (BENCHMARK_MIN_RESPONSES), so "Compare" can say how many
       * a segment with too few needs; absent from an older server's answer.
       */
      minResponses?: number;
    }
  | { status: 'too_few'; minResponses: number };

export const POSITIONS = [
  { id: 'lower_quarter', label: 'Lower quarter' },
  { id: 'second_quarter', label: 'Second quarter' },
  { id: 'on_median', label: 'On the median' },
  { id: 'third_quarter', label: 'Third quarter' },
  { id: 'top_quarter', label: 'Top quarter' },
] as const;
export type Position = (typeof POSITIONS)[number]['id'];

/**
 * Where a score stands among other providers' scores: below the lower quartile is the lower
 * quarter, above the upper quartile the top quarter; exactly on the median says so, as calling it
 * the third quarter would place it above a middle it shares; otherwise below the median is the
 * second quarter and above it the third. A score equal to a quartile counts towards the middle, so
 * a tie with most others never reads as the bottom or the top.
 */
export function positionFor(score: number, benchmark: AreaBenchmark): Position {
  if (score < benchmark.lowerQuartile) return 'lower_quarter';
  if (score > benchmark.upperQuartile) return 'top_quarter';
  if (score === benchmark.median) return 'on_median';
  if (score < benchmark.median) return 'second_quarter';
  return 'third_quarter';
}

/** The words for a position: "Lower quarter", "On the median", … */
export function positionLabel(position: Position): string {
  const found = POSITIONS.find((p) => p.id === position);
  if (!found) throw new Error(`Unknown position ${position}`);
  return found.label;
}

/**
 * What results, e-mail and PDF say below the threshold, instead of any comparison: what is true
 * today and how many it takes, never a promise that something "will appear here" (a PDF or an
 * e-mail never changes once sent).
 */
export function comparisonPending(minResponses: number): string {
  const providers = `${minResponses} care ${minResponses === 1 ? 'provider' : 'providers'}`;
  return `There is no comparison with other providers yet: it needs at least ${providers} to have taken this audit, and fewer have so far.`;
}

/** Whom an area is compared with: "Providers like you", or "All providers" when the segment had too few. */
export function comparedWithLabel(basis: ComparisonBasis): string {
  return basis === 'segment' ? 'Providers like you' : 'All providers';
}

/**
 * "Providers like you: median 64%", or "All providers: median 64%". The report passes each area's
 * basis; the default is the segment, the comparison a visitor is first offered.
 */
export function medianText(median: number, basis: ComparisonBasis = 'segment'): string {
  return `${comparedWithLabel(basis)}: median ${median}%`;
}
