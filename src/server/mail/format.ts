// UTC, as the PDF report and its file name date it, so the e-mail and its attachment agree.
const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
  timeZoneName: 'short',
});

/** "22 November 2026", the date of a report. */
export function longDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** "22 November 2026 at 14:03 GMT", in UK time. */
export function dateTime(date: Date): string {
  return DATE_TIME.format(date);
}
