/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field holding a comma, quote, CR or LF is quoted,
 * with its quotes doubled), with a guard against formula injection for files opened in a
 * spreadsheet.
 */

// OWASP's list: a spreadsheet treats a cell starting with one of these as a formula (tab and CR
// because some programs strip them and then see the character after).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | Date | null | undefined;

/**
 * Text a spreadsheet will show as text: a leading `'` on a value that would otherwise start a
 * formula (`=HYPERLINK(…)` in a visitor's note, say). Applied to text only; numbers and times are
 * written by us and cannot start that way.
 */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: empty for null, ISO 8601 UTC for a time, guarded and quoted as needed for text. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return String(value);
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
