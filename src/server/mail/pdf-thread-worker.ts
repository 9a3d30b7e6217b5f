import { parentPort } from 'node:worker_threads';
import type { Report } from '../../core';
import { renderReportPdf } from '../../report';
import type { PdfReply, PdfRequest } from './pdf-thread';

// Runs in the PDF thread: renders each report it is sent and sends the file back, moved rather
// than copied.
const port = parentPort;
if (!port) throw new Error('pdf-thread-worker runs as a worker thread only');

port.on('message', ({ id, report }: PdfRequest) => {
  renderReportPdf(report as Report).then(
    (pdf) => port.postMessage({ id, pdf } satisfies PdfReply, [pdf.buffer]),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PdfReply),
  );
});
