import { describe, expect, it } from 'vitest';
import { areaBenchmark, percentileCont, totalCount, type ScoreCount } from './statistics';

/** The histogram of a list of scores, sorted by score. */
function histogramOf(scores: number[]): ScoreCount[] {
  const counts = new Map<number, number>();
  for (const score of scores) counts.set(score, (counts.get(score) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([score, count]) => ({ score, count }));
}

describe('percentileCont', () => {
  it('interpolates between the two scores either side of fraction × (n − 1), by hand', () => {
    // 20, 40, 60, 80: positions 0.75, 1.5 and 2.25.
    const histogram = histogramOf([20, 40, 60, 80]);
    expect(percentileCont(histogram, 0.25)).toBe(35);
    expect(percentileCont(histogram, 0.5)).toBe(50);
    expect(percentileCont(histogram, 0.75)).toBe(65);
    expect(percentileCont(histogram, 0)).toBe(20);
    expect(percentileCont(histogram, 1)).toBe(80);
  });

  it('takes a score at an exact position as it is, and reads ranks across a bar of many', () => {
    // 20, 40, 40, 40, 100: positions 1, 2 and 3 all fall in the bar of 40s.
    const histogram = [
      { score: 20, count: 1 },
      { score: 40, count: 3 },
      { score: 100, count: 1 },
    ];
    expect(totalCount(histogram)).toBe(5);
    expect(areaBenchmark(histogram)).toEqual({ lowerQuartile: 40, median: 40, upperQuartile: 40 });
    // Nine scores, 0 … 8 ranks: the upper quartile is rank 6 exactly, in the last bar.
    expect(percentileCont(histogramOf([24, 24, 48, 52, 56, 60, 92, 92, 92]), 0.75)).toBe(92);
  });

  it('gives the one score of a single audit for every figure', () => {
    expect(areaBenchmark([{ score: 68, count: 1 }])).toEqual({
      lowerQuartile: 68,
      median: 68,
      upperQuartile: 68,
    });
  });

  it('rounds to whole per cent, a half upwards', () => {
    // 52, 56, 60, 64 (n 4): 55, 58, 61 exactly; 60, 61: 60.25, 60.5, 60.75.
    expect(areaBenchmark(histogramOf([52, 56, 60, 64]))).toEqual({
      lowerQuartile: 55,
      median: 58,
      upperQuartile: 61,
    });
    expect(areaBenchmark(histogramOf([60, 61]))).toEqual({
      lowerQuartile: 60,
      median: 61,
      upperQuartile: 61,
    });
  });

  it('refuses an empty histogram and a fraction outside 0 to 1', () => {
    expect(() => percentileCont([], 0.5)).toThrow(RangeError);
    expect(() => percentileCont(histogramOf([20]), 1.5)).toThrow(RangeError);
    expect(() => percentileCont(histogramOf([20]), Number.NaN)).toThrow(RangeError);
  });
});
