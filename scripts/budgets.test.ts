/**
 * The size budgets (scripts/budgets.ts) checked against the built site in build/client: run after
 * `npm run build` (`npm test` does), never on its own source files.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES_FILE } from '../src/shared/pages';
import { ROUTES } from '../src/web/routes';
import { PDF_CHUNK, pdfChunksIn, pdfLibraryChunksIn } from './bench/pdf-chunks';
import { BUDGETS, KB } from './budgets';
import { measureFirstLoad, measureSite, reactChunk } from './first-load';

const clientDir = path.resolve(import.meta.dirname, '../build/client');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function built(): void {
  if (!existsSync(path.join(clientDir, SITE_PAGES_FILE))) {
    throw new Error('No built site in build/client: run `npm run build` first');
  }
}

describe('the built site', () => {
  it('has every page of the route table, and only those', () => {
    built();
    expect(measureSite().map((page) => page.path)).toEqual(ROUTES.map((route) => route.path));
  });
});

describe.each(ROUTES.map((route) => [route.path, route] as const))('%s', (pagePath, route) => {
  it(`paints from at most ${kb(BUDGETS.firstPaintGzip)} gz of HTML and CSS`, () => {
    built();
    const { firstPaint } = measureFirstLoad(pagePath);
    expect(firstPaint.gzip, `first paint ${kb(firstPaint.gzip)}`).toBeGreaterThan(0);
    expect(firstPaint.gzip, `first paint ${kb(firstPaint.gzip)}`).toBeLessThanOrEqual(BUDGETS.firstPaintGzip);
  });

  if (route.shipsScript) {
    const budget = BUDGETS.ownScriptGzip[pagePath];
    it(`loads at most ${budget === undefined ? '(no budget)' : kb(budget)} gz of our own script before it is interactive`, () => {
      built();
      expect(budget, `scripts/budgets.ts has no script budget for ${pagePath}`).toBeTypeOf('number');
      const { ownScript, scriptFiles } = measureFirstLoad(pagePath);
      expect(ownScript.gzip).toBeGreaterThan(0);
      expect(
        ownScript.gzip,
        `${kb(ownScript.gzip)} for a budget of ${kb(budget ?? 0)}: ${scriptFiles.join(', ')}`,
      ).toBeLessThanOrEqual(budget ?? 0);
    });

    it(`loads React once, in its own chunk of at most ${kb(BUDGETS.reactScriptGzip)} gz`, () => {
      built();
      const { reactScript, scriptFiles } = measureFirstLoad(pagePath);
      expect(scriptFiles).toContain(reactChunk());
      expect(reactScript.gzip).toBeGreaterThan(0);
      expect(reactScript.gzip, kb(reactScript.gzip)).toBeLessThanOrEqual(BUDGETS.reactScriptGzip);
    });
  } else {
    it('ships no script at all', () => {
      built();
      const { script, scriptFiles } = measureFirstLoad(pagePath);
      expect(scriptFiles).toEqual([]);
      expect(script.raw).toBe(0);
      expect(readFileSync(path.join(clientDir, route.file), 'utf8')).not.toMatch(/<script/i);
    });
  }
});

describe('budgets', () => {
  it('name every page that ships script, and only pages of the route table', () => {
    const scriptPages = ROUTES.filter((route) => route.shipsScript).map((route) => route.path);
    expect(Object.keys(BUDGETS.ownScriptGzip).sort()).toEqual(scriptPages.sort());
    const paths = ROUTES.map((route) => route.path);
    for (const pagePath of Object.keys(BUDGETS.screenChunkGzip)) expect(paths).toContain(pagePath);
  });

  it.each(Object.entries(BUDGETS.screenChunkGzip))(
    "%s: the screen's own chunk is within its budget",
    (pagePath, budget) => {
      built();
      const { file, bytes } = measureFirstLoad(pagePath).screenChunk;
      expect(bytes.gzip, `${file}: ${kb(bytes.gzip)} for a budget of ${kb(budget)}`).toBeLessThanOrEqual(
        budget,
      );
    },
  );
});

describe('the PDF code in the browser (the download module; the PDF is made on the server)', () => {
  it('is one download module found in the build by name, and no chunk holds a PDF library', () => {
    built();
    // Without the download chunk in the build, "none on a first load" would prove nothing.
    expect(pdfChunksIn(clientDir)).toHaveLength(1);
    expect(pdfLibraryChunksIn(clientDir)).toEqual([]);
  });

  it.each(ROUTES.map((route) => route.path))('is not on the first load of %s', (pagePath) => {
    built();
    expect(measureFirstLoad(pagePath).scriptFiles.filter((file) => PDF_CHUNK.test(file))).toEqual([]);
  });
});
