/**
 * Builds the site: Vite bundles the client, then every page is rendered to HTML with React so it
 * reads before (and without) any script. The home page ships no script at all: everything on it
 * is a plain link.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { renderPage, type PrerenderedPage } from '../src/web/prerender';
import { PAGES, type Page } from '../src/shared/pages';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'build/client');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const DESCRIPTION =
  'A free AI care management audit for UK care providers: rate 25 statements and get scores, recommendations and a PDF report.';

// Pages that cannot work without script say so plainly to a visitor who has it turned off.
const NEEDS_SCRIPT_NOTICE =
  '<noscript><div class="noscript-notice"><p><strong>This audit needs JavaScript.</strong> Please turn JavaScript on in your browser settings and reload the page. You can still read about the audit on the <a href="/">home page</a>.</p></div></noscript>';

await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });

const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

for (const page of Object.values(PAGES)) {
  const rendered = await renderPage(page.path);
  await writeFile(path.join(clientDir, page.file), htmlFor(page, rendered));
  console.log(`pre-rendered ${page.path} -> build/client/${page.file}`);
}
await rm(path.join(clientDir, '.vite'), { recursive: true });

function htmlFor(page: Page, rendered: PrerenderedPage): string {
  let html = template
    .replace('<!--page-title-->', escapeHtml(page.title))
    .replace('<!--page-description-->', escapeHtml(DESCRIPTION))
    .replace('<!--page-body-->', rendered.needsScript ? NEEDS_SCRIPT_NOTICE + rendered.html : rendered.html);
  if (rendered.shipsScript) {
    html = html.replace('</head>', `${preloadLinks(rendered.routeModule)}</head>`);
  } else {
    html = html
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  }
  return html;
}

/** modulepreload links for a route's chunk and what it imports, so they load alongside the entry. */
function preloadLinks(routeModule: string): string {
  const key = path.relative(path.join(root, 'src/web'), routeModule);
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    if (!chunk.isEntry) files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
