import { reportFileName, type Report } from '../core';
import { renderReportPdf } from './render-pdf';

// FileSaver.js waits this long: some browsers start reading a blob URL after click() returns, and
// revoking it sooner can cancel the download. Holding one small PDF for a while costs nothing.
const REVOKE_AFTER_MS = 40_000;

/** Renders the report and saves it as "care-management-audit-report-YYYY-MM-DD.pdf" (browser only). */
export async function downloadReport(report: Report): Promise<void> {
  // The same bytes the e-mail attachment carries, rather than jsPDF's own save().
  const bytes = await renderReportPdf(report);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(report.generatedAt);
  // Older Firefox versions ignore click() on a link that is not in the document.
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
