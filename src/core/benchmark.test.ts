import { describe, expect, it } from 'vitest';
import {
  comparisonPending,
  comparedWithLabel,
  medianText,
  POSITIONS,
  positionFor,
  positionLabel,
  type AreaBenchmark,
  type Position,
} from './benchmark';

const SPREAD: AreaBenchmark = { lowerQuartile: 40, median: 60, upperQuartile: 80 };

describe('positionFor: which quarter of others a score falls in, or on their median', () => {
  it.each<[number, Position]>([
    [0, 'lower_quarter'],
    [39, 'lower_quarter'],
    [40, 'second_quarter'], // on the lower quartile: not the bottom
    [59, 'second_quarter'],
    [60, 'on_median'], // on the median: says so
    [61, 'third_quarter'],
    [79, 'third_quarter'],
    [80, 'third_quarter'], // on the upper quartile: not the top
    [81, 'top_quarter'],
    [100, 'top_quarter'],
  ])('%i against 40 / 60 / 80 → %s', (score, position) => {
    expect(positionFor(score, SPREAD)).toBe(position);
  });

  it.each<[number, Position]>([
    [59, 'lower_quarter'],
    [60, 'on_median'],
    [61, 'top_quarter'],
  ])('when everyone else scored 60, %i → %s', (score, position) => {
    expect(positionFor(score, { lowerQuartile: 60, median: 60, upperQuartile: 60 })).toBe(position);
  });

  it('a lower quartile equal to the median: on both is on the median', () => {
    const tied = { lowerQuartile: 60, median: 60, upperQuartile: 72 };
    expect(positionFor(59, tied)).toBe('lower_quarter');
    expect(positionFor(60, tied)).toBe('on_median');
    expect(positionFor(72, tied)).toBe('third_quarter');
    expect(positionFor(73, tied)).toBe('top_quarter');
  });

  it('an upper quartile equal to the median: on both is on the median', () => {
    const tied = { lowerQuartile: 48, median: 60, upperQuartile: 60 };
    expect(positionFor(48, tied)).toBe('second_quarter');
    expect(positionFor(60, tied)).toBe('on_median');
    expect(positionFor(61, tied)).toBe('top_quarter');
  });
});

describe('the words of a comparison', () => {
  it('labels the four quarters and the median, lowest first', () => {
    expect(POSITIONS.map((p) => positionLabel(p.id))).toEqual([
      'Lower quarter',
      'Second quarter',
      'On the median',
      'Third quarter',
      'Top quarter',
    ]);
  });

  it('names whom the median is of: providers like you, or all providers', () => {
    expect(comparedWithLabel('segment')).toBe('Providers like you');
    expect(comparedWithLabel('all')).toBe('All providers');
    expect(medianText(64, 'segment')).toBe('Providers like you: median 64%');
    expect(medianText(0, 'segment')).toBe('Providers like you: median 0%');
    expect(medianText(64, 'all')).toBe('All providers: median 64%');
    expect(medianText(64, 'all')).not.toMatch(/like you/i);
  });

  it('says below the threshold what is true now and how many it takes, never what "will appear"', () => {
    expect(comparisonPending(10)).toBe(
      'There is no comparison with other providers yet: it needs at least 10 care providers to have taken this audit, and fewer have so far.',
    );
    expect(comparisonPending(1)).toContain('at least 1 care provider to have');
    for (const n of [1, 2, 10, 1_000_000])
      expect(comparisonPending(n)).not.toMatch(/will appear|once enough/i);
  });
});
