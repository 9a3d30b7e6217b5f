import { useState } from 'react';
import { hasAnswers } from '../../../core';
import type { ReportRequest } from '../../../shared/report-request';
import type { NoticeContent } from '../../ui/notice';
import { rememberStoredResultUsage, reportUsage } from '../../usage/report-usage';

const FAILED = 'The report could not be created. Please try again.';
const NO_ANSWERS = 'There are no answers to put in a report yet. Take the audit first.';

/**
 * "Download Full Report": the server renders the PDF of the report the page shows (the same
 * answers, day, profile and earlier result) and the browser saves it. On a results link the server
 * renders the stored result by its token (`resultsToken`), with its progress and plan.
 */
export function DownloadReportButton({
  reportRequest,
  resultsToken,
  onNotice: setNotice,
}: {
  reportRequest: () => ReportRequest;
  resultsToken?: string;
  onNotice: (notice: NoticeContent | null) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    const request = reportRequest();
    // Results without answers (the page opened directly): a report of nothing helps nobody, and the
    // server would refuse it, so say why rather than "try again".
    if (!hasAnswers(request.responses)) {
      setNotice({ variant: 'error', title: 'Error', text: NO_ANSWERS });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      // The download's code is loaded only now, never with the page.
      const { downloadReport } = await import('./download-report');
      await downloadReport(request, resultsToken);
      // A stored result's audit was completed (and counted) where it was taken, maybe on another
      // device: its PDF counts here as the same step, once.
      if (resultsToken !== undefined) rememberStoredResultUsage();
      reportUsage('pdf_downloaded');
    } catch (error) {
      console.warn('Report download failed', error);
      // Too many downloads: the server's message says when to try again. Anything else: the same words.
      // Told by name, not instanceof: the class lives in the module loaded on the click.
      const refused = error instanceof Error && error.name === 'DownloadRefused';
      setNotice({ variant: 'error', title: 'Error', text: refused ? error.message : FAILED });
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
