import { describe, expect, it } from 'vitest';
import { AREAS, type AreaId } from '../areas';
import type { Rating, Responses } from '../responses';
import { CONTENT_V1, bandHeading, recommendationsIntro } from '../content';
import { bandFor, bandRange, type Band } from './bands';
import { keyQuestionScores, NOT_A_CQC_RATING } from './key-question-scores';
import { MAX_PRIORITIES, prioritiesFor } from './priorities';
import { STATEMENT_INSIGHTS } from './statements';

/** Every statement rated `rating`, then the given overrides. */
function allRated(
  rating: Rating,
  overrides: Partial<Record<AreaId, Record<number, Rating>>> = {},
): Responses {
  const responses: Responses = {};
  for (const area of AREAS) {
    responses[area.id] = { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating, ...overrides[area.id] };
  }
  return responses;
}

describe('bandFor: foundations below 60, next steps 60–79, sustain 80 and over', () => {
  it.each<[number, Band]>([
    [0, 'foundations'],
    [20, 'foundations'],
    [59, 'foundations'],
    [60, 'next_steps'],
    [79, 'next_steps'],
    [80, 'sustain'],
    [100, 'sustain'],
  ])('%i per cent → %s', (percent, band) => {
    expect(bandFor(percent)).toBe(band);
  });

  it('names each band and introduces the list as "check" only at 80% and over', () => {
    expect(bandHeading(CONTENT_V1, 'foundations')).toBe('Build the foundations');
    expect(bandHeading(CONTENT_V1, 'next_steps')).toBe('Take the next steps');
    expect(bandHeading(CONTENT_V1, 'sustain')).toBe('Sustain and optimise');
    expect(recommendationsIntro(CONTENT_V1, bandFor(79))).toBe('What we recommend you put in place:');
    expect(recommendationsIntro(CONTENT_V1, bandFor(59))).toBe('What we recommend you put in place:');
    expect(recommendationsIntro(CONTENT_V1, bandFor(80))).toBe(
      'You score well here. Check that each of these is in place and working well:',
    );
  });

  it('states the scores each band covers, from its thresholds', () => {
    expect(bandRange('foundations')).toBe('Below 60%');
    expect(bandRange('next_steps')).toBe('60–79%');
    expect(bandRange('sustain')).toBe('80% and above');
  });
});

describe('prioritiesFor: statements rated 1–2, lowest first, areas taking turns on ties, at most five', () => {
  const keys = (responses: Responses) =>
    prioritiesFor(responses, CONTENT_V1).map((p) => `${p.areaId}:${p.question}`);

  it('has none when every statement is rated 3 or more (all 3s, all 4s, all 5s)', () => {
    expect(prioritiesFor(allRated(3), CONTENT_V1)).toEqual([]);
    expect(prioritiesFor(allRated(4), CONTENT_V1)).toEqual([]);
    expect(prioritiesFor(allRated(5), CONTENT_V1)).toEqual([]);
  });

  it('has none for an audit with no answers', () => {
    expect(prioritiesFor({}, CONTENT_V1)).toEqual([]);
  });

  it('takes 1s before 2s; among equal ratings each area in turn, the weaker area first', () => {
    const responses = allRated(4, {
      operational: { 1: 2, 4: 2 }, // 64%
      compliance: { 2: 1 }, // 68%
      quality: { 3: 3 }, // 76%
      training: { 0: 2, 1: 2 }, // 64%
      data: { 0: 1, 4: 2 }, // 60%
    });
    expect(prioritiesFor(responses, CONTENT_V1).map((p) => [p.areaId, p.question, p.rating])).toEqual([
      // The 1s, one turn: data (60%) before compliance (68%).
      ['data', 0, 1],
      ['compliance', 2, 1],
      // The 2s, first turn: data (60%) before operational and training (64% each, in audit order).
      ['data', 4, 2],
      ['operational', 1, 2],
      ['training', 0, 2],
    ]);
    expect(MAX_PRIORITIES).toBe(5);
  });

  it('every statement rated 1: one statement from each of the five areas, not one area’s five', () => {
    expect(keys(allRated(1))).toEqual(['operational:0', 'compliance:0', 'quality:0', 'training:0', 'data:0']);
  });

  it('every statement rated 2: the same spread, each area’s first statement', () => {
    expect(keys(allRated(2))).toEqual(keys(allRated(1)));
    expect(new Set(prioritiesFor(allRated(2), CONTENT_V1).map((p) => p.areaId)).size).toBe(5);
  });

  it('a near-tie: all 1s but one area’s 1s start later, still one from each area', () => {
    // Operational's first 1 is its fourth statement; the rest of its answers are 2s.
    const responses = allRated(1, { operational: { 0: 2, 1: 2, 2: 2 } });
    expect(keys(responses)).toEqual([
      'compliance:0',
      'quality:0',
      'training:0',
      'data:0',
      // Operational (28%) is the strongest of the five, so it comes last in the first turn.
      'operational:3',
    ]);
  });

  it('a near-tie of area scores decides the order within a turn, not the audit order', () => {
    // Every statement 2, but one 3 each in operational and compliance: 44% against the others' 40%.
    const responses = allRated(2, { operational: { 4: 3 }, compliance: { 4: 3 } });
    expect(keys(responses)).toEqual(['quality:0', 'training:0', 'data:0', 'operational:0', 'compliance:0']);
  });

  it('two weak areas only: they alternate until five are named', () => {
    const responses = allRated(5, {
      training: { 0: 1, 1: 1, 2: 1, 3: 1, 4: 1 },
      data: { 0: 1, 1: 1, 2: 1 },
    });
    expect(keys(responses)).toEqual(['training:0', 'data:0', 'training:1', 'data:1', 'training:2']);
  });

  it('with exactly five weak statements shows all five; a 3 is never a priority', () => {
    const responses = allRated(3, { quality: { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2 } });
    expect(prioritiesFor(responses, CONTENT_V1).map((p) => p.question)).toEqual([0, 1, 2, 3, 4]);
  });

  it('carries the statement, its label, next step, key questions and DSPT standard', () => {
    const [priority] = prioritiesFor(allRated(5, { compliance: { 4: 1 } }), CONTENT_V1);
    const insight = STATEMENT_INSIGHTS.compliance[4];
    expect(priority).toEqual({
      areaId: 'compliance',
      areaTitle: 'Compliance & Regulations',
      question: 4,
      statement: 'Personal and care records are protected by strong, regularly tested security controls.',
      label: insight?.label,
      rating: 1,
      nextStep: insight?.nextStep,
      keyQuestions: ['Safe', 'Well-led'],
      dspt: 9,
    });
    const [withoutDspt] = prioritiesFor(allRated(5, { operational: { 0: 2 } }), CONTENT_V1);
    expect(withoutDspt).not.toHaveProperty('dspt');
  });
});

