import { buildReport } from '../../core';
import { sampleAnswers, type AuditContent } from '../../core/content';
import type { Band } from '../../core/insight/bands';
import type { Config } from '../config';
import { reportContact, type RenderPdf } from './report-contact';

/**
 * The PDF report as `content` would make it for sample answers in `band`, rendered by the same
 * thread as a visitor's download, for an editor's preview.
 */
export function previewReportPdf(
  renderPdf: RenderPdf,
  config: Pick<Config, 'links' | 'publicUrl'>,
): (content: AuditContent, band: Band, date: Date) => Promise<Uint8Array> {
  return (content, band, date) =>
    renderPdf(buildReport(sampleAnswers(band), date, { content }), reportContact(config));
}
