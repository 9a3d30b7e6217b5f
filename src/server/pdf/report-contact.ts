import type { Report } from '../../core';
import type { ReportContact } from '../../report';
import type { Config } from '../config';

/** Renders a report's PDF; `contact` is what its last page prints (booking link, e-mail, web address). */
export type RenderPdf = (report: Report, contact: ReportContact) => Promise<Uint8Array>;

/** The company's contact details as this server is configured: the same in the e-mail and the download. */
export function reportContact(config: Pick<Config, 'links' | 'publicUrl'>): ReportContact {
  return {
    bookingUrl: config.links.bookingUrl,
    contactEmail: config.links.contactEmail,
    webAddress: config.publicUrl,
  };
}
