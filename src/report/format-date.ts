// Fixed to UTC so a report gives the same date wherever it is rendered.
const REPORT_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The date as the report prints it, e.g. "22 November 2026". */
export function formatReportDate(date: Date): string {
  return REPORT_DATE.format(date);
}
