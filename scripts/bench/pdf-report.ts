import type { Bytes } from '../first-load';
import { table } from './markdown-table';
import type { PdfFileFigures } from './pdf-chunks';
import type { PdfFigures } from './pdf-download';

/** What the PDF report costs: the download's time, the browser's download module, the files, the render. */
export interface PdfBenchFigures {
  download: PdfFigures;
  /** The browser's download module ("Download Full Report" loads it on the click). */
  downloadChunk: Bytes & { files: string[] };
  /** Chunks of the browser build holding a PDF library's code: none, as the server renders the PDF. */
  pdfLibraryChunks: string[];
  files: PdfFileFigures;
}

export interface PdfGoal {
  goal: string;
  figure: string;
  met: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The PDF's goals: within 500 ms of the click, and no PDF code in the browser before the click (or at all). */
export function pdfGoals(pdf: PdfBenchFigures, pdfChunksOnFirstLoad: string[]): PdfGoal[] {
  const beforePress = [pdf.download.firstAfterStart, ...pdf.download.presses].flatMap(
    (p) => p.pdfChunksBeforePress,
  );
  const first = pdf.download.firstAfterStart.toSavedMs;
  return [
    {
      goal: 'Nothing of the PDF code on any first load, and no PDF library in the browser at all',
      figure:
        pdfChunksOnFirstLoad.length + beforePress.length + pdf.pdfLibraryChunks.length === 0
          ? `the download module (${pdf.downloadChunk.files.length} chunk) on no first load and not fetched before the press; no chunk holds a PDF library`
          : `on first load: ${pdfChunksOnFirstLoad.join(', ') || 'none'}; fetched before the press: ${beforePress.join(', ') || 'none'}; PDF library in: ${pdf.pdfLibraryChunks.join(', ') || 'none'}`,
      met:
        pdf.downloadChunk.files.length > 0 &&
        pdfChunksOnFirstLoad.length === 0 &&
        beforePress.length === 0 &&
        pdf.pdfLibraryChunks.length === 0,
    },
    {
      goal: 'PDF download done within 500 ms of the click',
      figure: `median ${pdf.download.medianMs} ms, p95 ${pdf.download.p95Ms} ms; first press after the server started ${first} ms`,
      met: pdf.download.p95Ms <= 500 && first <= 500,
    },
  ];
}

/** The PDF's figures as Markdown tables. */
export function pdfMarkdown(pdf: PdfBenchFigures): string {
  const { download, files } = pdf;
  return [
    '**PDF download** ("Download Full Report" on `/audit-results` to the saved file, in Chromium; a new page in a new browser context each time; the server renders the PDF in its PDF thread)',
    '',
    table(
      ['presses', 'median', 'p95', 'all'],
      [
        ['first press after the server started (1)', `${download.firstAfterStart.toSavedMs} ms`, '–', ''],
        [
          `later presses (${download.presses.length})`,
          `${download.medianMs} ms`,
          `${download.p95Ms} ms`,
          download.presses.map((p) => p.toSavedMs).join(', '),
        ],
      ],
    ),
    '',
    '**PDF bytes**',
    '',
    table(
      ['what', 'bytes'],
      [
        [
          `browser's download module, gz (raw): ${pdf.downloadChunk.files.join(', ')}`,
          `${kb(pdf.downloadChunk.gzip)} (${kb(pdf.downloadChunk.raw)})`,
        ],
        ...files.files.map((f) => [`PDF file, ${f.report} report`, kb(f.bytes)]),
        [
          `server render of the mixed report (median of ${files.renders}, slowest)`,
          `${files.renderMedianMs} ms (${files.renderMaxMs} ms)`,
        ],
      ],
    ),
  ].join('\n');
}
