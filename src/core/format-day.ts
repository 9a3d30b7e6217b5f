/**
 * "12 November 2026" for a YYYY-MM-DD day, the same wherever the visitor is (UTC), or undefined
 * for a day that is not one (a malformed stored value cannot be formatted).
 *
 * The formatter is made per call, not at module level: a module-level `new Intl.DateTimeFormat` is
 * a side effect, and the bundler then makes every page that loads the core's index load this
 * module and the report chunk it is bundled in (vite.config.ts), the audit's pages included.
 */
export function formatDay(day: string): string | undefined {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
