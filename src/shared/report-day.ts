/**
 * The day a report is dated, as `POST /api/report` takes it (YYYY-MM-DD), and the moment the
 * server builds it for. Plain functions, no schema: the browser's download module imports these
 * and must stay small.
 */

/** The visitor's own calendar day, which in a time zone east of UTC may already be tomorrow's. */
export function localDay(moment: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The moment a report dated `day` is built for: midday UTC, the same calendar day in every UK time. */
export function reportMoment(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}
