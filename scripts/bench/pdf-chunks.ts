import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderReportPdf } from '../../src/report';
import { FIXTURE_CONTACT, REPORT_FIXTURES } from '../../test/support/report-fixtures';
import { bytesOfFiles, type Bytes } from '../first-load';
import { timed } from './stats';

/**
 * What the PDF report costs, now that the server renders it: the browser's download module (the
 * one chunk "Download Full Report" loads on the click: it posts the answers and saves the file),
 * the PDF files themselves, and the server's time to render one.
 */

/** The browser's download module. It may not load before "Download Full Report" is pressed. */
export const PDF_CHUNK = /(^|\/)download-report[.-][^/]*\.js$/;

// Strings only a PDF library's code holds (jsPDF's class name, PDFKit's Producer): the browser
// build must hold none, as the PDF is made on the server.
const PDF_LIBRARY_MARKERS = ['jsPDF', 'PDFKit'];

function assets(clientDir: string): string[] {
  return readdirSync(path.join(clientDir, 'assets')).filter((file) => file.endsWith('.js'));
}

/** The download chunks in a build, so a check that finds none of them on a page is known not to be vacuous. */
export function pdfChunksIn(clientDir: string): string[] {
  return assets(clientDir)
    .filter((file) => PDF_CHUNK.test(file))
    .map((file) => `/assets/${file}`)
    .sort();
}

/** Chunks of the browser build that hold a PDF library's code (there should be none). */
export function pdfLibraryChunksIn(clientDir: string): string[] {
  return assets(clientDir)
    .filter((file) => {
      const code = readFileSync(path.join(clientDir, 'assets', file), 'utf8');
      return PDF_LIBRARY_MARKERS.some((marker) => code.includes(marker));
    })
    .map((file) => `/assets/${file}`)
    .sort();
}

/** The download module's bytes, raw and gzipped at level 9 (as the server sends it). */
export function downloadChunkBytes(clientDir: string): Bytes & { files: string[] } {
  const files = pdfChunksIn(clientDir);
  return { files, ...bytesOfFiles(files) };
}

export interface PdfFileFigures {
  /** The size of the PDF for each answer set that changes its length. */
  files: { report: 'allOnes' | 'mixed' | 'allFives'; bytes: number }[];
  /** One render of the mixed report in the server's process, after three to warm up. */
  renderMedianMs: number;
  renderMaxMs: number;
  renders: number;
}

/** The PDF's bytes for all 1s, a spread and all 5s, and the median time to render one. */
export async function measurePdfFiles(renders = 20): Promise<PdfFileFigures> {
  const files: PdfFileFigures['files'] = [];
  for (const report of ['allOnes', 'mixed', 'allFives'] as const) {
    const pdf = await renderReportPdf(REPORT_FIXTURES[report], FIXTURE_CONTACT);
    files.push({ report, bytes: pdf.byteLength });
  }
  const { medianMs, maxMs } = await timed(
    renders,
    () => renderReportPdf(REPORT_FIXTURES.mixed, FIXTURE_CONTACT),
    1,
  );
  return { files, renderMedianMs: medianMs, renderMaxMs: maxMs, renders };
}
