import { describe, expect, it } from 'vitest';
import { AREAS, type AreaId } from './areas';
import type { AreaBenchmark, Benchmark } from './benchmark';
import { AREA_ADVICE } from './insight';
import { buildReport, reportFileName, signedChange, type EarlierResult } from './report';
import type { Rating, Responses } from './responses';
import { CONTENT_V1 } from './content';
import { teamView } from './team-view';

/** Each area's five statements rated as given, in area order. */
function rated(ratings: Record<AreaId, [Rating, Rating, Rating, Rating, Rating]>): Responses {
  const responses: Responses = {};
  for (const area of AREAS) responses[area.id] = { ...ratings[area.id] };
  return responses;
}

// Area scores 56, 60, 76, 80 and 100: either side of each band edge a whole area can reach.
const EDGES = rated({
  operational: [3, 3, 3, 3, 2], // 56
  compliance: [3, 3, 3, 3, 3], // 60
  quality: [4, 4, 4, 4, 3], // 76
  training: [4, 4, 4, 4, 4], // 80
  data: [5, 5, 5, 5, 5], // 100
});

const FIGURES: AreaBenchmark = { lowerQuartile: 60, median: 68, upperQuartile: 80 };
const EVERY_AREA = Object.fromEntries(AREAS.map((a) => [a.id, FIGURES])) as Record<AreaId, AreaBenchmark>;

describe('buildReport', () => {
  it('a report with no answers at all: every score 0, "Needs Improvement", red', () => {
    const report = buildReport({}, new Date('2026-11-22T09:00:00Z'));
    expect(report.overall).toEqual({ score: 0, rating: 'Needs Improvement', tone: 'red' });
    expect(report.areas.map((a) => [a.id, a.score, a.rating])).toEqual(
      AREAS.map((a) => [a.id, 0, 'Needs Improvement']),
    );
  });

  it('scores each area from its answers and carries its title and recommendations', () => {
    const report = buildReport({ compliance: { 0: 5, 1: 5, 2: 4, 3: 4, 4: 4 } });
    const compliance = report.areas.find((a) => a.id === 'compliance');
    expect(compliance).toMatchObject({ title: 'Compliance & Regulations', score: 88, rating: 'Excellent' });
    expect(compliance?.recommendations).toEqual([
      'Set up automated GDPR compliance monitoring',
      'Implement real-time regulatory tracking',
      'Deploy CQC readiness dashboard',
    ]);
    expect(report.overall.score).toBe(18);
  });

  it('has five areas of five statements and three recommendations each', () => {
    expect(AREAS.map((a) => a.id)).toEqual(['operational', 'compliance', 'quality', 'training', 'data']);
    for (const area of AREAS) {
      expect(area.questions).toHaveLength(5);
      expect(area.recommendations).toHaveLength(3);
    }
  });
});

describe('buildReport: the answers, for the appendix', () => {
  it("lists all 25 statements in the audit's order, each with the rating given", () => {
    const report = buildReport({ compliance: { 0: 5, 4: 1 } });
    expect(report.answers.map((a) => a.id)).toEqual(AREAS.map((a) => a.id));
    expect(report.answers.flatMap((a) => a.statements)).toHaveLength(25);
    const compliance = report.answers[1];
    expect(compliance.title).toBe('Compliance & Regulations');
    expect(compliance.statements.map((s) => s.text)).toEqual(AREAS[1].questions);
    expect(compliance.statements.map((s) => s.rating)).toEqual([5, undefined, undefined, undefined, 1]);
  });

  it('leaves out a rating that is not 1–5 rather than print it', () => {
    const report = buildReport({ data: { 0: 7 as never, 1: 0 as never, 2: 3 } });
    expect(report.answers[4].statements.map((s) => s.rating)).toEqual([
      undefined,
      undefined,
      3,
      undefined,
      undefined,
    ]);
  });
});

