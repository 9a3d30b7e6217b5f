import { reportFileName, type Report } from '../core';
import { renderReportPdf } from './render-pdf';

/**
 * Saves the report as a PDF in the browser. It uses the same bytes as the e-mail attachment
 * (renderReportPdf), so both are the same document.
 */
export async function downloadReport(report: Report): Promise<void> {
  const bytes = await renderReportPdf(report);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(report.generatedAt);
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
