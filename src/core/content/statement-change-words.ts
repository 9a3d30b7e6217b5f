/**
 * The words of the statements rated differently since the result before (issue 34), on a retake's
 * private results page. A module of their own: only that part of the page (a lazy chunk) says them.
 */
/** The heading over the statements rated differently since the result before (issue 34). */
export const STATEMENTS_CHANGED_HEADING = 'Statements you rated differently';

/** Said when every statement both results share was rated as before. */
export const NO_STATEMENT_CHANGED = 'You rated every statement the two audits share as you did before.';

/** "Staff retention: 2 → 4". */
export function statementChangeText(change: { label: string; from: number; to: number }): string {
  return `${change.label}: ${change.from} → ${change.to}`;
}

/**
 * Said when the two results were answered in different versions of the audit's words: areas are
 * compared as ever, statements only where the meaning was kept, and any left out are named.
 */
export function wordingChangedNote(earlierDay: string, notCompared: readonly string[]): string {
  const compared = `The audit’s wording changed between your results of ${earlierDay} and these. Area scores compare as before; a statement is compared only where its meaning stayed the same.`;
  return notCompared.length === 0
    ? compared
    : `${compared} Not compared, as ${notCompared.length === 1 ? 'it is' : 'they are'} new: ${notCompared.join('; ')}.`;
}