describe('keyQuestionScores: mean rating of each key question’s statements × 20', () => {
  it('counts how many statements give evidence for each key question', () => {
    expect(keyQuestionScores({}, CONTENT_V1).map((k) => [k.keyQuestion, k.statements, k.score])).toEqual([
      ['Safe', 12, 0],
      ['Effective', 12, 0],
      ['Caring', 2, 0],
      ['Responsive', 6, 0],
      ['Well-led', 16, 0],
    ]);
  });

  it('a hand-worked case: all 4s, the evidence statement 5, care plans 1, response times 2', () => {
    // Caring: the evidence statement (5) and personalised care plans (1): 3 × 20 = 60.
    // Responsive: referrals tracked 4, response times 2, evidence 5, care plans 1, outcomes 4,
    //   feedback 4: 20 / 6 × 20 = 66.7 → 67.
    // Safe and Effective: eleven 4s and the evidence 5: 49 / 12 × 20 = 81.7 → 82.
    // Well-led: fifteen 4s and the evidence 5: 65 / 16 × 20 = 81.25 → 81.
    const responses = allRated(4, { compliance: { 3: 5 }, quality: { 0: 1 }, operational: { 4: 2 } });
    expect(keyQuestionScores(responses, CONTENT_V1).map((k) => [k.keyQuestion, k.score])).toEqual([
      ['Safe', 82],
      ['Effective', 82],
      ['Caring', 60],
      ['Responsive', 67],
      ['Well-led', 81],
    ]);
  });

  it('leaves unanswered statements out of the mean', () => {
    // Only the two Caring statements answered: Caring from them; the others from what is rated.
    const scores = keyQuestionScores({ compliance: { 3: 2 }, quality: { 0: 4 } }, CONTENT_V1);
    expect(scores.find((k) => k.keyQuestion === 'Caring')?.score).toBe(60);
    expect(scores.find((k) => k.keyQuestion === 'Well-led')?.score).toBe(40);
    expect(scores.find((k) => k.keyQuestion === 'Responsive')?.score).toBe(60);
  });

  it('says plainly it is not a CQC rating', () => {
    expect(NOT_A_CQC_RATING).toBe('This is not a CQC rating');
  });
});

describe('keyQuestionScores: the framework items a version maps its statements to', () => {
  it('lists none in version 1, which maps no statement', () => {
    for (const kq of keyQuestionScores(allRated(3), CONTENT_V1)) expect(kq.evidenceFor).toEqual([]);
  });

  it('lists each mapped item once, under its own key question, in the framework’s order', () => {
    const content = structuredClone(CONTENT_V1);
    // Two statements name Safeguarding; one names an Effective item and a Safe one.
    content.areas[0]!.statements[2]!.frameworkItems = ['safe-3'];
    content.areas[1]!.statements[4]!.frameworkItems = ['safe-3', 'safe-1'];
    content.areas[2]!.statements[1]!.frameworkItems = ['effective-5'];
    const byQuestion = Object.fromEntries(
      keyQuestionScores(allRated(3), content).map((kq) => [kq.keyQuestion, kq.evidenceFor]),
    );
    expect(byQuestion).toEqual({
      Safe: ['Learning culture', 'Safeguarding'],
      Effective: ['Monitoring and improving outcomes'],
      Caring: [],
      Responsive: [],
      'Well-led': [],
    });
  });
});
