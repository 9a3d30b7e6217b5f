import {
  COMPARISON_PENDING,
  NOT_A_CQC_RATING,
  medianText,
  signedChange,
  type AreaComparison,
  type Report,
} from '../core';

/**
 * The sentences the e-mail and the PDF both print around the report's figures, written once so
 * the two documents a visitor receives together never word the same thing differently.
 */

export const PRIORITIES_HEADING = 'Your priorities';

export const PRIORITIES_INTRO =
  'The statements you rated lowest (1 or 2), weakest first, up to five, each with a next step.';

/** Said instead of the list when no statement was rated 1 or 2. */
export const NO_PRIORITIES =
  'You rated no statement 1 or 2, so nothing stands out as needing to be fixed first. The advice for each area shows how to build on what you have.';

export const KEY_QUESTIONS_HEADING = 'By CQC key question';

/** Introduces the key-question scores; every view follows it with NOT_A_CQC_RATING, set apart. */
export const KEY_QUESTIONS_INTRO =
  'A score for each of the five questions CQC asks of every service, from the statements that give evidence for it.';

/** The words every view by key question carries, as a sentence. */
export const NOT_A_CQC_RATING_SENTENCE = `${NOT_A_CQC_RATING}.`;

/** "Your rating: 2 of 5". */
export function ratingGiven(rating: number): string {
  return `Your rating: ${rating} of 5`;
}

/** "9 statements": how many statements a key question's score comes from. */
export function statementCount(statements: number): string {
  return `${statements} ${statements === 1 ? 'statement' : 'statements'}`;
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "+8 points since 1 August 2026" (a true minus sign when down), "No change since …"; `takenOn` is YYYY-MM-DD. */
export function changeSince(points: number, takenOn: string): string {
  const date = new Date(`${takenOn}T00:00:00Z`);
  // A malformed date would print "Invalid Date"; the change itself still holds, so say it alone.
  const since = Number.isNaN(date.getTime()) ? 'since your last audit' : `since ${LONG_DATE.format(date)}`;
  if (points === 0) return `No change ${since}`;
  return `${signedChange(points)} ${Math.abs(points) === 1 ? 'point' : 'points'} ${since}`;
}

/**
 * Who the areas are compared with, or the sentence that comparisons come once enough providers
 * have taken part; undefined when the report has no benchmark at all, so nothing is said.
 */
export function comparisonIntro(comparison: Report['comparison']): string | undefined {
  if (!comparison) return undefined;
  if (comparison.status === 'too_few') return COMPARISON_PENDING;
  const audits = comparison.responses === 1 ? 'has' : 'have';
  return `Compared with ${comparison.responses} ${comparison.comparedWith} who ${audits} taken this audit.`;
}

/** "Providers like you: median 64% · Your position: Third quarter". */
export function areaComparisonText(comparison: AreaComparison): string {
  return `${medianText(comparison.median)} · Your position: ${comparison.positionLabel}`;
}
