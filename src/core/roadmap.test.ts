import { CONTENT_V1 } from './content';
import { describe, expect, it } from 'vitest';
import { AREA_IDS, AREAS, type AreaId } from './areas';
import { AREA_ADVICE, BANDS, bandFor } from './insight';
import { buildReport } from './report';
import type { Rating, Responses } from './responses';
import { PLAN_MONTHS, roadmapFor, type Roadmap } from './roadmap';
import type { AreaScores } from './scoring';

/** Scores in the audit's area order: operational, compliance, quality, training, data. */
function scores(...values: [number, number, number, number, number]): AreaScores {
  return Object.fromEntries(AREA_IDS.map((id, i) => [id, values[i]])) as AreaScores;
}

function everyAnswer(rating: Rating): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]),
  );
}

const WEAK_WORDS = /start|foundation|most to gain/i;
const STRONG_WORDS = /sustain|optimi[sz]e/i;
const COUNT_WORDS = ['one', 'two', 'three'];

const BAND_ORDER = BANDS.map((band) => band.id);

/** The phase an area is in. */
function phaseOf(roadmap: Roadmap, id: AreaId) {
  return roadmap.phases.find((phase) => phase.areas.some((area) => area.id === id))!;
}

/**
 * What a roadmap says that its scores contradict, by the rules "advice never contradicts the
 * answers" sets: an empty list when it follows them all. A plain function rather than expect()
 * calls, so the property test below can check thousands of score sets quickly.
 */
function contradictions(areaScores: AreaScores, roadmap: Roadmap): string[] {
  const found: string[] = [];
  const check = (holds: boolean, rule: string) => {
    if (!holds) found.push(rule);
  };
  const listed = roadmap.phases.flatMap((phase) => phase.areas);
  const phaseIndex = (id: AreaId) => roadmap.phases.findIndex((p) => p.areas.some((a) => a.id === id));

  // Every area once, with its own score, weakest first.
  check(
    listed
      .map((a) => a.id)
      .sort()
      .join() === [...AREA_IDS].sort().join(),
    'every area once',
  );
  for (const area of listed) check(area.score === areaScores[area.id], `${area.id}: its own score`);
  listed.forEach((area, i) =>
    check(i === 0 || area.score >= listed[i - 1].score, `${area.id}: weakest first`),
  );

  // Equal scores share a phase.
  for (const a of AREA_IDS)
    for (const b of AREA_IDS)
      if (areaScores[a] === areaScores[b])
        check(phaseIndex(a) === phaseIndex(b), `${a}, ${b}: tie shares a phase`);

  // Phases: none empty, numbered from 1, one band each, bands rising, six months split evenly.
  const months = PLAN_MONTHS / roadmap.phases.length;
  roadmap.phases.forEach((phase, i) => {
    check(phase.areas.length > 0, `phase ${i + 1}: not empty`);
    check(phase.title.startsWith(`Phase ${i + 1}: `), `phase ${i + 1}: numbered`);
    check(phase.timeframe === `Months ${i * months + 1}–${(i + 1) * months}`, `phase ${i + 1}: timeframe`);
    for (const area of phase.areas) check(bandFor(area.score) === phase.band, `${area.id}: in its band`);
    check(
      i === 0 || BAND_ORDER.indexOf(phase.band) > BAND_ORDER.indexOf(roadmap.phases[i - 1].band),
      `phase ${i + 1}: bands rise`,
    );
  });

  // A phase's words never contradict a score in it.
  for (const id of AREA_IDS) {
    const title = roadmap.phases[phaseIndex(id)]?.title ?? '';
    if (areaScores[id] < 60) check(!STRONG_WORDS.test(title), `${id} below 60% under "${title}"`);
    if (areaScores[id] >= 80) check(!WEAK_WORDS.test(title), `${id} at 80%+ under "${title}"`);
  }

  // Each area's step: the spec's first recommendation word for word, or at 80%+ its sustain advice.
  for (const area of listed) {
    const spec = AREAS.find((a) => a.id === area.id);
    if (area.score >= 80) {
      check(area.step === AREA_ADVICE[area.id].sustain, `${area.id}: sustain advice`);
      check(!/\bimplement/i.test(area.step), `${area.id}: not told to implement`);
    } else check(area.step === spec?.recommendations[0], `${area.id}: the spec's first recommendation`);
  }

  // A plan to sustain once every area is at 80%+, an implementation roadmap otherwise.
  const allStrong = AREA_IDS.every((id) => areaScores[id] >= 80);
  check(roadmap.kind === (allStrong ? 'sustain' : 'implement'), `kind ${roadmap.kind}`);
  if (allStrong) {
    check(roadmap.heading === 'Your plan to sustain your results', `heading "${roadmap.heading}"`);
    check(!/implement|roadmap|most to gain/i.test(`${roadmap.heading} ${roadmap.intro}`), 'sustain words');
  } else check(roadmap.heading === 'Your implementation roadmap', `heading "${roadmap.heading}"`);

  // The intro never claims more (or fewer) phases than there are.
  const claimed = /\b(one|two|three) phases?\b/.exec(roadmap.intro);
  check(allStrong || claimed !== null, 'the intro says how many phases');
  if (claimed) check(COUNT_WORDS.indexOf(claimed[1]) + 1 === roadmap.phases.length, `intro: "${claimed[0]}"`);
  return found;
}

