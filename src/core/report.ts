import { actionTopicsFor, type ActionPlanItem, type PlannedAction } from './action-plan';
import { AREAS, type AreaId } from './areas';
import {
  positionFor,
  positionLabel,
  type AreaBenchmark,
  type Benchmark,
  type ComparisonBasis,
  type Position,
} from './benchmark';
import type { AuditContent } from './content/audit-content';
import { CONTENT_V1 } from './content/content-v1';
import { areaContent, bandHeading, recommendationsIntro } from './content/content-words';
import {
  bandFor,
  keyQuestionScores,
  prioritiesFor,
  type Band,
  type KeyQuestionScore,
  type Priority,
} from './insight';
import { describeSegment } from './profile';
import { ratingFor, toneFor, type RatingLabel, type Tone } from './rating';
import { isRating, type Rating, type Responses } from './responses';
import { roadmapFor, type Roadmap } from './roadmap';
import type { ResultHistory } from './progress';
import { overallScore, scoreAreas, type AreaScores } from './scoring';
import { MIN_TEAM_RESPONDENTS } from './team-roles';
import type { TeamView } from './team-view';

/** Where one area stands against other providers. */
export interface AreaComparison {
  /** Whom it is compared with: providers like the visitor's ("segment") or all providers. */
  basis: ComparisonBasis;
  median: number;
  position: Position;
  positionLabel: string;
}

export interface AreaResult {
  id: AreaId;
  title: string;
  score: number;
  rating: RatingLabel;
  tone: Tone;
  /** The spec's list, word for word, whatever the score. */
  recommendations: readonly string[];
  /** The words before the list: what to put in place, or at 80%+ what to check is in place. */
  recommendationsIntro: string;
  band: Band;
  /** The band's heading ("Build the foundations", …) and this area's advice for it. */
  advice: { heading: string; text: string };
  /** Present only when the benchmark has enough audits. */
  comparison?: AreaComparison;
  /** Points up (+) or down (−) since the earlier result, when this is a retake. */
  change?: number;
}

/** What the report says about other providers: nothing (unknown), too few yet, or the figures. */
export type ReportComparison =
  | { status: 'too_few'; minResponses: number }
  | {
      status: 'shown';
      basis: ComparisonBasis;
      /** "residential care providers supporting 25–99 people", or "care providers" for all. */
      comparedWith: string;
      responses: number;
    };

/** The result a retake is compared with. */
export interface EarlierResult {
  /** When it was taken: YYYY-MM-DD. */
  takenOn: string;
  scores: AreaScores;
  overall: number;
}

/** What a report may add to the answers: the benchmark and, for a retake, the earlier result. */
export interface ReportContext {
  /**
   * The words of the version the answers were given to (issue 34). A result stored before
   * versions existed, and one that names none, was answered with version 1.
   */
  content?: AuditContent;
  benchmark?: Benchmark;
  earlier?: EarlierResult;
  /** The chain of results this one belongs to (a private results link's), for the progress page. */
  history?: ResultHistory;
  /** What the care manager marked on their private results page. */
  plan?: readonly ActionPlanItem[];
  /** The team audit opened from this result, for the PDF's "Your team’s view" page. */
  team?: TeamView;
}

/** One statement as the visitor rated it; `rating` is absent when it was left unanswered. */
export interface AnsweredStatement {
  text: string;
  rating?: Rating;
}

/** An area's five statements with the ratings given, in the order the audit asks them. */
export interface AnsweredArea {
  id: AreaId;
  title: string;
  statements: AnsweredStatement[];
}

/** Everything a report says: the results screen, the PDF and the e-mail all read this. */
export interface Report {
  generatedAt: Date;
  overall: { score: number; rating: RatingLabel; tone: Tone; change?: number };
  areas: AreaResult[];
  /** The areas in phases that follow their scores, or a plan to sustain them once all are 80%+. */
  roadmap: Roadmap;
  /** The weakest statements (rated 1–2), lowest first, at most five. */
  priorities: Priority[];
  keyQuestions: KeyQuestionScore[];
  /** The name of the framework the key questions' evidence is listed against ("CQC quality statements"). */
  frameworkName: string;
  comparison?: ReportComparison;
  earlier?: { takenOn: string };
  /** Present only when the chain holds more than this result: the progress page. */
  progress?: ResultHistory;
  /** The marked topics, in the topics' order; present only when at least one is marked. */
  actionPlan?: PlannedAction[];
  /**
   * The team's view, present only over at least MIN_TEAM_RESPONDENTS respondents: under that a
   * figure could be one colleague's answer, so nothing of the team is reported at all.
   */
  team?: TeamView;
  /** Every statement and the rating given, for the PDF's appendix. */
  answers: AnsweredArea[];
}

