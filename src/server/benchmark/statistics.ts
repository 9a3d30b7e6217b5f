import type { AreaBenchmark } from '../../core';

/** How many audits scored each value: one bar of a histogram. */
export interface ScoreCount {
  score: number;
  count: number;
}

/** The number of scores a histogram holds. */
export function totalCount(histogram: readonly ScoreCount[]): number {
  return histogram.reduce((sum, bar) => sum + bar.count, 0);
}

/** The score at a 0-based rank of the sorted scores; `histogram` is sorted by score. */
function scoreAtRank(histogram: readonly ScoreCount[], rank: number): number {
  let seen = 0;
  for (const bar of histogram) {
    seen += bar.count;
    if (rank < seen) return bar.score;
  }
  throw new RangeError(`rank ${rank} is beyond the ${seen} scores of the histogram`);
}

/**
 * The `fraction` percentile of the scores a histogram counts, interpolated as PostgreSQL's
 * `percentile_cont` does: the value at position fraction × (n − 1) of the sorted scores, taken
 * linearly between the two scores either side of it. `histogram` must be sorted by score and hold
 * at least one score. The counts reproduce the sorted list exactly, so this is exact, not an estimate.
 */
export function percentileCont(histogram: readonly ScoreCount[], fraction: number): number {
  const n = totalCount(histogram);
  if (n === 0) throw new RangeError('no scores to take a percentile of');
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError(`fraction ${fraction} is not from 0 to 1`);
  const position = fraction * (n - 1);
  const below = Math.floor(position);
  const low = scoreAtRank(histogram, below);
  if (position === below) return low;
  const high = scoreAtRank(histogram, below + 1);
  return low + (position - below) * (high - low);
}

/** The median and quartiles of an area, rounded to whole per cent (a half rounds up). */
export function areaBenchmark(histogram: readonly ScoreCount[]): AreaBenchmark {
  return {
    median: Math.round(percentileCont(histogram, 0.5)),
    lowerQuartile: Math.round(percentileCont(histogram, 0.25)),
    upperQuartile: Math.round(percentileCont(histogram, 0.75)),
  };
}