function expectFollowsScores(areaScores: AreaScores, roadmap: Roadmap): void {
  expect(contradictions(areaScores, roadmap), JSON.stringify(areaScores)).toEqual([]);
}

/** The phases as [title, timeframe, area ids]. */
function outline(roadmap: Roadmap): [string, string, AreaId[]][] {
  return roadmap.phases.map((phase) => [phase.title, phase.timeframe, phase.areas.map((a) => a.id)]);
}

describe('roadmapFor: phases follow the scores', () => {
  it('one phase per band present, weakest first, with the words of each band', () => {
    const given = scores(80, 96, 52, 68, 32);
    const roadmap = roadmapFor(given, CONTENT_V1);
    expectFollowsScores(given, roadmap);
    expect(outline(roadmap)).toEqual([
      ['Phase 1: Build the foundations', 'Months 1–2', ['data', 'quality']],
      ['Phase 2: Take the next steps', 'Months 3–4', ['training']],
      ['Phase 3: Sustain and optimise', 'Months 5–6', ['operational', 'compliance']],
    ]);
    expect(roadmap.heading).toBe('Your implementation roadmap');
    expect(roadmap.intro).toBe(
      'Weakest areas first, in three phases over six months: build the foundations where you score below 60%, then take the next steps where you score 60–79%, then sustain and optimise where you score 80% and above.',
    );
    expect(roadmap.phases[0].areas.map((a) => a.step)).toEqual([
      'Implement automated data validation',
      'Implement AI-generated personalised care plans',
    ]);
    expect(roadmap.phases[2].areas[0].step).toBe(AREA_ADVICE.operational.sustain);
  });

  describe.each([
    [59, 'foundations', 60],
    [60, 'next_steps', 59],
    [79, 'next_steps', 80],
    [80, 'sustain', 79],
  ] as const)('an area at %i is in the %s phase', (score, band, neighbour) => {
    it.each(AREA_IDS)('%s, with another area on the other side of the edge', (id) => {
      // The other areas: one just across the edge, the rest in the other bands.
      const others = [neighbour, 20, 70, 100];
      const given = Object.fromEntries(
        AREA_IDS.map((other) => [other, other === id ? score : others.shift()!]),
      ) as AreaScores;
      const roadmap = roadmapFor(given, CONTENT_V1);
      expectFollowsScores(given, roadmap);
      expect(phaseOf(roadmap, id).band).toBe(band);
      expect(phaseOf(roadmap, id).areas.map((a) => a.score)).not.toContain(neighbour);
    });
  });

  it.each([
    [0, 'Phase 1: Build the foundations', 'implement'],
    [20, 'Phase 1: Build the foundations', 'implement'],
    [40, 'Phase 1: Build the foundations', 'implement'],
    [60, 'Phase 1: Take the next steps', 'implement'],
    [80, 'Phase 1: Sustain and optimise', 'sustain'],
    [100, 'Phase 1: Sustain and optimise', 'sustain'],
  ] as const)('every area at %i%: one phase, "%s", a plan to %s', (score, title, kind) => {
    const given = scores(score, score, score, score, score);
    const roadmap = roadmapFor(given, CONTENT_V1);
    expectFollowsScores(given, roadmap);
    expect(outline(roadmap)).toEqual([[title, 'Months 1–6', [...AREA_IDS]]]);
    expect(roadmap.kind).toBe(kind);
    if (kind === 'implement')
      expect(roadmap.intro).toMatch(/^Weakest areas first, in one phase over six months: /);
  });

  it('every answer 1 (all 20%): the foundations for every area, nothing to "optimise and sustain"', () => {
    const { roadmap } = buildReport(everyAnswer(1));
    expect(outline(roadmap)).toEqual([['Phase 1: Build the foundations', 'Months 1–6', [...AREA_IDS]]]);
    expect(JSON.stringify(roadmap)).not.toMatch(STRONG_WORDS);
    expect(roadmap.intro).not.toMatch(/three phases/);
  });

  it('every answer 3 (all 60%): one phase of next steps for every area, nothing to sustain yet', () => {
    const { roadmap } = buildReport(everyAnswer(3));
    expect(outline(roadmap)).toEqual([['Phase 1: Take the next steps', 'Months 1–6', [...AREA_IDS]]]);
    expect(roadmap.kind).toBe('implement');
    expect(JSON.stringify(roadmap)).not.toMatch(/foundation|sustain and optimi[sz]e/i);
  });

  it.each([1, 2, 3, 4, 5] as const)(
    'every answer %i: each area named once with its own step, none left out by the tie',
    (rating) => {
      const { roadmap } = buildReport(everyAnswer(rating));
      const listed = roadmap.phases.flatMap((phase) => phase.areas);
      expect(listed.map((area) => area.id)).toEqual([...AREA_IDS]);
      expect(new Set(listed.map((area) => area.step)).size).toBe(AREA_IDS.length);
    },
  );

  it('every answer 5 (all 100%): a plan to sustain, never "start where you have most to gain"', () => {
    const { roadmap } = buildReport(everyAnswer(5));
    expect(roadmap.kind).toBe('sustain');
    expect(roadmap.heading).toBe('Your plan to sustain your results');
    expect(roadmap.intro).toBe(
      'Every area scores 80% or more, so there is nothing new to put in place. Over the next six months, keep what works, check that it is used and refine it, lowest score first.',
    );
    expect(outline(roadmap)).toEqual([['Phase 1: Sustain and optimise', 'Months 1–6', [...AREA_IDS]]]);
    expect(JSON.stringify(roadmap)).not.toMatch(/most to gain|foundation|\bimplement\b/i);
  });

  it('no answers at all (every area 0%): the foundations for every area', () => {
    const report = buildReport({});
    expectFollowsScores(scores(0, 0, 0, 0, 0), report.roadmap);
    expect(outline(report.roadmap)).toEqual([
      ['Phase 1: Build the foundations', 'Months 1–6', [...AREA_IDS]],
    ]);
  });

  it.each(AREA_IDS)('only %s weak (20%, the rest 100%): it first, then the rest to sustain', (id) => {
    const given = Object.fromEntries(AREA_IDS.map((other) => [other, other === id ? 20 : 100])) as AreaScores;
    const roadmap = roadmapFor(given, CONTENT_V1);
    expectFollowsScores(given, roadmap);
    expect(roadmap.kind).toBe('implement');
    expect(outline(roadmap)).toEqual([
      ['Phase 1: Build the foundations', 'Months 1–3', [id]],
      ['Phase 2: Sustain and optimise', 'Months 4–6', AREA_IDS.filter((other) => other !== id)],
    ]);
    expect(roadmap.intro).toBe(
      'Weakest areas first, in two phases over six months: build the foundations where you score below 60%, then sustain and optimise where you score 80% and above.',
    );
  });

  it('ties in two bands: each tie shares its phase, the audit order kept within it', () => {
    const given = scores(84, 40, 68, 40, 84);
    const roadmap = roadmapFor(given, CONTENT_V1);
    expectFollowsScores(given, roadmap);
    expect(outline(roadmap)).toEqual([
      ['Phase 1: Build the foundations', 'Months 1–2', ['compliance', 'training']],
      ['Phase 2: Take the next steps', 'Months 3–4', ['quality']],
      ['Phase 3: Sustain and optimise', 'Months 5–6', ['operational', 'data']],
    ]);
  });

  it('ties either side of a band edge: 56s together, 60s together, in their own phases', () => {
    const given = scores(60, 56, 60, 56, 64);
    const roadmap = roadmapFor(given, CONTENT_V1);
    expectFollowsScores(given, roadmap);
    expect(outline(roadmap)).toEqual([
      ['Phase 1: Build the foundations', 'Months 1–3', ['compliance', 'training']],
      ['Phase 2: Take the next steps', 'Months 4–6', ['operational', 'quality', 'data']],
    ]);
  });

  it('all at 80% or more but not equal: one phase to sustain, lowest first', () => {
    const given = scores(100, 80, 92, 84, 88);
    const roadmap = roadmapFor(given, CONTENT_V1);
    expectFollowsScores(given, roadmap);
    expect(roadmap.kind).toBe('sustain');
    expect(outline(roadmap)).toEqual([
      [
        'Phase 1: Sustain and optimise',
        'Months 1–6',
        ['compliance', 'training', 'data', 'quality', 'operational'],
      ],
    ]);
  });

  it('keeps the spec’s recommendation as the step word for word, "patient" included', () => {
    const roadmap = roadmapFor(scores(100, 100, 20, 100, 100), CONTENT_V1);
    expect(roadmap.phases[0].areas[0].step).toBe('Implement AI-generated personalised care plans');
    expect(AREAS.find((a) => a.id === 'quality')?.recommendations).toContain(
      'Deploy patient progress tracking system',
    );
  });

  it('holds every rule for every combination of scores around the band edges', () => {
    const values = [0, 20, 40, 59, 60, 79, 80, 100];
    const failures: string[] = [];
    let checked = 0;
    for (let n = 0; n < values.length ** AREA_IDS.length; n++) {
      const digits = AREA_IDS.map((_, i) => values[Math.floor(n / values.length ** i) % values.length]);
      const given = scores(...(digits as [number, number, number, number, number]));
      const found = contradictions(given, roadmapFor(given, CONTENT_V1));
      if (found.length > 0) failures.push(`${digits.join('/')}: ${found.join('; ')}`);
      checked++;
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(checked).toBe(8 ** 5);
  });

  it('gives the same roadmap for the same scores', () => {
    expect(roadmapFor(scores(40, 40, 100, 60, 0), CONTENT_V1)).toEqual(
      roadmapFor(scores(40, 40, 100, 60, 0), CONTENT_V1),
    );
  });
});
