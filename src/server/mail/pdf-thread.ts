import type { Report } from '../../core';
import type { RenderPdf } from './outbox-mail';
import { startWorkerCalls } from './worker-calls';

/** Renders report PDFs in a worker thread of their own. */
export interface PdfThread {
  render: RenderPdf;
  /** Ends the thread; renders still waiting are rejected. A later `render` starts a new one. */
  close(): Promise<void>;
}

/**
 * Rendering a report's PDF takes ~10 ms of CPU. On the main thread, renders one after another run
 * as one long task that holds up every request meanwhile (200 renders, 8 at a time: event-loop
 * delay p99 150–250 ms); in a thread of their own they run beside the requests, on another core
 * (p99 5–12 ms). The thread starts with the first render, so a server that sends no e-mail never
 * pays for it (about 250 ms to start, and the memory jsPDF takes).
 */
export function startPdfThread(): PdfThread {
  const thread = startWorkerCalls<Report, Uint8Array<ArrayBuffer>>('./pdf-thread-worker.ts');
  return {
    render: async (report) => {
      try {
        return await thread.call(report);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`the PDF thread could not render the report: ${reason}`, { cause: error });
      }
    },
    close: () => thread.close(),
  };
}
