/** How the reader reaches the company: printed on the report's "Next steps" page. */
export interface ReportContact {
  /** BOOKING_URL: where a free consultation is booked. */
  bookingUrl: string;
  /** CONTACT_EMAIL */
  contactEmail: string;
  /** PUBLIC_URL: the site's own origin. */
  webAddress: string;
}
