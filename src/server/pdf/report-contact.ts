import type { Report } from '../../core';
import type { ReportContact } from '../../report';
import { bookingLinkFor, type BookingPerson } from '../../shared/booking-link';
import type { Config } from '../config';

/** Renders a report's PDF; `contact` is what its last page prints (booking link, e-mail, web address). */
export type RenderPdf = (report: Report, contact: ReportContact) => Promise<Uint8Array>;

/**
 * The company's contact details as this server is configured: the same in the e-mail and the
 * download. The booking link is filled in for `person`, a visitor who consented (bookingPersonOf);
 * none (an anonymous download, a preview): the link as configured.
 */
export function reportContact(
  config: Pick<Config, 'links' | 'publicUrl'>,
  person: BookingPerson | null = null,
): ReportContact {
  return {
    bookingUrl: bookingLinkFor(config.links.bookingUrl, person),
    contactEmail: config.links.contactEmail,
    webAddress: config.publicUrl,
  };
}
