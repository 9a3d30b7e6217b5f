import { describe, expect, it } from 'vitest';
import { AREAS } from '../areas';
import { AREA_ADVICE } from './area-advice';
import { CONTENT_V1, recommendationsIntro } from '../content';
import { BANDS } from './bands';
import { DSPT_STANDARDS, KEY_QUESTIONS, dsptStandardName } from './key-questions';
import { STATEMENT_INSIGHTS } from './statements';

// Every piece of text the insight shows a care manager, in one list, for the wording checks.
function allText(): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  for (const area of AREAS) {
    STATEMENT_INSIGHTS[area.id].forEach((insight, i) => {
      texts.push({ where: `${area.id}[${i}].label`, text: insight.label });
      texts.push({ where: `${area.id}[${i}].nextStep`, text: insight.nextStep });
    });
    for (const band of BANDS)
      texts.push({ where: `${area.id}.${band.id}`, text: AREA_ADVICE[area.id][band.id] });
  }
  for (const band of BANDS) {
    texts.push({ where: `heading ${band.id}`, text: band.heading });
    texts.push({ where: `intro ${band.id}`, text: recommendationsIntro(CONTENT_V1, band.id) });
  }
  return texts;
}

describe('the insight content is complete', () => {
  it.each(AREAS.map((area) => [area.id, area] as const))(
    '%s: one insight per statement, each with a label, key questions and a next step',
    (_id, area) => {
      const insights = STATEMENT_INSIGHTS[area.id];
      expect(insights).toHaveLength(area.questions.length);
      for (const insight of insights) {
        expect(insight.label.trim().length).toBeGreaterThan(0);
        expect(insight.nextStep.trim().length).toBeGreaterThan(40);
        expect(insight.keyQuestions.length).toBeGreaterThan(0);
        for (const kq of insight.keyQuestions) expect(KEY_QUESTIONS).toContain(kq);
        expect(new Set(insight.keyQuestions).size).toBe(insight.keyQuestions.length);
        if (insight.dspt !== undefined) expect(Object.keys(DSPT_STANDARDS)).toContain(String(insight.dspt));
      }
    },
  );

  it('has 25 statement insights with 25 different labels', () => {
    const labels = AREAS.flatMap((area) => STATEMENT_INSIGHTS[area.id].map((i) => i.label));
    expect(labels).toHaveLength(25);
    expect(new Set(labels).size).toBe(25);
  });

  it('has advice for every area in every band, different for each band', () => {
    for (const area of AREAS) {
      const advice = BANDS.map((band) => AREA_ADVICE[area.id][band.id]);
      for (const text of advice) expect(text.trim().length).toBeGreaterThan(40);
      expect(new Set(advice).size).toBe(BANDS.length);
    }
    expect(Object.keys(AREA_ADVICE).sort()).toEqual(AREAS.map((a) => a.id).sort());
  });

  it('gives every CQC key question evidence from at least two statements', () => {
    for (const kq of KEY_QUESTIONS) {
      const count = AREAS.flatMap((a) => STATEMENT_INSIGHTS[a.id]).filter((i) =>
        i.keyQuestions.includes(kq),
      ).length;
      expect(count, kq).toBeGreaterThanOrEqual(2);
    }
  });

  it('maps the security statements to the DSPT standards they belong to', () => {
    const dspt = (areaId: 'compliance' | 'data' | 'training', q: number) =>
      STATEMENT_INSIGHTS[areaId][q]?.dspt;
    expect(dspt('compliance', 1)).toBe(1); // consent, retention, subject access: personal confidential data
    expect(dspt('compliance', 4)).toBe(9); // security controls: IT protection
    expect(dspt('data', 1)).toBe(4); // staff reach records by role: managing data access
    expect(dspt('data', 4)).toBe(7); // storage and retrieval when systems fail: continuity planning
    expect(dspt('training', 0)).toBe(3); // yearly data security training
  });

  it('names a DSPT standard by number and title', () => {
    expect(dsptStandardName(9)).toBe('DSPT standard 9: IT protection');
    expect(dsptStandardName(1)).toBe('DSPT standard 1: Personal confidential data');
  });
});

describe('the insight content is written plainly, in British English', () => {
  it('every sentence ends with a full stop (labels and headings have none)', () => {
    for (const { where, text } of allText()) {
      if (where.endsWith('.label') || where.startsWith('heading')) expect(text, where).not.toMatch(/[.:]$/);
      else expect(text, where).toMatch(/[.:]$/);
      expect(text, where).toBe(text.trim());
      expect(text, where).not.toMatch(/ {2}|'/); // typographic apostrophes only
    }
  });

  it.each([
    [
      'American spellings',
      /(?:organiz|prioritiz|optimiz|personaliz|recogniz|realiz|minimiz|maximiz|standardiz|digitiz|analyz|summariz|authoriz|customiz|utiliz|categoriz|emphasiz|color|center\b|behavior|program\b|enroll\b|fulfill\b|catalog\b)/i,
    ],
    [
      'American care words',
      /\b(?:caregiver|elder care|senior care\b|assisted living|facility|facilities|patients?\b|vacation|gotten|cell phone|Medicaid|Medicare)/i,
    ],
    [
      'hype',
      /\b(?:revolution|game[- ]chang|cutting[- ]edge|seamless|leverage|unlock|supercharg|world[- ]class|best[- ]in[- ]class|transformative|synerg|AI-powered)/i,
    ],
    ['exclamation marks', /!/],
  ])('has no %s', (_kind, pattern) => {
    for (const { where, text } of allText()) expect(text, where).not.toMatch(pattern);
  });

  it('uses the words of UK adult social care', () => {
    const everything = allText()
      .map((t) => t.text)
      .join(' ');
    for (const word of [
      'care plan',
      'rota',
      'CQC',
      'Data Security and Protection Toolkit',
      'registered manager',
      'digital social care record',
      'supervision',
      'Skills for Care',
    ]) {
      expect(everything).toContain(word);
    }
  });
});
