import { describe, expect, it } from 'vitest';
import { AREA_IDS, buildReport, type Rating, type Responses } from '../../core';
import { summarySentence } from './pdf-words';

/** Each area's five answers all set to that area's rating, in the audit's order. */
function areasRated(...ratings: [Rating, Rating, Rating, Rating, Rating]): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id, i) => {
      const r = ratings[i];
      return [id, { 0: r, 1: r, 2: r, 3: r, 4: r }];
    }),
  );
}

describe('summarySentence: the strongest and the weakest areas, never "most to gain" at 80%+', () => {
  it.each([1, 3, 5] as const)('every answer %i: all five areas at one score, no area singled out', (r) => {
    const sentence = summarySentence(buildReport(areasRated(r, r, r, r, r)));
    expect(sentence).toMatch(new RegExp(`All five areas scored ${r * 20}%\\.$`));
    expect(sentence).not.toMatch(/most to gain|strongest/);
  });

  it('one weak area among strong ones: it has the most to gain', () => {
    expect(summarySentence(buildReport(areasRated(5, 5, 5, 5, 2)))).toBe(
      'Your overall score is 88% (Excellent). Your strongest areas are Operational Efficiency, Compliance & Regulations, Service Quality and Staff Training & Support (100% each); Data Management (40%) has the most to gain.',
    );
  });

  it('every area at 80% or more but not equal: the lowest is named as the lowest, still Excellent', () => {
    expect(summarySentence(buildReport(areasRated(5, 4, 5, 5, 5)))).toBe(
      'Your overall score is 96% (Excellent). Your strongest areas are Operational Efficiency, Service Quality, Staff Training & Support and Data Management (100% each); Compliance & Regulations (80%) is your lowest, still Excellent.',
    );
    expect(summarySentence(buildReport(areasRated(4, 4, 5, 5, 5)))).toMatch(
      /Operational Efficiency and Compliance & Regulations \(80% each\) are your lowest, still Excellent\.$/,
    );
  });

  it('the weakest just under 80% still has the most to gain', () => {
    const responses = areasRated(5, 5, 5, 5, 4);
    responses.data = { 0: 4, 1: 4, 2: 4, 3: 4, 4: 3 }; // 76%
    expect(summarySentence(buildReport(responses))).toMatch(
      /Data Management \(76%\) has the most to gain\.$/,
    );
  });
});
