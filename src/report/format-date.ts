// Fixed to UTC so a report gives the same date wherever it is rendered. A module of its own, apart
// from the renderer, so that the e-mail can print the date of its attached report without loading
// PDFKit in the server's main thread.
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