describe('buildReport: band advice and the recommendations intro follow each area score', () => {
  it('56 and 60, 76 and 80: the band changes at 60 and at 80', () => {
    const report = buildReport(EDGES);
    expect(report.areas.map((a) => [a.id, a.score, a.band])).toEqual([
      ['operational', 56, 'foundations'],
      ['compliance', 60, 'next_steps'],
      ['quality', 76, 'next_steps'],
      ['training', 80, 'sustain'],
      ['data', 100, 'sustain'],
    ]);
    for (const area of report.areas) {
      expect(area.advice.text).toBe(AREA_ADVICE[area.id][area.band]);
      // The spec's list stays word for word in every band.
      expect(area.recommendations).toEqual(AREAS.find((a) => a.id === area.id)?.recommendations);
    }
    expect(report.areas[0]?.advice.heading).toBe('Build the foundations');
    expect(report.areas[2]?.recommendationsIntro).toBe('What we recommend you put in place:');
    expect(report.areas[3]?.advice.heading).toBe('Sustain and optimise');
    expect(report.areas[3]?.recommendationsIntro).toMatch(/^You score well here\. Check/);
  });

  it('an audit with no answers: every area is "foundations", no priorities, every key question 0', () => {
    const report = buildReport({});
    expect(report.areas.every((a) => a.band === 'foundations')).toBe(true);
    expect(report.priorities).toEqual([]);
    expect(report.keyQuestions.map((k) => k.score)).toEqual([0, 0, 0, 0, 0]);
  });

  it('different answers give different priorities and advice', () => {
    const first = buildReport(EDGES);
    const second = buildReport(
      rated({
        operational: [5, 5, 5, 5, 5],
        compliance: [1, 2, 4, 4, 4],
        quality: [4, 4, 4, 4, 4],
        training: [2, 3, 3, 3, 3],
        data: [3, 3, 3, 3, 3],
      }),
    );
    expect(first.priorities.map((p) => `${p.areaId}:${p.question}`)).toEqual(['operational:4']);
    expect(second.priorities.map((p) => `${p.areaId}:${p.question}`)).toEqual([
      'compliance:0',
      // The 2s, one per area in turn, the weaker area first: training (56%), then compliance (60%).
      'training:0',
      'compliance:1',
    ]);
    expect(second.areas[0]?.advice.text).not.toBe(first.areas[0]?.advice.text);
  });
});

describe('buildReport with a benchmark', () => {
  it('without one says nothing about other providers', () => {
    const report = buildReport(EDGES);
    expect(report).not.toHaveProperty('comparison');
    for (const area of report.areas) expect(area).not.toHaveProperty('comparison');
  });

  it('too few audits: the report says so and no area has figures', () => {
    const report = buildReport(EDGES, undefined, { benchmark: { status: 'too_few', minResponses: 10 } });
    expect(report.comparison).toEqual({ status: 'too_few', minResponses: 10 });
    for (const area of report.areas) expect(area).not.toHaveProperty('comparison');
  });

  it('the visitor’s segment: each area’s median and quarter, against providers like them', () => {
    const benchmark: Benchmark = {
      status: 'available',
      basis: 'segment',
      profile: { serviceType: 'residential', size: '25_99' },
      responses: 12,
      areas: EVERY_AREA,
    };
    const report = buildReport(EDGES, undefined, { benchmark });
    expect(report.comparison).toEqual({
      status: 'shown',
      basis: 'segment',
      comparedWith: 'residential care providers supporting 25–99 people',
      responses: 12,
    });
    const segment = { basis: 'segment', median: 68 };
    expect(report.areas.map((a) => [a.score, a.comparison])).toEqual([
      [56, { ...segment, position: 'lower_quarter', positionLabel: 'Lower quarter' }],
      [60, { ...segment, position: 'second_quarter', positionLabel: 'Second quarter' }],
      [76, { ...segment, position: 'third_quarter', positionLabel: 'Third quarter' }],
      [80, { ...segment, position: 'third_quarter', positionLabel: 'Third quarter' }],
      [100, { ...segment, position: 'top_quarter', positionLabel: 'Top quarter' }],
    ]);
  });

  it('the segment had too few, so all providers: compared with "care providers", in every area', () => {
    const benchmark: Benchmark = {
      status: 'available',
      basis: 'all',
      profile: {},
      responses: 40,
      areas: { ...EVERY_AREA, data: { lowerQuartile: 90, median: 100, upperQuartile: 100 } },
    };
    const report = buildReport(EDGES, undefined, { benchmark });
    expect(report.comparison).toEqual({
      status: 'shown',
      basis: 'all',
      comparedWith: 'care providers',
      responses: 40,
    });
    // Each area carries the basis, so its own line can say "All providers", never "Providers like you".
    expect(report.areas.map((a) => a.comparison?.basis)).toEqual(['all', 'all', 'all', 'all', 'all']);
    expect(report.areas[4]?.comparison).toEqual({
      basis: 'all',
      median: 100,
      position: 'on_median',
      positionLabel: 'On the median',
    });
  });

  it('a score on the median, or on a quartile, against the segment', () => {
    const benchmark: Benchmark = {
      status: 'available',
      basis: 'segment',
      profile: { serviceType: 'home_care' },
      responses: 10,
      areas: {
        operational: { lowerQuartile: 56, median: 64, upperQuartile: 72 }, // 56: on the lower quartile
        compliance: { lowerQuartile: 48, median: 60, upperQuartile: 72 }, // 60: on the median
        quality: { lowerQuartile: 60, median: 68, upperQuartile: 76 }, // 76: on the upper quartile
        training: { lowerQuartile: 80, median: 80, upperQuartile: 80 }, // 80: everyone's score
        data: { lowerQuartile: 92, median: 100, upperQuartile: 100 }, // 100: median and upper quartile
      },
    };
    const report = buildReport(EDGES, undefined, { benchmark });
    expect(report.areas.map((a) => [a.score, a.comparison?.basis, a.comparison?.positionLabel])).toEqual([
      [56, 'segment', 'Second quarter'],
      [60, 'segment', 'On the median'],
      [76, 'segment', 'Third quarter'],
      [80, 'segment', 'On the median'],
      [100, 'segment', 'On the median'],
    ]);
  });
});

