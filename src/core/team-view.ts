import { AREAS, AREA_IDS, QUESTIONS_PER_AREA, type AreaId } from './areas';
import type { AuditContent } from './content/audit-content';
import { statementContent } from './content/content-words';
import { isRating, type Responses } from './responses';
import { overallScore, scoreAreas, type AreaScores } from './scoring';
import { MIN_TEAM_RESPONDENTS, TEAM_ROLES, type TeamRole } from './team-roles';

/**
 * The team audit's figures (PRODUCT.md part 4, "The whole team answers"): what colleagues answered,
 * combined so that no one's answers can be told apart. Pure, like the rest of core: the server
 * reads the answers and hands them here; the page and the PDF draw what comes out.
 */

/** How many statements "where answers differ most" lists at most. */
export const DIFFERING_STATEMENTS = 5;

/** One colleague's answer as the server keeps it: every statement rated, a role if they gave one. */
export interface TeamAnswer {
  role?: TeamRole;
  responses: Responses;
}

/** A median with the lowest and highest value it was taken over. */
export interface Spread {
  /** The median, rounded half up to a whole number (the mean of the middle two for an even count). */
  median: number;
  lowest: number;
  highest: number;
}

export interface TeamAreaView extends Spread {
  id: AreaId;
  /** The manager's own score for the area, from the result the team audit was opened from. */
  own: number;
}

/** A statement where the team's ratings (1–5) differ most. */
export interface DifferingStatement extends Spread {
  area: AreaId;
  /** The statement's index in its area, 0–4. */
  index: number;
  /** The statement as the audit asked it, in the words of the version the result was answered with. */
  text: string;
  /** Its short name in that version. */
  label: string;
  /** How many respondents gave each rating, 1 first: the spread in full, with no one's answer in it. */
  counts: [number, number, number, number, number];
  /** The manager's own rating of the statement. */
  own?: number;
}

export interface TeamRoleView {
  role: TeamRole;
  respondents: number;
  areas: TeamAreaView[];
  overall: Spread & { own: number };
}

/** The team's scores, without a statement's words: what a closed team audit is as a result of the chain. */
export interface TeamFigures {
  respondents: number;
  areas: TeamAreaView[];
  /** The team's overall: the median of each respondent's overall score, with its range. */
  overall: Spread & { own: number };
  /** The same view per role, only for roles with at least MIN_TEAM_RESPONDENTS respondents. */
  roles: TeamRoleView[];
}

/** What the team's view shows; only ever built over at least MIN_TEAM_RESPONDENTS answers. */
export interface TeamView extends TeamFigures {
  /**
   * Up to five statements whose ratings are most spread (the standard deviation; ties by the wider
   * range, then the audit's order). A statement every respondent rated alike is never listed, so a
   * team that agrees on everything has an empty list.
   */
  differing: DifferingStatement[];
}

/** The median of whole numbers, rounded half up; the values need not be sorted. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median() of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value);
}

function spreadOf(values: readonly number[]): Spread {
  return { median: median(values), lowest: Math.min(...values), highest: Math.max(...values) };
}

function areasAndOverall(answers: readonly TeamAnswer[], own: AreaScores) {
  const scored = answers.map((answer) => scoreAreas(answer.responses));
  const areas = AREA_IDS.map((id) => ({ id, ...spreadOf(scored.map((s) => s[id])), own: own[id] }));
  const overall = { ...spreadOf(scored.map((s) => overallScore(s))), own: overallScore(own) };
  return { areas, overall };
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

function differingStatements(
  answers: readonly TeamAnswer[],
  ownResponses: Responses,
  content: AuditContent,
): DifferingStatement[] {
  const statements: (DifferingStatement & { deviation: number; order: number })[] = [];
  for (const [areaIndex, area] of AREAS.entries()) {
    for (let index = 0; index < QUESTIONS_PER_AREA; index++) {
      const ratings = answers.map((a) => a.responses[area.id]?.[index]).filter(isRating);
      if (ratings.length < MIN_TEAM_RESPONDENTS) continue;
      const spread = spreadOf(ratings);
      if (spread.lowest === spread.highest) continue;
      const counts: DifferingStatement['counts'] = [0, 0, 0, 0, 0];
      for (const rating of ratings) counts[rating - 1]++;
      const own = ownResponses[area.id]?.[index];
      // Colleagues answer in the manager's version, so a position is the same statement for all.
      const { text, label } = statementContent(content, area.id, index);
      statements.push({
        area: area.id,
        index,
        text,
        label,
        ...spread,
        counts,
        ...(isRating(own) ? { own } : {}),
        deviation: standardDeviation(ratings),
        order: areaIndex * QUESTIONS_PER_AREA + index,
      });
    }
  }
  statements.sort(
    (a, b) => b.deviation - a.deviation || b.highest - b.lowest - (a.highest - a.lowest) || a.order - b.order,
  );
  return statements
    .slice(0, DIFFERING_STATEMENTS)
    .map(({ deviation: _d, order: _o, ...statement }) => statement);
}

/**
 * The team's scores over `answers`, beside the manager's own result, or undefined when fewer than
 * MIN_TEAM_RESPONDENTS answered: then nothing combined may be shown at all. No statement's words:
 * teamView adds the statements where answers differ.
 */
export function teamFigures(
  answers: readonly TeamAnswer[],
  ownResponses: Responses,
): TeamFigures | undefined {
  if (answers.length < MIN_TEAM_RESPONDENTS) return undefined;
  const own = scoreAreas(ownResponses);
  const roles: TeamRoleView[] = [];
  for (const role of TEAM_ROLES) {
    const ofRole = answers.filter((answer) => answer.role === role);
    if (ofRole.length >= MIN_TEAM_RESPONDENTS) {
      roles.push({ role, respondents: ofRole.length, ...areasAndOverall(ofRole, own) });
    }
  }
  return { respondents: answers.length, ...areasAndOverall(answers, own), roles };
}

/**
 * The team's view over `answers`, beside the manager's own result, or undefined when fewer than
 * MIN_TEAM_RESPONDENTS answered: then nothing combined may be shown at all. `content` is the
 * version of the audit's words the manager's result was answered with (and so the colleagues'
 * answers too): the differing statements are named in its words.
 */
export function teamView(
  answers: readonly TeamAnswer[],
  ownResponses: Responses,
  content: AuditContent,
): TeamView | undefined {
  const figures = teamFigures(answers, ownResponses);
  if (!figures) return undefined;
  const { roles, ...rest } = figures;
  return { ...rest, differing: differingStatements(answers, ownResponses, content), roles };
}

/**
 * The team's scores as one result of the progress chain: each area's median, and the overall the
 * view itself shows (the median of the respondents' overall scores), so the chart and the team's
 * view never give the team two different overall scores.
 */
export function teamResultScores(view: Pick<TeamFigures, 'areas' | 'overall'>): {
  scores: AreaScores;
  overall: number;
} {
  const scores = Object.fromEntries(view.areas.map((area) => [area.id, area.median])) as AreaScores;
  return { scores, overall: view.overall.median };
}
