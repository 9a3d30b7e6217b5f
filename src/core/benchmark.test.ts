import { describe, expect, it } from 'vitest';
import {
  COMPARISON_PENDING,
  medianText,
  POSITIONS,
  positionFor,
  positionLabel,
  type AreaBenchmark,
  type Position,
} from './benchmark';

const SPREAD: AreaBenchmark = { lowerQuartile: 40, median: 60, upperQuartile: 80 };

describe('positionFor: which quarter of others a score falls in', () => {
  it.each<[number, Position]>([
    [0, 'lower_quarter'],
    [39, 'lower_quarter'],
    [40, 'second_quarter'], // on the lower quartile: not the bottom
    [59, 'second_quarter'],
    [60, 'third_quarter'], // on the median: the upper half
    [79, 'third_quarter'],
    [80, 'third_quarter'], // on the upper quartile: not the top
    [81, 'top_quarter'],
    [100, 'top_quarter'],
  ])('%i against 40 / 60 / 80 → %s', (score, position) => {
    expect(positionFor(score, SPREAD)).toBe(position);
  });

  it.each<[number, Position]>([
    [59, 'lower_quarter'],
    [60, 'third_quarter'],
    [61, 'top_quarter'],
  ])('when everyone else scored 60, %i → %s', (score, position) => {
    expect(positionFor(score, { lowerQuartile: 60, median: 60, upperQuartile: 60 })).toBe(position);
  });

  it('a lower quartile equal to the median: on it is the upper half', () => {
    const tied = { lowerQuartile: 60, median: 60, upperQuartile: 72 };
    expect(positionFor(59, tied)).toBe('lower_quarter');
    expect(positionFor(60, tied)).toBe('third_quarter');
    expect(positionFor(72, tied)).toBe('third_quarter');
    expect(positionFor(73, tied)).toBe('top_quarter');
  });
});

describe('the words of a comparison', () => {
  it('labels the four quarters', () => {
    expect(POSITIONS.map((p) => positionLabel(p.id))).toEqual([
      'Lower quarter',
      'Second quarter',
      'Third quarter',
      'Top quarter',
    ]);
  });

  it('states the median of providers like you', () => {
    expect(medianText(64)).toBe('Providers like you: median 64%');
    expect(medianText(0)).toBe('Providers like you: median 0%');
  });

  it('says comparisons come later below the threshold, with no figure in it', () => {
    expect(COMPARISON_PENDING).toBe(
      'Comparisons with other providers will appear here once enough providers have taken part.',
    );
    expect(COMPARISON_PENDING).not.toMatch(/\d/);
  });
});
