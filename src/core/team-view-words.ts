import { AREAS } from './areas';
import { RATINGS, RATING_END_WORDS, type Rating } from './responses';
import { MIN_TEAM_RESPONDENTS } from './team-roles';
import type { DifferingStatement, Spread } from './team-view';

/**
 * The words of the team's view (PRODUCT.md part 4, "The whole team answers"), as the private
 * results page and the PDF print them alike: written once, so the two never word a figure apart.
 * Every sentence is about figures over at least MIN_TEAM_RESPONDENTS colleagues, never one person.
 */

export const TEAM_VIEW_HEADING = 'Your team’s view';
export const TEAM_AREAS_TABLE_CAPTION = 'Your team’s scores by area, beside yours';
export const DIFFERING_HEADING = 'Where answers differ most';
export const ROLES_HEADING = 'By role';
/** The drawing's key, on the page and in the PDF: the spread's band, the team's median, the manager's score. */
export const SPREAD_LEGEND = 'Spread, lowest to highest';
export const TEAM_MEDIAN_LEGEND = 'Team’s median';
export const OWN_SCORE_LEGEND = 'Your score';
/** The overall score's name beside the five areas, as in "Your progress". */
export const TEAM_OVERALL_TITLE = 'Overall';

/** "1 colleague", "3 colleagues". */
export function colleagues(count: number): string {
  return `${count} ${count === 1 ? 'colleague' : 'colleagues'}`;
}

/** "1 respondent", "12 respondents", "no respondents": the count a closed team audit is named by. */
export function respondents(count: number): string {
  if (count === 0) return 'no respondents';
  return `${count} ${count === 1 ? 'respondent' : 'respondents'}`;
}

/** Why nothing combined is shown under MIN_TEAM_RESPONDENTS answers. */
export const TOO_FEW_REASON = `so that no figure can be one person’s answers`;

/** "Scores ranged from 40% to 85%.", or "Every score was 60%." when all were alike. */
export function scoreRange(spread: Pick<Spread, 'lowest' | 'highest'>): string {
  return spread.lowest === spread.highest
    ? `Every score was ${spread.lowest}%.`
    : `Scores ranged from ${spread.lowest}% to ${spread.highest}%.`;
}

/** "1 point", "8 points": a difference between two scores, in words. */
export function scorePoints(n: number): string {
  return `${n} ${n === 1 ? 'point' : 'points'}`;
}

/**
 * "8 points above the team’s median", "the same as the team’s median", with "and higher (lower)
 * than any of theirs" when the manager's score is outside the team's range; the page's sentence and
 * the PDF's row text both end with it.
 */
export function ownBesideTeam(row: Spread & { own: number }): string {
  const difference = row.own - row.median;
  const beside =
    difference === 0
      ? 'the same as the team’s median'
      : `${scorePoints(Math.abs(difference))} ${difference > 0 ? 'above' : 'below'} the team’s median`;
  if (row.own > row.highest) return `${beside}, and higher than any of theirs`;
  if (row.own < row.lowest) return `${beside}, and lower than any of theirs`;
  return beside;
}

/** "Team 62%, you 70%: 8 points above the team’s median. Scores ranged from 40% to 85%." */
export function teamScoreSentence(row: Spread & { own: number }): string {
  return `Team ${row.median}%, you ${row.own}%: ${ownBesideTeam(row)}. ${scoreRange(row)}`;
}

/** "1 (Poor)", "3", "5 (Excellent)". */
export function ratingName(rating: number): string {
  const word = RATING_END_WORDS[rating as Rating];
  return word ? `${rating} (${word})` : String(rating);
}

/** A differing statement's text, in the words of the version the result was answered with. */
export function statementText(statement: Pick<DifferingStatement, 'text'>): string {
  return statement.text;
}

/** The area a differing statement belongs to, by its title. */
export function statementArea(statement: Pick<DifferingStatement, 'area'>): string {
  return AREAS.find((area) => area.id === statement.area)?.title ?? '';
}

/**
 * "2 rated it 1 (Poor), 1 rated it 3 and 4 rated it 5 (Excellent).": every rating given, with how
 * many gave it; a rating nobody gave is left out (the table shows it as 0).
 */
export function ratingCountsSentence(counts: DifferingStatement['counts']): string {
  const parts = RATINGS.flatMap((rating) => {
    const count = counts[rating - 1] ?? 0;
    return count > 0 ? [`${count} rated it ${ratingName(rating)}`] : [];
  });
  if (parts.length <= 1) return `${parts.join('')}.`;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}.`;
}

/** "You rated it 4.", or nothing when the manager's own rating is not known. */
export function ownRatingSentence(own: number | undefined): string {
  return own === undefined ? '' : `You rated it ${ratingName(own)}.`;
}

/** Said when every colleague gave each statement the same rating (the page's and the PDF's). */
export const NO_DIFFERING =
  'Your team agreed on every statement: each was given the same rating by every respondent.';

/** Said when no role was given by enough colleagues to be shown apart (the page's and the PDF's). */
export const NO_ROLES = `No role was given by at least ${MIN_TEAM_RESPONDENTS} respondents, so there are no figures by role: fewer could single someone out.`;
