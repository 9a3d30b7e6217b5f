import { comparisonPending, medianText } from './benchmark';
import { formatDay } from './format-day';
import { NOT_A_CQC_RATING } from './insight';
import { signedChange, type AreaComparison, type AreaResult, type Report } from './report';

/**
 * The sentences the results page, the e-mail and the PDF print around the report's figures,
 * written once so the three never word the same thing differently. Where a view styles part of a
 * sentence on its own (the results page), a `…Parts` function gives the parts and the one-string
 * function joins them, so the words still exist once.
 */

export const PRIORITIES_HEADING = 'Your priorities';

export const PRIORITIES_INTRO =
  'The statements you rated lowest (1 or 2), weakest first, up to five, with a next step for each.';

/** Said instead of the list when no statement was rated 1 or 2. */
export const NO_PRIORITIES =
  'You rated no statement 1 or 2, so nothing stands out as needing to be fixed first. The advice for each area says how to build on what you have.';

export const KEY_QUESTIONS_HEADING = 'By CQC key question';

/** Introduces the key-question scores; every view follows it with NOT_A_CQC_RATING_SENTENCE, set apart. */
export const KEY_QUESTIONS_INTRO =
  'Each statement gives evidence for one or more of the five questions CQC asks of every service. The score of a key question is the average of your answers to its statements, to help you see where your evidence is thinner.';

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

/**
 * A retake's change as its two parts: `amount` is "+8 points" (a true minus sign when down) or
 * "No change", `since` is "since your audit on 12 November 2026"; `takenOn` is YYYY-MM-DD.
 */
export function changeParts(points: number, takenOn: string): { amount: string; since: string } {
  const day = formatDay(takenOn);
  // A malformed day cannot be named; the change itself still holds, so say it without one.
  const since = day === undefined ? 'since your last audit' : `since your audit on ${day}`;
  if (points === 0) return { amount: 'No change', since };
  return { amount: `${signedChange(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`, since };
}

/** "+8 points since your audit on 12 November 2026", "No change since your audit on …". */
export function changeSince(points: number, takenOn: string): string {
  const { amount, since } = changeParts(points, takenOn);
  return `${amount} ${since}`;
}

/** A retake's overall change, "+3 points since your audit on …"; undefined for a first audit. */
export function overallChangeText(report: Report): string | undefined {
  const { change } = report.overall;
  return change !== undefined && report.earlier ? changeSince(change, report.earlier.takenOn) : undefined;
}

/**
 * The lines under an area's score in the e-mail and the PDF, whichever apply: its change since the
 * earlier audit (`earlierOn`, a retake's), then where it stands against other providers.
 */
export function areaNotes(area: AreaResult, earlierOn: string | undefined): string[] {
  return [
    area.change !== undefined && earlierOn ? changeSince(area.change, earlierOn) : undefined,
    area.comparison ? areaComparisonText(area.comparison) : undefined,
  ].filter((note) => note !== undefined);
}

/**
 * Whom the areas are compared with (providers like the visitor's, or all providers when too few
 * like it have taken part), or that there is no comparison yet and how many providers it needs;
 * undefined when the report has no benchmark at all, so nothing is said.
 */
export function comparisonIntro(comparison: Report['comparison']): string | undefined {
  if (!comparison) return undefined;
  if (comparison.status === 'too_few') return comparisonPending(comparison.minResponses);
  const { basis, responses, comparedWith } = comparison;
  const who = `${responses} ${comparedWith} who ${responses === 1 ? 'has' : 'have'} taken this audit`;
  const compared =
    basis === 'segment'
      ? `Each area is compared with ${who}.`
      : `Too few providers like yours have taken part yet, so each area is compared with all ${who}.`;
  return `${compared} Your position says which quarter of their scores yours falls in, or that it is on their median.`;
}

/**
 * An area's comparison as its two parts: "Providers like you: median 64%" (or "All providers: …"
 * when the segment had too few) and "Your position: Third quarter".
 */
export function areaComparisonParts(comparison: AreaComparison): { median: string; position: string } {
  return {
    median: medianText(comparison.median, comparison.basis),
    position: `Your position: ${comparison.positionLabel}`,
  };
}

/** "Providers like you: median 64% · Your position: Third quarter", or "All providers: …". */
export function areaComparisonText(comparison: AreaComparison): string {
  const { median, position } = areaComparisonParts(comparison);
  return `${median} · ${position}`;
}

/**
 * "Evidence for CQC quality statements: Safeguarding; Learning culture.": the framework items a key
 * question's statements give evidence for, under the framework's name as the version keeps it.
 */
export function frameworkEvidence(frameworkName: string, items: readonly string[]): string {
  return `Evidence for ${frameworkName}: ${items.join('; ')}.`;
}
