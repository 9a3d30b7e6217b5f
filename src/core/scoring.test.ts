import { describe, expect, it } from 'vitest';
import type { AreaAnswers, Responses } from './responses';
import { overallScore, scoreArea, scoreAreas } from './scoring';

describe('scoreArea: mean of the answers × 20, rounded; 0 with no answers', () => {
  it.each<[string, AreaAnswers | undefined, number]>([
    ['no answers at all', undefined, 0],
    ['an empty area', {}, 0],
    ['all 1s', { 0: 1, 1: 1, 2: 1, 3: 1, 4: 1 }, 20],
    ['all 5s', { 0: 5, 1: 5, 2: 5, 3: 5, 4: 5 }, 100],
    ['1 to 5 once each', { 0: 1, 1: 2, 2: 3, 3: 4, 4: 5 }, 60],
    ['mean 3.4 → 68', { 0: 3, 1: 3, 2: 4, 3: 4, 4: 3 }, 68],
    ['only some answered: mean of those', { 0: 4, 3: 5 }, 90],
    ['one answer', { 2: 2 }, 40],
    ['mean 4/3 → 26.67 rounds to 27', { 0: 1, 1: 1, 2: 2 }, 27],
  ])('%s', (_name, answers, expected) => {
    expect(scoreArea(answers)).toBe(expected);
  });
});

describe('overallScore: mean of the five area scores, rounded', () => {
  it.each<[string, Responses, number]>([
    ['no answers: every area 0', {}, 0],
    ['all 5s', fill(5), 100],
    ['all 3s', fill(3), 60],
    ['one area of 5s, the rest empty', { operational: { 0: 5, 1: 5, 2: 5, 3: 5, 4: 5 } }, 20],
    [
      'mixed: 100, 80, 60, 40, 20 → 60',
      {
        operational: fillArea(5),
        compliance: fillArea(4),
        quality: fillArea(3),
        training: fillArea(2),
        data: fillArea(1),
      },
      60,
    ],
    [
      'rounding: 68, 72, 60, 60, 60 → 64',
      {
        operational: { 0: 3, 1: 3, 2: 4, 3: 4, 4: 3 },
        compliance: { 0: 4, 1: 4, 2: 3, 3: 3, 4: 4 },
        quality: fillArea(3),
        training: fillArea(3),
        data: fillArea(3),
      },
      64,
    ],
  ])('%s', (_name, responses, expected) => {
    expect(overallScore(scoreAreas(responses))).toBe(expected);
  });
});

function fillArea(rating: 1 | 2 | 3 | 4 | 5): AreaAnswers {
  return { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating };
}

function fill(rating: 1 | 2 | 3 | 4 | 5): Responses {
  return {
    operational: fillArea(rating),
    compliance: fillArea(rating),
    quality: fillArea(rating),
    training: fillArea(rating),
    data: fillArea(rating),
  };
}
