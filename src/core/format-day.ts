/**
 * The ways a day is written in words, in British English and in UTC, so a day reads the same
 * wherever it is formatted (a YYYY-MM-DD day is a UTC day; a moment is dated by its UTC day).
 */
const DAY_STYLES = {
  /** "12 November 2026": the results, the report and the e-mail that carries it. */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "12 Nov 2026": a day in a table with many columns (the progress table's rows). */
  'short-date': { day: 'numeric', month: 'short', year: 'numeric' },
  /** "12 Nov": the team's daily counts. */
  short: { day: 'numeric', month: 'short' },
  /** "Thu": the weekday alone, beside a short day. */
  weekday: { weekday: 'short' },
  /** "Thu, 12 Nov 2026": the team overview's first and last day. */
  'weekday-date': { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DayStyle = keyof typeof DAY_STYLES;

// Each formatter is made on first use, not at module level: a module-level `new Intl.DateTimeFormat`
// is a side effect, and the bundler then makes every page that loads the core's index load this
// module and the report chunk it is bundled in (vite.config.ts), the audit's pages included.
const formatters: Partial<Record<DayStyle, Intl.DateTimeFormat>> = {};

/**
 * A day in words: a YYYY-MM-DD day, or the UTC day of a moment. Undefined for a YYYY-MM-DD value
 * that is not a day (a malformed stored value cannot be formatted).
 */
export function formatDay(day: Date, style?: DayStyle): string;
export function formatDay(day: string, style?: DayStyle): string | undefined;
export function formatDay(day: string | Date, style: DayStyle = 'long'): string | undefined {
  const date = typeof day === 'string' ? new Date(`${day}T00:00:00Z`) : day;
  if (typeof day === 'string' && Number.isNaN(date.getTime())) return undefined;
  const formatter = (formatters[style] ??= new Intl.DateTimeFormat('en-GB', {
    ...DAY_STYLES[style],
    timeZone: 'UTC',
  }));
  return formatter.format(date);
}