describe('buildReport for a retake: the change since the earlier result', () => {
  const earlier: EarlierResult = {
    takenOn: '2026-10-01',
    scores: { operational: 48, compliance: 60, quality: 84, training: 80, data: 20 },
    overall: 58,
  };

  it('per area and overall, in points, with the earlier date', () => {
    const report = buildReport(EDGES, undefined, { earlier });
    expect(report.areas.map((a) => [a.id, a.change])).toEqual([
      ['operational', 8],
      ['compliance', 0],
      ['quality', -8],
      ['training', 0],
      ['data', 80],
    ]);
    expect(report.overall.score).toBe(74);
    expect(report.overall.change).toBe(16);
    expect(report.earlier).toEqual({ takenOn: '2026-10-01' });
  });

  it('not a retake: no change anywhere', () => {
    const report = buildReport(EDGES);
    expect(report).not.toHaveProperty('earlier');
    expect(report.overall).not.toHaveProperty('change');
    for (const area of report.areas) expect(area).not.toHaveProperty('change');
  });
});

describe('signedChange', () => {
  it.each([
    [8, '+8'],
    [1, '+1'],
    [0, '0'],
    [-1, '−1'],
    [-40, '−40'],
    [100, '+100'],
  ])('%i → %s', (points, text) => {
    expect(signedChange(points)).toBe(text);
  });

  it('uses a true minus sign, not a hyphen', () => {
    expect(signedChange(-4).codePointAt(0)).toBe(0x2212);
  });
});

describe('reportFileName', () => {
  it.each([
    ['2026-11-22T10:00:00Z', 'care-management-audit-report-2026-11-22.pdf'],
    ['2027-01-03T23:59:59Z', 'care-management-audit-report-2027-01-03.pdf'],
  ])('%s → %s', (iso, name) => {
    expect(reportFileName(new Date(iso))).toBe(name);
  });
});

describe('buildReport with a team audit’s view', () => {
  const answers = (count: number) => Array.from({ length: count }, () => ({ responses: EDGES }));

  it('carries the view over 3 respondents or more, for the PDF’s page', () => {
    const view = teamView(answers(3), EDGES, CONTENT_V1)!;
    expect(buildReport(EDGES, new Date(), { team: view }).team).toBe(view);
    expect(buildReport(EDGES, new Date()).team).toBeUndefined();
  });

  it('drops a view over fewer than 3, however it was made: a figure could be one colleague’s', () => {
    const view = teamView(answers(3), EDGES, CONTENT_V1)!;
    expect(buildReport(EDGES, new Date(), { team: { ...view, respondents: 2 } }).team).toBeUndefined();
  });
});
