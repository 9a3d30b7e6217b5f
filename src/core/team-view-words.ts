import { AREAS } from './areas';
import { RATINGS, RATING_END_WORDS, type Rating } from './responses';
import { MIN_TEAM_RESPONDENTS, type DifferingStatement, type Spread } from './team-view';

/**
 * The words of the team's view (PRODUCT.md part 4, "The whole team answers"), as the private
 * results page prints them and the PDF may: written once, so the two never word a figure apart.
 * Every sentence is about figures over at least MIN_TEAM_RESPONDENTS colleagues, never one person.
 */

export const TEAM_VIEW_HEADING = 'Your team’s view';
export const TEAM_AREAS_TABLE_CAPTION = 'Your team’s scores by area, beside yours';
export const TEAM_DIFFERING_HEADING = 'Where answers differ most';
export const TEAM_ROLES_HEADING = 'By role';
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

/** "8 points above your team’s", "1 point below your team’s", "the same as your team’s". */
export function ownBesideTeam(own: number, team: number): string {
  const points = own - team;
  if (points === 0) return 'the same as your team’s';
  const amount = `${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
  return `${amount} ${points > 0 ? 'above' : 'below'} your team’s`;
}

/** "Team 62%, you 70%: 8 points above your team’s. Scores ranged from 40% to 85%." */
export function teamScoreSentence(spread: Spread & { own: number }): string {
  return `Team ${spread.median}%, you ${spread.own}%: ${ownBesideTeam(spread.own, spread.median)}. ${scoreRange(spread)}`;
}

/** "1 (Poor)", "3", "5 (Excellent)". */
export function ratingName(rating: number): string {
  const word = RATING_END_WORDS[rating as Rating];
  return word ? `${rating} (${word})` : String(rating);
}

/** A differing statement's text, from the audit's own statements. */
export function statementText(statement: Pick<DifferingStatement, 'area' | 'index'>): string {
  return AREAS.find((area) => area.id === statement.area)?.questions[statement.index] ?? '';
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

/** Said when every colleague gave each statement the same rating. */
export const NO_DIFFERING_STATEMENTS =
  'Your colleagues rated every statement alike: there is no statement where their answers differ.';

/** Said when no role was given by enough colleagues to be shown apart. */
export const NO_ROLES_SHOWN = `No role was given by at least ${MIN_TEAM_RESPONDENTS} colleagues, so there is no view by role: a role is shown apart only with ${MIN_TEAM_RESPONDENTS} or more, ${TOO_FEW_REASON}.`;
