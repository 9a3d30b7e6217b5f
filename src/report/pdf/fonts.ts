import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FontName } from './theme';

/**
 * Source Sans 3 (SIL Open Font License, the npm package `source-sans`), embedded as subsets. A
 * PDF/UA document may not lean on a reader's built-in fonts, and these cover every character the
 * report prints: Latin with accents (Zoë, Łódź), ’ “ ” – — … • and the true minus sign.
 */
const FILES: Record<FontName, string> = {
  regular: 'SourceSans3-Regular.ttf',
  semibold: 'SourceSans3-Semibold.ttf',
  bold: 'SourceSans3-Bold.ttf',
  italic: 'SourceSans3-It.ttf',
};

const TTF_FOLDER = join(dirname(createRequire(import.meta.url).resolve('source-sans/package.json')), 'TTF');

let loaded: Record<FontName, Font> | undefined;

/**
 * The four faces, parsed once per process and shared by every report. PDFKit takes a parsed font as
 * it is; given the file instead, it parses it again for each document, and decoding the tables a
 * layout needs was most of a render's time (≈550 ms of ≈600 ms for an 8-page report).
 */
function reportFonts(): Record<FontName, Font> {
  loaded ??= {
    regular: open(FILES.regular),
    semibold: open(FILES.semibold),
    bold: open(FILES.bold),
    italic: open(FILES.italic),
  };
  return loaded;
}

function open(file: string): Font {
  const font = create(readFileSync(join(TTF_FOLDER, file)));
  // A collection (.ttc) would come back as several fonts; these files are single TrueType fonts.
  if (!('layout' in font)) throw new Error(`${file} is not a single font`);
  return font;
}

/** PDFKit's per-face cache of laid-out words (an internal of PDFKit 0.20's EmbeddedFont). */
interface WordLayoutCache {
  layoutCache?: Record<string, unknown>;
}

const sharedWordLayouts = new Map<FontName, Record<string, unknown>>();

/**
 * Registers the four faces with `doc` under their names and gives each the process's cache of
 * laid-out words. PDFKit shapes every word it measures or draws with fontkit (kerning, ligatures)
 * and caches the result per document only, so each report shaped the same few hundred words again:
 * ≈60 ms of CPU a render. A word's layout depends only on the face, and PDFKit copies what it
 * adjusts, so one cache per face serves every document; it holds the report's own vocabulary.
 */
export function useReportFonts(doc: PDFKit.PDFDocument): void {
  const fonts = reportFonts();
  for (const name of Object.keys(fonts) as FontName[]) {
    doc.registerFont(name, fonts[name] as unknown as Buffer);
    doc.font(name);
    const face = (doc as unknown as { _font: WordLayoutCache })._font;
    if (!sharedWordLayouts.has(name)) sharedWordLayouts.set(name, face.layoutCache ?? Object.create(null));
    face.layoutCache = sharedWordLayouts.get(name);
  }
}
