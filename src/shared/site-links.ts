/**
 * External links and the contact address as the built site renders them. The server replaces
 * these exact strings with the configured SIGNUP_URL, CONTACT_URL, BOOKING_URL and CONTACT_EMAIL
 * when it loads the site, so a deployment changes them without a rebuild.
 */
export const LINK_PLACEHOLDERS = {
  signupUrl: 'https://care-audit.example/sign-up',
  contactUrl: 'https://care-audit.example/contact',
  bookingUrl: 'https://care-audit.example/book-a-consultation',
  contactEmail: 'hello@care-audit.example',
} as const;
