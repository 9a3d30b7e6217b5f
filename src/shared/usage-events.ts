/**
 * What the visitor pages may report to the cookie-free counters (`POST /api/events`): the browser
 * names one of these, with a section number for `section_reached`, and the server adds one to
 * that day's count.
 */
export const USAGE_EVENTS = [
  'started',
  'section_reached',
  'completed',
  'pdf_downloaded',
  'email_requested',
] as const;
export type UsageEvent = (typeof USAGE_EVENTS)[number];
