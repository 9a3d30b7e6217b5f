import {
  AREA_IDS,
  areaKey,
  buildReport,
  priorityKey,
  overallScore,
  teamResultScores,
  teamView,
  TEAM_ROLES,
  type AreaBenchmark,
  type ActionPlanItem,
  type AreaId,
  type HistoryEntry,
  type Rating,
  type ResultHistory,
  type Report,
  type Responses,
  type TeamAnswer,
  type TeamView,
} from '../../src/core';
import { CONTENT_V1 } from '../../src/core/content';
import type { ReportContact } from '../../src/report/render-pdf';

/**
 * The reports every check of the PDF's layout and structure uses (tests and scripts/pdf-pages.ts),
 * one for each answer set that changes what the PDF holds or how long it runs: every answer 1
 * (lowest bars, every statement a priority candidate, one phase of foundations), every answer 5 (no
 * priorities, a plan to sustain), a spread, the spread with a benchmark of the visitor's segment or
 * of all providers, or too few audits for one, a retake, a retake chain's progress (three results,
 * and the largest: the latest 12 of 14), gaps in the answers, an action plan
 * (a few marks, and the largest: every topic, with the longest owners), and a team audit (its view
 * of 12 respondents with two roles shown, closed after this result; and the largest: 200
 * respondents, every role shown, a team audit in the middle of the chain).
 */

/** The day every fixture is dated: noon UTC, as the server dates a report. */
export const FIXTURE_DATE = new Date('2026-11-23T12:00:00Z');

/** The company's contact details as the server passes them, with the site's placeholder values. */
export const FIXTURE_CONTACT: ReportContact = {
  bookingUrl: 'https://care-audit.example/book-a-consultation',
  contactEmail: 'hello@care-audit.example',
  webAddress: 'https://care-audit.example',
};

function everyAnswer(rating: Rating): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]),
  );
}

/** Ratings from 1 to 5 across the areas; the 1s and 2s give five priorities. */
export const MIXED_RESPONSES: Responses = {
  operational: { 0: 4, 1: 4, 2: 3, 3: 3, 4: 4 }, // 72, Good
  compliance: { 0: 2, 1: 2, 2: 3, 3: 2, 4: 1 }, // 40, Fair
  quality: { 0: 5, 1: 4, 2: 5, 3: 4, 4: 4 }, // 88, Excellent
  training: { 0: 3, 1: 3, 2: 2, 3: 3, 4: 2 }, // 52, Fair
  data: { 0: 1, 1: 2, 2: 1, 3: 2, 4: 1 }, // 28, Needs Improvement
};

/** The mixed answers with gaps: two compliance statements skipped and the training area untouched. */
const PARTIAL_RESPONSES: Responses = {
  ...MIXED_RESPONSES,
  compliance: { 0: 2, 2: 3, 4: 1 },
  training: {},
};

/** Others' figures that put the mixed areas in every quarter, two of them on a quartile's edge. */
const OTHERS: Record<AreaId, AreaBenchmark> = {
  operational: { median: 60, lowerQuartile: 48, upperQuartile: 72 }, // 72: third quarter (upper edge)
  compliance: { median: 56, lowerQuartile: 44, upperQuartile: 68 }, // 40: lower quarter
  quality: { median: 70, lowerQuartile: 60, upperQuartile: 80 }, // 88: top quarter
  training: { median: 60, lowerQuartile: 52, upperQuartile: 76 }, // 52: second quarter (lower edge)
  data: { median: 28, lowerQuartile: 20, upperQuartile: 40 }, // 28: on the median
};

const EARLIER_SCORES = { operational: 60, compliance: 40, quality: 89, training: 40, data: 36 };

/** The mixed answers' scores: the last result of each progress fixture is the report's own. */
const MIXED_SCORES = { operational: 72, compliance: 40, quality: 88, training: 52, data: 28 };

function historyEntry(takenOn: string, scores: Record<AreaId, number>): HistoryEntry {
  return { takenOn, scores, overall: overallScore(scores) };
}

