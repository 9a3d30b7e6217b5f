import type { AuditContent } from '../../core/content';
import type { Band } from '../../core/insight/bands';

/** An e-mail as the visitor would receive it. */
export interface PreviewEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * What an editor's preview shows of words not yet published: the visitor's results e-mail and the
 * PDF report for sample answers that land every area in `band` (sampleAnswers). Made by mail/ and
 * pdf/, which sit below this folder, and handed to the team routes by team-api.ts.
 */
export interface ContentPreviews {
  email(content: AuditContent, band: Band): Promise<PreviewEmail>;
  pdf(content: AuditContent, band: Band): Promise<Uint8Array>;
}
