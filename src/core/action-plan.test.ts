import { describe, expect, it } from 'vitest';
import { AREAS, AREA_IDS } from './areas';
import { actionTopicsFor, areaKey, priorityKey } from './action-plan';
import type { ResultHistory } from './progress';
import { buildReport } from './report';
import type { Responses } from './responses';
import { overallScore, scoreAreas } from './scoring';

const ALL = (rating: 1 | 3 | 5): Responses =>
  Object.fromEntries(AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]));

// Two statements rated 1 and 2 (two priorities), everything else 4.
const TWO_WEAK: Responses = { ...ALL(3) };
TWO_WEAK.operational = { 0: 1, 1: 4, 2: 4, 3: 4, 4: 4 };
TWO_WEAK.data = { 0: 4, 1: 4, 2: 2, 3: 4, 4: 4 };

describe('actionTopicsFor', () => {
  it('offers the priorities first, in their order, then the five areas', () => {
    const report = buildReport(TWO_WEAK);
    const topics = actionTopicsFor(report.priorities, report.areas);
    expect(topics.map((t) => t.key)).toEqual([
      priorityKey('operational', 0),
      priorityKey('data', 2),
      ...AREAS.map((a) => areaKey(a.id)),
    ]);
    expect(topics[0]).toMatchObject({
      kind: 'priority',
      title: report.priorities[0].label,
      action: report.priorities[0].nextStep,
    });
    expect(topics.at(-1)).toMatchObject({
      kind: 'area',
      title: AREAS.at(-1)?.title,
      action: report.areas.at(-1)?.advice.text,
    });
  });

  it('offers only the areas when nothing is rated 1 or 2 (all highest), and the most at all lowest', () => {
    const best = buildReport(ALL(5));
    expect(actionTopicsFor(best.priorities, best.areas).map((t) => t.kind)).toEqual(AREAS.map(() => 'area'));
    const worst = buildReport(ALL(1));
    // At most five priorities, then the five areas.
    expect(actionTopicsFor(worst.priorities, worst.areas)).toHaveLength(10);
  });
});

describe('buildReport with a plan and a history', () => {
  const scores = scoreAreas(TWO_WEAK);
  const single: ResultHistory = {
    entries: [{ takenOn: '2026-11-01', scores, overall: overallScore(scores) }],
    total: 1,
    laterResults: false,
  };

  it('has no progress for a result alone, and the history once there is an earlier one', () => {
    expect(buildReport(TWO_WEAK, new Date(), { history: single }).progress).toBeUndefined();
    const two: ResultHistory = { ...single, entries: [single.entries[0], single.entries[0]], total: 2 };
    expect(buildReport(TWO_WEAK, new Date(), { history: two }).progress).toEqual(two);
  });

  it('prints the marked topics in the topics’ order, and leaves out a mark for a topic this report lacks', () => {
    const report = buildReport(TWO_WEAK, new Date(), {
      plan: [
        { key: areaKey('data'), status: 'done' },
        {
          key: priorityKey('operational', 0),
          status: 'planned',
          owner: 'Sam Patel',
          targetDate: '2026-01-31',
        },
        { key: priorityKey('quality', 4), status: 'in_progress' },
      ],
    });
    expect(report.actionPlan?.map((a) => [a.topic.key, a.item.status])).toEqual([
      [priorityKey('operational', 0), 'planned'],
      [areaKey('data'), 'done'],
    ]);
    expect(report.actionPlan?.[0].item).toMatchObject({ owner: 'Sam Patel', targetDate: '2026-01-31' });
  });

  it('has no action plan when nothing is marked, or only topics it lacks are', () => {
    expect(buildReport(TWO_WEAK, new Date(), { plan: [] }).actionPlan).toBeUndefined();
    expect(
      buildReport(ALL(5), new Date(), { plan: [{ key: priorityKey('data', 0), status: 'done' }] }).actionPlan,
    ).toBeUndefined();
  });
});
