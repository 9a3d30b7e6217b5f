/**
 * What each pre-rendered page needs before it can paint and before it is interactive, measured
 * from the build: the HTML (with its inline stylesheet), any render-blocking stylesheets it links,
 * and every script it loads up front (module scripts, modulepreloads, the modules the build's
 * inline loader starts, and their static imports; never a lazy import() of the app itself). Sizes
 * are raw and gzipped (level 9, as the server sends them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseSitePages, SITE_PAGES_FILE } from '../src/shared/pages';
import { ROUTES } from '../src/web/routes';

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface FirstLoad {
  path: string;
  /** The document as sent, inline `<style>` included. */
  html: Bytes;
  /** The part of the document that is inline `<style>` (already counted in `html`). */
  inlineCss: Bytes;
  /** Render-blocking stylesheets the document links to. */
  css: Bytes;
  /** HTML + render-blocking CSS: what the first paint needs. */
  firstPaint: Bytes;
  /** Scripts loaded before the page is interactive. */
  script: Bytes;
  scriptFiles: string[];
  /** The part of `script` that is React itself (React, React DOM, the scheduler: one chunk). */
  reactScript: Bytes;
  /** The part of `script` that is ours: everything but React. */
  ownScript: Bytes;
  /**
   * The chunk of the page's own screen (its route module and what only it imports), whether or
   * not the page loads script up front: an in-page navigation loads it too.
   */
  screenChunk: { file: string; bytes: Bytes };
}

const clientDir = path.resolve(import.meta.dirname, '../build/client');
/** Where the build keeps Vite's manifest (source module → chunk), outside the served folder. */
export const VITE_MANIFEST = path.resolve(import.meta.dirname, '../build/vite-manifest.json');

function sizeOf(text: string | Buffer): Bytes {
  return { raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
}

function add(a: Bytes, b: Bytes): Bytes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip };
}

const ZERO: Bytes = { raw: 0, gzip: 0 };

function read(urlPath: string): Buffer {
  return readFileSync(path.join(clientDir, urlPath.replace(/^\//, '')));
}

/** Built files (URL paths such as "/assets/x.js") together: raw, and each gzipped at level 9. */
export function bytesOfFiles(urlPaths: Iterable<string>): Bytes {
  return [...urlPaths].map((urlPath) => sizeOf(read(urlPath))).reduce(add, ZERO);
}

/** A script and everything it imports statically, as URL paths. */
function withStaticImports(urlPath: string, seen: Set<string>) {
  if (seen.has(urlPath)) return;
  seen.add(urlPath);
  const code = read(urlPath).toString('utf8');
  // Static imports only: `from"./x.js"` and bare `import"./x.js"`; `import("./x.js")` is lazy.
  for (const match of code.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) {
    withStaticImports(path.posix.join(path.posix.dirname(urlPath), match[1]), seen);
  }
}

export function measureFirstLoad(pagePath: string): FirstLoad {
  const page = parseSitePages(read(SITE_PAGES_FILE).toString('utf8')).find((p) => p.path === pagePath);
  const route = ROUTES.find((r) => r.path === pagePath);
  if (!page || !route) throw new Error(`The build has no page at ${pagePath}`);
  const htmlText = read(page.file).toString('utf8');
  const html = sizeOf(htmlText);
  const css = [...htmlText.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)]
    .map((m) => sizeOf(read(m[1])))
    .reduce(add, ZERO);
  const inlineCss = sizeOf(
    [...htmlText.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n'),
  );
  // The build's loader is an inline script naming the modules it starts, as "/assets/….js".
  const inlineScripts = [...htmlText.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const scripts = new Set<string>();
  const entries = [
    ...htmlText.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...htmlText.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...inlineScripts.flatMap((code) => [...code.matchAll(/"(\/assets\/[^"]+\.js)"/g)]),
  ].map((m) => m[1]);
  for (const entry of entries) withStaticImports(entry, scripts);
  const script = bytesOfFiles(scripts);
  const react = reactChunk();
  const reactScript = scripts.has(react) ? bytesOfFiles([react]) : ZERO;
  return {
    path: pagePath,
    html,
    inlineCss,
    css,
    firstPaint: add(html, css),
    script,
    scriptFiles: [...scripts],
    reactScript,
    ownScript: { raw: script.raw - reactScript.raw, gzip: script.gzip - reactScript.gzip },
    screenChunk: chunkOf(route.module),
  };
}

/** The first load of every page the build wrote, in the order of its page list. */
export function measureSite(): FirstLoad[] {
  return parseSitePages(read(SITE_PAGES_FILE).toString('utf8')).map((page) => measureFirstLoad(page.path));
}

interface ManifestChunk {
  file: string;
  name?: string;
}

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(VITE_MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
}

/** The URL path of the chunk that holds React, React DOM and the scheduler (vite.config.ts's "react" group). */
export function reactChunk(): string {
  const chunk = Object.values(readManifest()).find((candidate) => candidate.name === 'react');
  if (!chunk) throw new Error('The build has no "react" chunk: see REACT_CODE in vite.config.ts');
  return `/${chunk.file}`;
}

/** The chunk Vite built for a source module of src/web (as the route table names it). */
function chunkOf(module: string): { file: string; bytes: Bytes } {
  const chunk = readManifest()[module];
  if (!chunk) throw new Error(`The build has no chunk for ${module}`);
  return { file: `/${chunk.file}`, bytes: sizeOf(read(chunk.file)) };
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

// Run directly: print a table of every page.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  console.log(
    '| page | HTML gz (inline CSS gz alone) | linked CSS gz | first paint gz (raw) | script gz (raw) | of which ours gz | own chunk gz |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const m of measureSite()) {
    console.log(
      `| \`${m.path}\` | ${formatKb(m.html.gzip)} (${formatKb(m.inlineCss.gzip)}) | ${formatKb(m.css.gzip)} | ${formatKb(m.firstPaint.gzip)} (${formatKb(m.firstPaint.raw)}) | ${formatKb(m.script.gzip)} (${formatKb(m.script.raw)}) | ${formatKb(m.ownScript.gzip)} | ${formatKb(m.screenChunk.bytes.gzip)} |`,
    );
  }
}