/**
 * The report for a set of responses, scored from the answers alone (never from a score sent in).
 * The one function behind the results page, the e-mail and the PDF, so all three say the same.
 */
export function buildReport(
  responses: Responses,
  generatedAt: Date = new Date(),
  context: ReportContext = {},
): Report {
  const scores = scoreAreas(responses);
  const overall = overallScore(scores);
  const { benchmark, earlier, history, plan, team, content = CONTENT_V1 } = context;
  const available = benchmark?.status === 'available' ? benchmark : undefined;
  const areas: AreaResult[] = AREAS.map((area) => {
    const score = scores[area.id];
    const band = bandFor(score);
    const words = areaContent(content, area.id);
    const others = available?.areas[area.id];
    return {
      id: area.id,
      title: area.title,
      score,
      rating: ratingFor(score),
      tone: toneFor(score),
      recommendations: words.recommendations,
      recommendationsIntro: recommendationsIntro(content, band),
      band,
      advice: { heading: bandHeading(content, band), text: words.advice[band] },
      ...(available && others ? { comparison: areaComparison(score, others, available.basis) } : {}),
      ...(earlier ? { change: score - earlier.scores[area.id] } : {}),
    };
  });
  const priorities = prioritiesFor(responses, content);
  return {
    generatedAt,
    overall: {
      score: overall,
      rating: ratingFor(overall),
      tone: toneFor(overall),
      ...(earlier ? { change: overall - earlier.overall } : {}),
    },
    areas,
    roadmap: roadmapFor(scores, content),
    priorities,
    keyQuestions: keyQuestionScores(responses, content),
    frameworkName: content.framework.name,
    ...(benchmark ? { comparison: comparisonOf(benchmark) } : {}),
    ...(earlier ? { earlier: { takenOn: earlier.takenOn } } : {}),
    ...(history && history.entries.length > 1 ? { progress: history } : {}),
    ...plannedActions(plan, priorities, areas),
    ...(team && team.respondents >= MIN_TEAM_RESPONDENTS ? { team } : {}),
    answers: answersOf(responses, content),
  };
}

/** The marked topics in the report's order; a mark for a topic this report lacks is left out. */
function plannedActions(
  plan: readonly ActionPlanItem[] | undefined,
  priorities: readonly Priority[],
  areas: readonly AreaResult[],
): { actionPlan?: PlannedAction[] } {
  if (!plan || plan.length === 0) return {};
  const byKey = new Map(plan.map((item) => [item.key, item]));
  const actions = actionTopicsFor(priorities, areas).flatMap((topic) => {
    const item = byKey.get(topic.key);
    return item ? [{ topic, item }] : [];
  });
  return actions.length > 0 ? { actionPlan: actions } : {};
}

function answersOf(responses: Responses, content: AuditContent): AnsweredArea[] {
  return AREAS.map((area) => ({
    id: area.id,
    title: area.title,
    statements: areaContent(content, area.id).statements.map(({ text }, index) => {
      const rating = responses[area.id]?.[index];
      return isRating(rating) ? { text, rating } : { text };
    }),
  }));
}

function areaComparison(score: number, others: AreaBenchmark, basis: ComparisonBasis): AreaComparison {
  const position = positionFor(score, others);
  return { basis, median: others.median, position, positionLabel: positionLabel(position) };
}

function comparisonOf(benchmark: Benchmark): ReportComparison {
  if (benchmark.status === 'too_few') return { status: 'too_few', minResponses: benchmark.minResponses };
  return {
    status: 'shown',
    basis: benchmark.basis,
    comparedWith: describeSegment(benchmark.basis === 'all' ? {} : benchmark.profile),
    responses: benchmark.responses,
  };
}

/** The report's file name: "care-management-audit-report-" + ISO date + ".pdf". */
export function reportFileName(generatedAt: Date): string {
  return `care-management-audit-report-${isoDate(generatedAt)}.pdf`;
}

/** The date part (YYYY-MM-DD, UTC) of an instant. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "+8", "−4" (a true minus sign) or "0": a change in points, as every view shows it. */
export function signedChange(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${Math.abs(points)}`;
  return '0';
}
