import { reportFileName } from '../../../core';
import { reportMoment } from '../../../shared/report-day';
import type { ReportRequest } from '../../../shared/report-request';

/** The server refused the download for a reason the visitor should read (too many downloads). */
export class DownloadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadRefused';
  }
}

// FileSaver.js waits this long: some browsers start reading a blob URL after click() returns, and
// revoking it sooner can cancel the download. Holding one small PDF for a while costs nothing.
const REVOKE_AFTER_MS = 40_000;

/**
 * The server's own words from an API error body, or undefined when there are none. Not the e-mail
 * form's `errorFrom` (api/client.ts): a module shared with this click-loaded one is split into a
 * chunk of its own, one more request before /email-results starts (measured: +0.2 KB there).
 */
async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the server for the report's PDF (the renderer the e-mail attachment comes from) and saves it
 * as "care-management-audit-report-YYYY-MM-DD.pdf" (browser only): the report of the answers sent
 * (`POST /api/report`), or, given a results link's token, of the stored result it stands for
 * (`POST /api/results/<token>/report`), which the server builds with the result's history and
 * plan. Rejects with DownloadRefused on 429, with a plain Error on anything else that is not a PDF.
 */
export async function downloadReport(request: ReportRequest, resultsToken?: string): Promise<void> {
  const response = await fetch(
    resultsToken === undefined ? '/api/report' : `/api/results/${encodeURIComponent(resultsToken)}/report`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/pdf' },
      // The stored result's report needs nothing but its token: the answers are the server's own.
      body: JSON.stringify(resultsToken === undefined ? request : {}),
    },
  );
  if (response.status === 429) {
    throw new DownloadRefused(
      (await serverMessage(response)) ?? 'Too many requests. Please try again later.',
    );
  }
  // A proxy's error page can come with 200: only a PDF is saved.
  if (!response.ok || !/^application\/pdf\b/i.test(response.headers.get('content-type') ?? '')) {
    throw new Error(`the report download failed: HTTP ${response.status}`);
  }
  const pdf = new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(reportMoment(request.date));
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
