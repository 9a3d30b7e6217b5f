import { AREAS, type AreaId } from './areas';
import { formatDay } from './format-day';
import type { HistoryEntry, ResultHistory } from './progress';
import { changeParts } from './report-words';

/**
 * The words of "Your progress", the chain of linked results over time, as the private results page
 * and the PDF both print them: written once, so the page and the report never word a figure apart.
 */

export const PROGRESS_HEADING = 'Your progress';

export const PROGRESS_TABLE_CAPTION = 'Your results over time';

/** The table's first column: the day each result was taken. */
export const TAKEN_ON_HEADER = 'Taken on';

/** Said when a later result was made from this one: its own link shows the longer history. */
export const LATER_RESULTS_NOTE =
  'You have taken the audit again since this one: the link in your latest e-mail shows your newest results.';

/** The overall score's name in the progress views (a series beside the five areas). */
export const OVERALL_SERIES_TITLE = 'Overall';

/** One line of the progress charts: the overall score or an area, a score per result, oldest first. */
export interface ProgressSeries {
  id: 'overall' | AreaId;
  title: string;
  scores: number[];
}

/** The overall score first, then each area in the audit's order, each with every result's score. */
export function progressSeries(entries: readonly HistoryEntry[]): ProgressSeries[] {
  return [
    { id: 'overall', title: OVERALL_SERIES_TITLE, scores: entries.map((entry) => entry.overall) },
    ...AREAS.map((area) => ({
      id: area.id,
      title: area.title,
      scores: entries.map((entry) => entry.scores[area.id]),
    })),
  ];
}

/** A history's day in words, or the day as stored when it cannot be read as one. */
function dayOf(entry: HistoryEntry): string {
  return formatDay(entry.takenOn) ?? entry.takenOn;
}

/** "Team audit, 12 respondents": a closed team audit's name in the chain (PRODUCT.md part 4). */
export function teamAuditLabel(team: { respondents: number }): string {
  // A team's figures are shown over 3 respondents at least, so the plural always fits.
  return `Team audit, ${team.respondents} respondents`;
}

/** What the table says under a team audit's name: the day it closed, which places it in the chain. */
export function teamClosedNote(day: string): string {
  return `(closed ${day})`;
}

/** The key to the charts' two marks: the line through the manager's own results, a team audit's mark. */
export const OWN_RESULTS_LEGEND = 'Your results';
export const TEAM_AUDIT_LEGEND = 'Team audit (the team’s median)';

/**
 * "Your 3 results, from 1 October 2026 to 20 November 2026, each taken with “Retake with these
 * answers” from the one before." A chain that holds a team audit says which of its results are the
 * manager's own and that a team audit's scores are the team's medians.
 */
export function progressIntro(history: ResultHistory): string {
  const { entries } = history;
  const first = entries[0];
  const last = entries.at(-1);
  if (!first || !last) return '';
  const span = `Your ${entries.length} results, from ${dayOf(first)} to ${dayOf(last)}`;
  const teams = entries.filter((entry) => entry.team).length;
  if (teams === 0) return `${span}, each taken with “Retake with these answers” from the one before.`;
  const own = entries.length - teams;
  const ownPart =
    own === 0
      ? ''
      : own === 1
        ? 'your own result and '
        : `${own} of your own, each taken with “Retake with these answers” from the one before, and `;
  const teamPart =
    teams === 1
      ? 'a team audit your colleagues answered, its scores the team’s medians'
      : `${teams} team audits your colleagues answered, their scores the team’s medians`;
  return `${span}: ${ownPart}${teamPart}.`;
}

/** "Showing your 12 latest results of 14.", or undefined when every result of the chain is shown. */
export function progressShownNote(history: ResultHistory): string | undefined {
  return history.total > history.entries.length
    ? `Showing your ${history.entries.length} latest results of ${history.total}.`
    : undefined;
}

/**
 * The heading of the changes: since the first result, or, when the oldest are not shown, since the
 * first one shown (the change is worked out from what the page shows, so it must say so).
 */
export function progressChangeHeading(history: ResultHistory): string {
  return history.total > history.entries.length
    ? 'Change since the first result shown'
    : 'Change since your first result';
}

/**
 * The results "what changed" compares: the manager's own, never a team audit's (decision 0069),
 * so a change is hers like with like. Undefined when fewer than two of hers are shown.
 */
export function ownResultsToCompare(entries: readonly HistoryEntry[]): HistoryEntry[] | undefined {
  const own = entries.filter((entry) => !entry.team);
  return own.length >= 2 ? own : undefined;
}

