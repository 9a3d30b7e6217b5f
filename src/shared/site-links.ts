/**
 * External links, the contact address and the retention period as the built site renders them.
 * The server replaces these exact strings with the configured SIGNUP_URL, CONTACT_URL,
 * BOOKING_URL, CONTACT_EMAIL and RETENTION_DAYS when it loads the site, so a deployment changes
 * them without a rebuild (and the privacy notice never states a period the server does not keep).
 */
export const LINK_PLACEHOLDERS = {
  signupUrl: 'https://care-audit.example/sign-up',
  contactUrl: 'https://care-audit.example/contact',
  bookingUrl: 'https://care-audit.example/book-a-consultation',
  contactEmail: 'hello@care-audit.example',
  retentionPeriod: '365 days after it is made',
} as const;

/** How the privacy notice states the retention period for a number of days. */
export function retentionPeriodText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} after it is made`;
}
