/**
 * A version number of the audit's words as an untrusted value gives it (a server's answer, stored
 * state): a whole number from 1, or undefined. Where a value names none, the words are version 1's:
 * every result from before versions was answered in them.
 */
export function versionNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}
