import type { Report } from '../../core';
import { renderReportPdf } from '../../report';
import { answerCalls } from './worker-calls';

// Runs in the PDF thread (see pdf-thread.ts): renders each report it is sent and moves the file back.
answerCalls<Report, Uint8Array<ArrayBuffer>>(renderReportPdf, (pdf) => [pdf.buffer]);
