/**
 * The size budgets (scripts/budgets.ts) checked against the built site in build/client: run after
 * `npm run build` (`npm test` does), never on its own source files.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/database';
import { SITE_PAGES_FILE } from '../src/shared/pages';
import { ROUTES } from '../src/web/routes';
import { sourceOfArrival } from '../src/web/visit-source/visit-source';
import { openTestPglite } from '../test/support/pglite';
import { useTestApp } from '../test/support/test-app';
import { testConfig } from '../test/support/test-config';
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
    it('loads no script file: its one script is the inline note of the visit’s source', () => {
      built();
      const { script, scriptFiles } = measureFirstLoad(pagePath);
      expect(scriptFiles).toEqual([]);
      expect(script.raw).toBe(0);
      const html = readFileSync(path.join(clientDir, route.file), 'utf8');
      expect(html.match(/<script\b[^>]*>/gi)).toEqual(['<script data-visit-source>']);
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

/** The inline note of the visit's source in a page, as scripts/build.ts writes it: its code. */
const VISIT_SOURCE_NOTE = /<script data-visit-source>([\s\S]*?)<\/script>/g;
const notesIn = (html: string) => [...html.matchAll(VISIT_SOURCE_NOTE)].map((match) => match[1]);

function builtPage(file: string): string {
  built();
  return readFileSync(path.join(clientDir, file), 'utf8');
}

/** The note's code, as the home page carries it (every page carries the same). */
function theNote(): string {
  const [code] = notesIn(builtPage('index.html'));
  if (!code) throw new Error('The built home page has no <script data-visit-source>');
  return code;
}

/** The note's CSP hash, worked out here rather than by the server's own inline-hashes.ts. */
const noteHash = () => `'sha256-${createHash('sha256').update(theNote(), 'utf8').digest('base64')}'`;

const STORAGE_KEY = 'care-audit:visit-source';

/**
 * Runs the note as a browser would on a page reached at `address` from `referrer`, in a tab whose
 * sessionStorage is `tab`: only what the note reads of the page is there.
 */
function land(tab: Map<string, string>, address: string, referrer = ''): void {
  const url = new URL(address);
  const page = {
    location: { search: url.search, hostname: url.hostname },
    document: { referrer },
    sessionStorage: {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => void tab.set(key, String(value)),
    },
    URL,
    URLSearchParams,
  };
  vm.runInNewContext(theNote(), { ...page, window: page });
}

describe('the inline note of the visit’s source', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s carries it once, after its content and before any other script',
    (_path, route) => {
      const html = builtPage(route.file);
      expect(notesIn(html)).toEqual([theNote()]);
      // At the end of the body, followed only by the loader of a page with script: it delays no
      // paint, and it has run before the app starts.
      expect(html.slice(html.search(/<script\b/i))).toMatch(
        /^<script data-visit-source>[\s\S]*?<\/script>(<script>[\s\S]*?<\/script>)?<\/body>\s*<\/html>\s*$/,
      );
    },
  );

  it(`is at most ${kb(BUDGETS.visitSourceNoteGzip)} gz`, () => {
    const gzip = gzipSync(theNote(), { level: 9 }).length;
    expect(gzip).toBeGreaterThan(0);
    expect(gzip, kb(gzip)).toBeLessThanOrEqual(BUDGETS.visitSourceNoteGzip);
  });

  it('is not shipped twice: no script file of the site reads the referrer, only the note', () => {
    expect(theNote()).toContain('document.referrer');
    const assets = path.join(clientDir, 'assets');
    const readers = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(path.join(assets, file), 'utf8').includes('document.referrer'));
    expect(readers).toEqual([]);
  });

  describe('run as the browser runs it', () => {
    it('keeps the landing page’s tags and the referring host as visit-source.ts does, and a later landing in the tab does not overwrite them', () => {
      const tab = new Map<string, string>();
      const referrer = 'https://Mail.Example.com/inbox/12?token=secret';
      land(tab, 'https://audit.care-audit.example/?utm_source=newsletter&utm_campaign=spring', referrer);
      const kept = {
        utmSource: 'newsletter',
        utmCampaign: 'spring',
        referrerHost: 'mail.example.com',
      };
      expect(JSON.parse(tab.get(STORAGE_KEY) ?? 'null')).toEqual(kept);
      // The same module as the app's: the note keeps exactly what sourceOfArrival finds.
      expect(tab.get(STORAGE_KEY)).toBe(
        JSON.stringify(
          sourceOfArrival({
            search: '?utm_source=newsletter&utm_campaign=spring',
            ownHost: 'audit.care-audit.example',
            referrer,
          }),
        ),
      );
      land(tab, 'https://audit.care-audit.example/audit-tool?utm_source=other', 'https://elsewhere.example/');
      expect(JSON.parse(tab.get(STORAGE_KEY) ?? 'null')).toEqual(kept);
      expect([...tab.keys()]).toEqual([STORAGE_KEY]);
    });

    it('keeps a value of exactly 100 characters and drops one of 101', () => {
      const tab = new Map<string, string>();
      const longest = 'x'.repeat(100);
      land(tab, `https://audit.care-audit.example/?utm_source=${longest}&utm_campaign=${longest}y`);
      expect(JSON.parse(tab.get(STORAGE_KEY) ?? 'null')).toEqual({ utmSource: longest });
    });

    it('notes a direct visit, or one from our own host, as having no source', () => {
      for (const referrer of ['', 'https://audit.care-audit.example/privacy']) {
        const tab = new Map<string, string>();
        land(tab, 'https://audit.care-audit.example/', referrer);
        expect(tab.get(STORAGE_KEY)).toBe('{}');
      }
    });
  });

  describe('as the server sends the pages', () => {
    let tmp: string;
    let db: Database;
    beforeAll(async () => {
      tmp = mkdtempSync(path.join(os.tmpdir(), 'care-audit-note-'));
      db = await openTestPglite(tmp);
    });
    afterAll(async () => {
      await db?.close();
      rmSync(tmp, { recursive: true, force: true });
    });
    const server = useTestApp(() => {
      built();
      return { config: testConfig({ DATA_DIR: tmp, SITE_DIR: clientDir }), deps: { db } };
    });

    // Every page a visit can start on; an unknown path is answered with the not-found page.
    it.each([
      '/',
      '/audit-tool',
      '/audit-results',
      '/email-results',
      '/privacy',
      '/accessibility',
      '/no-such-page',
    ])(
      '%s carries the note unchanged, and its Content-Security-Policy allows it by hash alone',
      async (url) => {
        const res = await server.app.inject({ url });
        expect(notesIn(res.body)).toEqual([theNote()]);
        const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(res.headers['content-security-policy']));
        const sources = scriptSrc?.[1].trim().split(/\s+/) ?? [];
        expect(sources).toContain(noteHash());
        expect(sources).not.toContain("'unsafe-inline'");
      },
    );
  });
});
