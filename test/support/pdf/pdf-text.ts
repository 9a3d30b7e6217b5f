import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/**
 * Reads a PDF's text back with pdf.js, so tests check what a report really says (Node only;
 * the unit tests, the mail tests and the end-to-end suite share it).
 */

const PT_TO_MM = 25.4 / 72;

export interface PdfText {
  pages: { text: string; lines: { text: string; mmFromTop: number }[] }[];
  /** Every page's text, whitespace folded to single spaces. */
  all: string;
}

// pdf.js needs its bundled metrics for any standard font a PDF names (our reports embed theirs,
// but a test may read other PDFs); without them it warns on every page.
const STANDARD_FONTS = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

/** Opens a PDF with pdf.js (the caller destroys it). */
export async function openPdf(bytes: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given, so it gets a copy.
  return getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
}

/** The PDF's document information dictionary (Title, Subject, Creator, Language, …). */
export async function readPdfInfo(bytes: Uint8Array): Promise<object> {
  const pdf = await openPdf(bytes);
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return info;
}

/** The PDF's text page by page, with each line's distance from the top of its page. */
export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await openPdf(bytes);
  const pages: PdfText['pages'] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const pageHeight = page.view[3];
    const items = (await page.getTextContent()).items.filter((item): item is TextItem => 'str' in item);
    const lines = items
      .filter((item) => item.str.trim() !== '')
      .map((item) => ({ text: item.str, mmFromTop: (pageHeight - item.transform[5]) * PT_TO_MM }));
    pages.push({ text: normalise(items.map((item) => item.str).join(' ')), lines });
  }
  await pdf.destroy();
  return { pages, all: pages.map((p) => p.text).join(' ') };
}

/** All of a PDF's text as one string. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).all;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
