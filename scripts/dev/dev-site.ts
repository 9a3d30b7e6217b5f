/**
 * The site as `npm run dev` serves it: the same pages as the build's, rendered by the same renderer
 * into the same template (scripts/page-template.ts), but each loading its script from Vite's dev
 * server instead of the built bundle, so a component's change reaches the open page by hot reload.
 * The pages are written to a folder of their own and read back by the server's own loadSite, so
 * every route that serves one (the private pages' too) serves the dev page unchanged.
 *
 * When a source file of the site changes, the pages are rendered again and put in place of the
 * old ones, so a reload shows what the hot update showed (and hydration finds what it expects).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type { SiteLinks } from '../../src/server/config';
import { loadSite, type Site, type SiteFile } from '../../src/server/site/static-site';
import { formatSitePages, SITE_PAGES_FILE } from '../../src/shared/pages';
import type { renderPage as RenderPage } from '../../src/web/prerender';
import type { ROUTES as Routes } from '../../src/web/routes';
import { fillPageTemplate } from '../page-template';

const root = path.resolve(import.meta.dirname, '../..');
/** Vite's root in development: both apps' sources, the site's at /web/…, the workspace's at /team/…. */
export const DEV_VITE_ROOT = path.join(root, 'src');
/** The modules each app starts from, as Vite's dev server names them (the workspace's base is /team/). */
export const SITE_ENTRY = '/web/entry-client.tsx';
export const TEAM_ENTRY = '/team/main.tsx';
/** Notes where the visit came from; inline and compiled in the build, a module of its own here. */
const VISIT_SOURCE_NOTE = '/web/visit-source/note-on-arrival.ts';

/** The template's own script tag: relative to src/web, which is not Vite's root in development. */
const TEMPLATE_SCRIPT = /\s*<script type="module" src="\.\/[^"]+"><\/script>/;
const moduleScript = (src: string) => `<script type="module" src="${src}"></script>`;

/** Writes the dev pages into `dir` (the shape of build/client the server loads) and loads them. */
export async function renderDevSite(vite: ViteDevServer, dir: string, links: SiteLinks): Promise<Site> {
  await writeDevSite(vite, dir);
  const site = await loadSite(dir, links);
  if (!site) throw new Error(`The dev site in ${dir} was not written`);
  return site;
}

async function writeDevSite(vite: ViteDevServer, dir: string): Promise<void> {
  // Through Vite, not imported: its module graph drops a changed module, so each render is current.
  const { ROUTES } = (await vite.ssrLoadModule('/web/routes.ts')) as { ROUTES: typeof Routes };
  const { renderPage } = (await vite.ssrLoadModule('/web/prerender.tsx')) as {
    renderPage: typeof RenderPage;
  };
  const template = (await readFile(path.join(DEV_VITE_ROOT, 'web/index.html'), 'utf8')).replace(
    TEMPLATE_SCRIPT,
    '',
  );
  await mkdir(path.join(dir, 'team'), { recursive: true });
  const entryStyles = await stylesheetsOf(SITE_ENTRY);
  for (const route of ROUTES) {
    // In document order, as in the build: the visit's source is noted before the app starts. A
    // page without script (the build inlines its stylesheet) gets the entry's stylesheets and its
    // screen's module, which brings the screen's own styles and renders nothing: its components
    // change on the next reload, not by hot reload.
    const scripts =
      moduleScript(VISIT_SOURCE_NOTE) +
      (route.shipsScript
        ? moduleScript(SITE_ENTRY)
        : entryStyles.map((href) => `<link rel="stylesheet" href="${href}" />`).join('') +
          moduleScript(`/web/${route.module}`));
    const html = fillPageTemplate(template, route, await renderPage(route)).replace(
      '</body>',
      () => `${scripts}</body>`,
    );
    // Vite adds its client (the hot-reload connection) and React Refresh's preamble.
    await writeFile(path.join(dir, route.file), await vite.transformIndexHtml(route.path, html));
  }
  await writeFile(path.join(dir, SITE_PAGES_FILE), formatSitePages(ROUTES));
  const teamShell = (await readFile(path.join(DEV_VITE_ROOT, 'team/index.html'), 'utf8')).replace(
    TEMPLATE_SCRIPT,
    moduleScript(TEAM_ENTRY),
  );
  await writeFile(path.join(dir, 'team/index.html'), await vite.transformIndexHtml('/team/', teamShell));
}

/** The stylesheets a module imports itself (`import './styles/global.css'`), as Vite's URLs. */
async function stylesheetsOf(module: string): Promise<string[]> {
  const source = await readFile(path.join(DEV_VITE_ROOT, module), 'utf8');
  return [...source.matchAll(/^import\s+['"](\.{1,2}\/[^'"]+\.css)['"]/gm)].map(([, relative = '']) =>
    path.posix.join(path.posix.dirname(module), relative),
  );
}

/**
 * Renders the pages again after a change to the site's sources (debounced: a save often touches a
 * file twice) and puts each new page in its old one's place. In place, because the app holds the
 * page objects it was given (the private pages' routes keep theirs from the start).
 */
export function rerenderOnChange(
  vite: ViteDevServer,
  site: Site,
  dir: string,
  links: SiteLinks,
  log: (error: unknown) => void,
): void {
  const serverSources = path.join(DEV_VITE_ROOT, 'server') + path.sep;
  let timer: NodeJS.Timeout | undefined;
  let rendering = Promise.resolve();
  vite.watcher.on('change', (file) => {
    // The server's own code restarts the whole process (tsx watch), pages and all.
    if (file.startsWith(serverSources)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      rendering = rendering.then(() =>
        renderDevSite(vite, dir, links).then((fresh) => replacePages(site, fresh), log),
      );
    }, 100);
  });
}

/** Copies each page of `fresh` into the same page of `site`. A route added needs a restart. */
export function replacePages(site: Site, fresh: Site): void {
  const replace = (old: SiteFile | null | undefined, next: SiteFile | null | undefined) => {
    if (old && next) Object.assign(old, next);
  };
  for (const [pathname, file] of site.pages) replace(file, fresh.pages.get(pathname));
  for (const [pathname, file] of site.privatePages) replace(file, fresh.privatePages.get(pathname));
  replace(site.notFound, fresh.notFound);
  replace(site.teamShell, fresh.teamShell);
}
