import { useState } from 'react';
import type { Report } from '../../../core';
import type { NoticeContent } from '../../ui/notice';
import { reportUsage } from '../../usage/report-usage';

/**
 * "Download Full Report": the PDF of the report the page shows, with the same comparison and
 * change, built when pressed (so it carries the figures that have arrived by then).
 */
export function DownloadReportButton({
  makeReport,
  onNotice: setNotice,
}: {
  makeReport: () => Promise<Report>;
  onNotice: (notice: NoticeContent | null) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    setNotice(null);
    try {
      // The PDF library is loaded only now, never with the page.
      const { downloadReport } = await import('../../../report/download');
      await downloadReport(await makeReport());
      reportUsage('pdf_downloaded');
    } catch (error) {
      console.warn('Report download failed', error);
      setNotice({
        variant: 'error',
        title: 'Error',
        text: 'The report could not be created. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="button button--primary"
      onClick={download}
      aria-busy={busy}
      disabled={busy}
    >
      {busy ? 'Preparing report…' : 'Download Full Report'}
    </button>
  );
}