/** One series' change from its first result to its last, in parts a view may style apart. */
export interface ProgressChange {
  title: string;
  /** "40% → 60%" */
  scores: string;
  /** "+20 points", "−1 point" (a true minus sign) or "No change": the direction in words. */
  amount: string;
  /** The change in points, for a view's styling; never the only carrier of the direction. */
  points: number;
}

/** A series' change since the first of `entries` (the heading says since when, so only the amount is used). */
export function progressChange(series: ProgressSeries, entries: readonly HistoryEntry[]): ProgressChange {
  const first = series.scores[0] ?? 0;
  const last = series.scores.at(-1) ?? 0;
  const { amount } = changeParts(last - first, entries[0]?.takenOn ?? '');
  return { title: series.title, scores: `${first}% → ${last}%`, amount, points: last - first };
}

/** "Overall: 40% → 60%, +20 points", "Overall: 60% → 60%, no change". */
export function progressChangeText(series: ProgressSeries, entries: readonly HistoryEntry[]): string {
  const { title, scores, amount, points } = progressChange(series, entries);
  return `${title}: ${scores}, ${points === 0 ? 'no change' : amount}`;
}

/** "on 1 October 2026", or "in the team audit of 2 November 2026 (12 respondents)". */
function whenInWords(entry: HistoryEntry): string {
  return entry.team
    ? `in the team audit of ${dayOf(entry)} (${entry.team.respondents} respondents)`
    : `on ${dayOf(entry)}`;
}

/**
 * "40% on 1 October 2026, 52% in the team audit of 2 November 2026 (12 respondents) and 60% on
 * 20 November 2026": every figure a chart draws.
 */
export function seriesFigures(series: ProgressSeries, entries: readonly HistoryEntry[]): string {
  const parts = series.scores.map((score, index) => {
    const entry = entries[index];
    return entry ? `${score}% ${whenInWords(entry)}` : `${score}%`;
  });
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** One small chart's alternative text: "Overall over 3 results, out of 100: 40% on …". */
export function seriesChartAlt(series: ProgressSeries, entries: readonly HistoryEntry[]): string {
  return `${series.title} over ${entries.length} results, out of 100: ${seriesFigures(series, entries)}.`;
}

/** The alternative text of the charts of every series at once (the PDF's one figure). */
export function progressChartsAlt(entries: readonly HistoryEntry[]): string {
  const lines = progressSeries(entries).map((series) => `${series.title}: ${seriesFigures(series, entries)}`);
  const team = entries.some((entry) => entry.team)
    ? ' The line joins your own results; a team audit is a mark of its own.'
    : '';
  return `Line charts of your scores over ${entries.length} results, out of 100, oldest first.${team} ${lines.join('; ')}.`;
}

/** A point a chart prints the score of, with the score it is compared with to keep clear of the line. */
export interface LabelledPoint {
  index: number;
  score: number;
  /** The next own score along the line from it, if any (scoreLabelBelow). */
  neighbour: number | undefined;
  /** The first point's score reads rightwards from it, the last one's leftwards. */
  anchor: 'start' | 'end';
}

/**
 * The points a chart prints the score beside (the page's and the PDF's charts alike): the first of
 * the manager's own results and the last, this result: the ends of the line. A team audit's mark is not
 * labelled; its figures are in the table and the chart's words.
 */
export function labelledPoints(series: ProgressSeries, entries: readonly HistoryEntry[]): LabelledPoint[] {
  const own = series.scores.flatMap((score, index) => (entries[index]?.team ? [] : [{ index, score }]));
  // The last of her own is this result (ownResultIndex): a team audit may follow it.
  const first = own[0];
  const last = own.at(-1);
  if (!first || !last) return [];
  const start = { ...first, neighbour: own[1]?.score, anchor: 'start' as const };
  if (first === last) return [start];
  return [start, { ...last, neighbour: own.at(-2)?.score, anchor: 'end' as const }];
}

/**
 * Where a chart prints a score beside its point (the page's and the PDF's charts alike): below it
 * when the neighbouring point is higher, so the line leaves that side free, above otherwise; and
 * always inside the scale, below near its top and above near its bottom.
 */
export function scoreLabelBelow(score: number, neighbour: number | undefined): boolean {
  if (score >= 88) return true;
  if (score <= 12) return false;
  return neighbour !== undefined && neighbour > score;
}
