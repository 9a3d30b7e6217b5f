import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The built chunks that belong to the PDF report: jsPDF, the parts it loads on demand (html2canvas,
 * DOMPurify, and `index.es`, its polyfill and SVG bundle), and the report's own download module
 * that imports them. None of them may load before "Download Full Report" is pressed.
 */
export const PDF_CHUNK = /(^|\/)(jspdf|html2canvas|purify|index\.es|download)[.-][^/]*\.js$/;

/** The PDF chunks in a build, so a check that finds none of them on a page is known not to be vacuous. */
export function pdfChunksIn(clientDir: string): string[] {
  return readdirSync(path.join(clientDir, 'assets'))
    .filter((file) => PDF_CHUNK.test(file))
    .map((file) => `/assets/${file}`)
    .sort();
}
