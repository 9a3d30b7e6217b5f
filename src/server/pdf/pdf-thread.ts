import { buildReport, type Report } from '../../core';
import type { ReportContact } from '../../report';
import type { RenderPdf } from './report-contact';
import { startWorkerCalls, type WorkerCallsOptions } from '../worker-threads/worker-calls';

/** What the PDF thread is sent for one render. */
export interface PdfRequest {
  report: Report;
  contact: ReportContact;
}

/** Renders report PDFs in a worker thread of their own. */
export interface PdfThread {
  render: RenderPdf;
  /**
   * Starts the thread now, with one throw-away render, so that the first download does not wait
   * for it. Resolves when the thread is ready; never rejects (a failure shows at the next render).
   */
  warmUp(): Promise<void>;
  /** Whether the thread is up now. */
  readonly running: boolean;
  /** Ends the thread; renders still waiting are rejected. A later `render` starts a new one. */
  close(): Promise<void>;
}

const WARM_UP_CONTACT: ReportContact = {
  bookingUrl: 'https://example.invalid/book',
  contactEmail: 'warm-up@example.invalid',
  webAddress: 'https://example.invalid',
};

/**
 * Rendering a report's PDF is CPU work: with PDFKit 25–40 ms for a typical report on this 2-core
 * machine. On the main thread every request would wait meanwhile; in a thread of its own renders run
 * beside the requests, on the other core. The thread starts with the first render, or with `warmUp`.
 */
export function startPdfThread(options: WorkerCallsOptions = {}): PdfThread {
  const thread = startWorkerCalls<PdfRequest, Uint8Array<ArrayBuffer>>(
    new URL('./pdf-thread-worker.ts', import.meta.url),
    {},
    options,
  );
  const render: RenderPdf = async (report, contact) => {
    try {
      return await thread.call({ report, contact });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`the PDF thread could not render the report: ${reason}`, { cause: error });
    }
  };
  return {
    render,
    get running() {
      return thread.running;
    },
    warmUp: async () => {
      // A real render, not only the thread's start: it also loads the renderer's modules and font.
      await render(buildReport({}, new Date()), WARM_UP_CONTACT).catch(() => undefined);
    },
    close: () => thread.close(),
  };
}
