import { startPdfThread, type PdfThread } from '../../src/server/pdf/pdf-thread';
import type { RenderPdf } from '../../src/server/pdf/report-contact';

let shared: PdfThread | undefined;

/**
 * The real PDF thread, one per test process, for every app a test builds (test-app.ts). Each app
 * would otherwise start a thread of its own at its first render, and a new thread's first render
 * loads PDFKit and parses the four faces: about 2 s of CPU, against 25–40 ms for a later render.
 * Some sixty apps each did that in a run, a tenth of the unit tests' CPU (decision 0092).
 *
 * It never stops when idle, and an idle thread does not keep the process alive (worker-calls.ts).
 * The app's own thread, its start on listen and its close with the app, are tested where they
 * matter: pdf-thread.test.ts, and the server processes of the process tests and the e2e suite.
 */
export function sharedRenderPdf(): RenderPdf {
  shared ??= startPdfThread({ idleStopMs: Infinity });
  return shared.render;
}
