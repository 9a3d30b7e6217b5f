/** A UUID in its usual text form, any version, either case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can be a UUID: a row's id before a look-up (anything else cannot match, and
 * PostgreSQL would reject it as a malformed value, an error, rather than find nothing), or a
 * browser's idempotency key before it is kept or sent.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
