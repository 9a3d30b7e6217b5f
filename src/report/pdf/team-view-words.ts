import {
  AREAS,
  MIN_TEAM_RESPONDENTS,
  OVERALL_SERIES_TITLE,
  TEAM_ROLE_LABELS,
  ownBesideTeam,
  scorePoints,
  type DifferingStatement,
  type Spread,
  type TeamRoleView,
  type TeamView,
} from '../../core';

/**
 * The words of the PDF's "Your team’s view" page (PRODUCT.md part 4): the team's figures beside the
 * manager's own, worded from the combined figures alone. Nothing here can name or single out a
 * respondent: a spread's ends are scores, and every figure is over at least three of them. The
 * words the results page says alike (headings, the key, the manager beside the team) are core's
 * (core/team-view-words.ts); these are the PDF's own.
 */

/** "12 respondents from your team answered …": who answered and how to read the page. */
export function teamViewIntro(view: TeamView): string {
  return `${view.respondents} respondents from your team answered the same 25 statements, anonymously; your own answers are not among them. For each area: the team’s score (the median of their scores), the spread from the lowest score to the highest, and your own score beside them.`;
}

export const TEAM_PRIVACY_NOTE = `No one’s answers are shown as theirs: every figure here is over at least ${MIN_TEAM_RESPONDENTS} respondents, and the ends of a spread are scores, not people.`;

/** The chart's key: the spread's band, the team's median (a diamond), the manager's score (a dot). */
/** The chart's two columns of figures beside each row. */
export const TEAM_COLUMN = 'Team';
export const OWN_COLUMN = 'You';

/** A row of the team's figures: the overall or an area, its median and spread, and the manager's score. */
export interface TeamRow extends Spread {
  title: string;
  own: number;
}

/** The overall first, then each area in the audit's order (the progress page's order too). */
export function teamRows(view: { areas: TeamView['areas']; overall: TeamView['overall'] }): TeamRow[] {
  return [
    { title: OVERALL_SERIES_TITLE, ...view.overall },
    ...view.areas.map((area) => ({ ...area, title: areaTitle(area.id) })),
  ];
}

function areaTitle(id: string): string {
  return AREAS.find((area) => area.id === id)?.title ?? id;
}

/**
 * One row's figures in a sentence: "Data Management: the team’s median is 60%, from 40% to 80%
 * (a spread of 40 points); yours is 28%, 32 points below the team’s median, and lower than any of
 * theirs." A spread of none says that every respondent gave the same score.
 */
export function teamRowText(row: TeamRow): string {
  const own = `yours is ${row.own}%, ${ownBesideTeam(row)}`;
  if (row.lowest === row.highest) return `${row.title}: every respondent scored ${row.median}%; ${own}.`;
  return `${row.title}: the team’s median is ${row.median}%, from ${row.lowest}% to ${row.highest}% (a spread of ${scorePoints(row.highest - row.lowest)}); ${own}.`;
}

/** The chart's alternative text: every figure it draws, row by row. */
export function teamChartAlt(view: TeamView): string {
  const rows = teamRows(view).map(
    (row) =>
      `${row.title}: median ${row.median}%, lowest ${row.lowest}%, highest ${row.highest}%, yours ${row.own}%`,
  );
  return `Chart of your team’s scores over ${view.respondents} respondents, out of 100: for each row the spread from the lowest score to the highest, the team’s median and your own score. ${rows.join('; ')}.`;
}

/** The table of the figures: the row's name, then its figures. */
export const TEAM_TABLE_HEADERS = ['Area', 'Team’s median', 'Lowest', 'Highest', 'Your score'] as const;

export function teamTableRow(row: TeamRow): string[] {
  return [row.title, `${row.median}%`, `${row.lowest}%`, `${row.highest}%`, `${row.own}%`];
}

export const DIFFERING_INTRO =
  'The statements your team rated least alike: how many respondents gave each rating, from 1 (Poor) to 5 (Excellent), and your own rating.';
export const DIFFERING_HEADERS = [
  'Statement',
  'Rated 1',
  'Rated 2',
  'Rated 3',
  'Rated 4',
  'Rated 5',
  'Your rating',
] as const;

/**
 * The statement as it was rated (in the words of the result's version), then its area: "We track …
 * outcomes (Service Quality)".
 */
export function differingStatementText(statement: DifferingStatement): string {
  return `${statement.text} (${areaTitle(statement.area)})`;
}

export function differingRow(statement: DifferingStatement): string[] {
  return [
    differingStatementText(statement),
    ...statement.counts.map(String),
    statement.own === undefined ? 'Not answered' : String(statement.own),
  ];
}

export const ROLES_INTRO = `The same figures for each role that at least ${MIN_TEAM_RESPONDENTS} respondents gave: the team’s median, with the lowest and highest score in brackets.`;
export const ROLE_HEADER = 'Role';

/** "Care worker, 5 respondents": a role's row, named with how many gave it. */
export function roleName(role: TeamRoleView): string {
  return `${TEAM_ROLE_LABELS[role.role]}, ${role.respondents} respondents`;
}

/**
 * A cell of the roles' table: "64%", and "(40–88%)" on a line of its own (a narrow column would
 * break the range anywhere); a spread of none reads "(60–60%)", plainly so.
 */
export function spreadCell(spread: Spread): string {
  return `${spread.median}%\n(${spread.lowest}–${spread.highest}%)`;
}
