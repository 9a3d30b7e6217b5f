const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can be a row's uuid. Checked before a look-up: anything else cannot match, and
 * PostgreSQL would reject it as a malformed value (an error) rather than find nothing.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
