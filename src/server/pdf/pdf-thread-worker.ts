import { renderReportPdf } from '../../report';
import type { PdfRequest } from './pdf-thread';
import { answerCalls } from '../worker-threads/worker-calls';

// Runs in the PDF thread (see pdf-thread.ts): renders each report it is sent and moves the file back.
answerCalls<PdfRequest, Uint8Array<ArrayBuffer>>(
  ({ report, contact }) => renderReportPdf(report, contact),
  (pdf) => [pdf.buffer],
);
