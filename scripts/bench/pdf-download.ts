import { stat } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { buildReport, sanitizeResponses } from '../../src/core';
import { COMPLETE_RESPONSES } from '../../test/support/requests';
import { CHROMIUM_FLAGS } from '../chromium-flags';
import { PDF_CHUNK } from './pdf-chunks';
import { median, percentile, round } from './stats';

/** One press of "Download Full Report", in milliseconds from the click. */
export interface PdfPress {
  /** Until Playwright's `download` event: the browser has started saving the file. */
  toDownloadEventMs: number;
  /** Until `download.path()` resolves: the whole file is saved. */
  toSavedMs: number;
  bytes: number;
  /** Download chunks the page fetched before the press (there should be none). */
  pdfChunksBeforePress: string[];
}

export interface PdfFigures {
  /** The first press after the server started: its PDF thread was started when it began listening. */
  firstAfterStart: PdfPress;
  /** Later presses, each on a new page in a new browser context (nothing cached). */
  presses: PdfPress[];
  medianMs: number;
  /** The 95th percentile of `presses` (nearest rank). */
  p95Ms: number;
  maxMs: number;
}

const RESULTS_STATE = {
  responses: sanitizeResponses(COMPLETE_RESPONSES),
  overallScore: buildReport(sanitizeResponses(COMPLETE_RESPONSES)).overall.score,
};

/** Opens /audit-results on a new page as it is after a completed audit, and presses the button once. */
async function pressOnce(context: BrowserContext, baseUrl: string): Promise<PdfPress> {
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  try {
    // The answers travel as history state (as after "Complete Audit"); set before any page script runs.
    await page.addInitScript((state) => {
      if (!window.history.state) window.history.replaceState({ key: 'bench', usr: state }, '');
    }, RESULTS_STATE);
    await page.goto(`${baseUrl}/audit-results`);
    // Hydrated with the answers: the pre-rendered page shows 0 until the script has read them.
    await page
      .getByRole('progressbar', { name: 'Overall score' })
      .and(page.locator(`[aria-valuenow="${RESULTS_STATE.overallScore}"]`))
      .waitFor();
    const button = page.getByRole('button', { name: 'Download Full Report' });
    await button.waitFor();
    const pdfChunksBeforePress = requested.filter((url) => PDF_CHUNK.test(url));
    const downloadEvent = page.waitForEvent('download', { timeout: 30_000 });
    const start = performance.now();
    await button.click();
    const download = await downloadEvent;
    const toDownloadEventMs = performance.now() - start;
    const file = await download.path();
    const toSavedMs = performance.now() - start;
    const { size } = await stat(file);
    return {
      toDownloadEventMs: round(toDownloadEventMs, 1),
      toSavedMs: round(toSavedMs, 1),
      bytes: size,
      pdfChunksBeforePress,
    };
  } finally {
    await page.close();
  }
}

/**
 * The time from pressing "Download Full Report" to the saved PDF, in Debian's Chromium: the click
 * loads the download module, posts the answers, the server renders the PDF in its PDF thread, and
 * the browser saves it. Each press on a new page in a new context, so nothing is cached. Give it a
 * server that has just started: its first press is reported on its own.
 */
export async function measurePdfDownload(
  baseUrl: string,
  options: { presses: number; chromePath: string },
): Promise<PdfFigures> {
  let browser: Browser | undefined;
  const all: PdfPress[] = [];
  try {
    browser = await chromium.launch({ executablePath: options.chromePath, args: CHROMIUM_FLAGS });
    for (let i = 0; i <= options.presses; i++) {
      const context = await browser.newContext({ acceptDownloads: true });
      try {
        all.push(await pressOnce(context, baseUrl));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser?.close();
  }
  const [firstAfterStart, ...presses] = all as [PdfPress, ...PdfPress[]];
  const saved = presses.map((p) => p.toSavedMs);
  return {
    firstAfterStart,
    presses,
    medianMs: round(median(saved), 1),
    p95Ms: percentile(saved, 95),
    maxMs: Math.max(...saved),
  };
}