/** Three linked results: up, down and unchanged areas, the report's own result last. */
const PROGRESS: ResultHistory = {
  entries: [
    historyEntry('2026-06-30', EARLIER_SCORES),
    historyEntry('2026-09-15', { operational: 64, compliance: 48, quality: 88, training: 44, data: 28 }),
    historyEntry('2026-11-23', MIXED_SCORES),
  ],
  total: 3,
  laterResults: false,
};

/**
 * The largest history: the latest 12 of a chain of 14, from every area at 0 to every area at 100
 * and back to the mixed answers, with a later result made from this one.
 */
const LONGEST_PROGRESS: ResultHistory = {
  entries: [
    ...[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((score, month) =>
      historyEntry(
        // The first of each month, February to December 2025.
        `2025-${String(month + 2).padStart(2, '0')}-01`,
        Object.fromEntries(AREA_IDS.map((id) => [id, score])) as Record<AreaId, number>,
      ),
    ),
    historyEntry('2026-11-23', MIXED_SCORES),
  ],
  total: 14,
  laterResults: true,
};

/**
 * An action plan on the mixed answers: each status, an owner, a date long past on an action not done
 * (overdue whenever the test runs), one far ahead, one past but done (not overdue), and a mark for a
 * statement that is no priority of these answers (left out of the report).
 */
const MIXED_PLAN: ActionPlanItem[] = [
  { key: priorityKey('data', 0), status: 'in_progress', owner: 'Sam Patel', targetDate: '2020-01-31' },
  { key: priorityKey('quality', 0), status: 'done' },
  { key: areaKey('compliance'), status: 'planned', owner: 'Registered Manager', targetDate: '2099-12-31' },
  { key: areaKey('data'), status: 'done', targetDate: '2020-02-01' },
];

/** The largest plan: every topic of the all-1 answers marked, each owner 100 characters, so it runs over a page. */
const LARGEST_PLAN: ActionPlanItem[] = [
  // With every answer 1 the priorities are each area's first statement (areas take turns on ties).
  ...AREA_IDS.map((id) => priorityKey(id, 0)),
  ...AREA_IDS.map((id) => areaKey(id)),
].map((key, i) => ({
  key,
  status: (['planned', 'in_progress', 'done'] as const)[i % 3],
  owner: `Owner ${i} ${'Deputy Manager and Training Lead, '.repeat(3)}`.slice(0, 100).trim(),
  targetDate: i % 2 === 0 ? '2020-01-31' : '2099-12-31',
}));

const STEPS = [0, 0, -1, 1, 0, -1, 2, -2, 0, 1, 0];
const LEANS = [-1, 1, 0, -1, 2];

/**
 * `count` colleagues' answers spread around the mixed answers, the same for the same count: each
 * respondent rates each statement up to two steps either side of the manager's rating, each area
 * leaning its own way (within 1–5), and takes a role in turn from `roles` (undefined: gave none).
 */
export function teamAnswers(count: number, roles: readonly (TeamAnswer['role'] | undefined)[]): TeamAnswer[] {
  return Array.from({ length: count }, (_, respondent) => {
    const responses = Object.fromEntries(
      AREA_IDS.map((id, area) => [
        id,
        Object.fromEntries(
          [0, 1, 2, 3, 4].map((statement) => {
            const own = MIXED_RESPONSES[id]?.[statement] ?? 3;
            // A fixed pattern of steps, mostly small, different for each respondent, area and
            // statement, and each area leaning its own way (the team sees some areas apart).
            const step = STEPS[(respondent * 7 + area * 3 + statement * 5) % STEPS.length]! + LEANS[area]!;
            return [statement, Math.min(5, Math.max(1, own + step)) as Rating];
          }),
        ),
      ]),
    ) as Responses;
    const role = roles[respondent % roles.length];
    return role ? { role, responses } : { responses };
  });
}

/** Twelve respondents: 5 care workers and 3 senior carers (shown apart), 2 in the office and 2 with no role (not). */
const TEAM_OF_TWELVE: TeamView = teamView(
  teamAnswers(12, [
    'care-worker',
    'senior-carer-or-nurse',
    'care-worker',
    'office-or-admin',
    'care-worker',
    undefined,
    'senior-carer-or-nurse',
    'care-worker',
    'senior-carer-or-nurse',
    'care-worker',
    'office-or-admin',
    undefined,
  ]),
  MIXED_RESPONSES,
  CONTENT_V1,
)!;

/** The most a team audit takes: 200 respondents, every role given by at least 3. */
const TEAM_OF_200: TeamView = teamView(
  teamAnswers(200, [...TEAM_ROLES, undefined]),
  MIXED_RESPONSES,
  CONTENT_V1,
)!;

/** A closed team audit as the progress chain holds it: its medians, on the day it closed. */
function teamEntry(takenOn: string, view: TeamView): HistoryEntry {
  return { takenOn, ...teamResultScores(view), team: { respondents: view.respondents } };
}

/** Two of the manager's results, then the team audit opened from the second (this result), closed since. */
const TEAM_PROGRESS: ResultHistory = {
  entries: [
    historyEntry('2026-09-15', EARLIER_SCORES),
    historyEntry('2026-11-23', MIXED_SCORES),
    teamEntry('2026-12-20', TEAM_OF_TWELVE),
  ],
  total: 3,
  laterResults: false,
};

/** A team audit of the earlier result closed before this one: it sits between the two. */
const TEAM_IN_THE_MIDDLE: ResultHistory = {
  entries: [
    historyEntry('2026-06-30', EARLIER_SCORES),
    teamEntry('2026-08-01', TEAM_OF_200),
    historyEntry('2026-11-23', MIXED_SCORES),
  ],
  total: 3,
  laterResults: false,
};

export const REPORT_FIXTURES = {
  allOnes: buildReport(everyAnswer(1), FIXTURE_DATE),
  allFives: buildReport(everyAnswer(5), FIXTURE_DATE),
  mixed: buildReport(MIXED_RESPONSES, FIXTURE_DATE),
  withBenchmark: buildReport(MIXED_RESPONSES, FIXTURE_DATE, {
    benchmark: {
      status: 'available',
      basis: 'segment',
      profile: { serviceType: 'home_care', size: 'under_25' },
      responses: 12,
      areas: OTHERS,
    },
  }),
  allProviders: buildReport(MIXED_RESPONSES, FIXTURE_DATE, {
    benchmark: { status: 'available', basis: 'all', profile: {}, responses: 40, areas: OTHERS },
  }),
  tooFew: buildReport(MIXED_RESPONSES, FIXTURE_DATE, { benchmark: { status: 'too_few', minResponses: 10 } }),
  retake: buildReport(MIXED_RESPONSES, FIXTURE_DATE, {
    earlier: { takenOn: '2026-06-30', scores: EARLIER_SCORES, overall: overallScore(EARLIER_SCORES) },
  }),
  progress: buildReport(MIXED_RESPONSES, FIXTURE_DATE, {
    earlier: PROGRESS.entries[1],
    history: PROGRESS,
  }),
  longestProgress: buildReport(MIXED_RESPONSES, FIXTURE_DATE, {
    earlier: LONGEST_PROGRESS.entries.at(-2),
    history: LONGEST_PROGRESS,
  }),
  partial: buildReport(PARTIAL_RESPONSES, FIXTURE_DATE),
  withPlan: buildReport(MIXED_RESPONSES, FIXTURE_DATE, { plan: MIXED_PLAN }),
  largestPlan: buildReport(everyAnswer(1), FIXTURE_DATE, { plan: LARGEST_PLAN }),
  withTeam: buildReport(MIXED_RESPONSES, FIXTURE_DATE, {
    earlier: TEAM_PROGRESS.entries[0],
    history: TEAM_PROGRESS,
    team: TEAM_OF_TWELVE,
    // With the progress and the team's view, the most sections a report has: eleven on the cover.
    plan: MIXED_PLAN,
  }),
  largestTeam: buildReport(MIXED_RESPONSES, FIXTURE_DATE, {
    earlier: TEAM_IN_THE_MIDDLE.entries[0],
    history: TEAM_IN_THE_MIDDLE,
    team: TEAM_OF_200,
  }),
} satisfies Record<string, Report>;

export type FixtureName = keyof typeof REPORT_FIXTURES;
