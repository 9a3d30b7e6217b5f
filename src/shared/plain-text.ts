/**
 * The one rule for text a person sends, on every route and in every field (the visitor's note and
 * contact details, the team's notes, searches and addresses): no characters a person does not type
 * and a database or terminal should not get. Those are the C0 controls other than tab, line feed
 * and carriage return (PostgreSQL cannot store U+0000 in text at all), DEL, and halves of a
 * surrogate pair without their other half (not a character in UTF-8, so a driver would turn one
 * into U+FFFD silently).
 */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a person is told about such a field, wherever it is. */
export const PLAIN_TEXT_MESSAGE = 'This contains characters that cannot be stored. Please remove them.';

/** True when `text` holds a character the rule above refuses. */
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}
