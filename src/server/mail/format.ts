const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
  timeZoneName: 'short',
});

/** "22 November 2026 at 14:03 GMT", in UK time. */
export function dateTime(date: Date): string {
  return DATE_TIME.format(date);
}
