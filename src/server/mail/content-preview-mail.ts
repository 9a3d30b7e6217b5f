import { buildReport } from '../../core';
import { sampleAnswers, type AuditContent } from '../../core/content';
import type { Band } from '../../core/insight/bands';
import { resultsLink } from '../../shared/results-link';
import type { PreviewEmail } from '../content/content-previews';
import type { RequestMailSettings } from './compose-request-mail';
import { visitorEmail } from './visitor-email';

/** The results link a preview shows: the site's own results address, with a token nobody holds. */
const PREVIEW_TOKEN = 'preview';

/**
 * The visitor's results e-mail as `content` would make it for sample answers in `band`, composed
 * as a real one is (visitor-email.ts) but with no request, no comparison and no attachment: a pure
 * function of its arguments, for an editor's preview.
 */
export function previewResultsMail(
  content: AuditContent,
  band: Band,
  settings: Pick<RequestMailSettings, 'links' | 'publicUrl'>,
  date: Date,
): PreviewEmail {
  const report = buildReport(sampleAnswers(band), date, { content });
  return visitorEmail(report, {
    bookingUrl: settings.links.bookingUrl,
    contactEmail: settings.links.contactEmail,
    consented: true,
    resultsUrl: resultsLink(settings.publicUrl, PREVIEW_TOKEN),
  });
}
