/**
 * Builds the site: Vite bundles the client, then every page is rendered to HTML with React's own
 * server renderer (src/web/prerender.tsx) so it reads before (and without) any script. The home
 * page ships no script file: everything on it is a plain link.
 *
 * Every page, those without a script file too, carries one small inline script that notes where
 * the visit came from (src/web/visit-source/note-on-arrival.ts, compiled here by the same bundler):
 * campaign links mostly land on the home page, and their tags would be gone by the first page with
 * the app's script.
 *
 * Each page paints from its own HTML alone: the stylesheet is inlined (HTML and CSS arrive in the
 * first round trip, with no render-blocking request), and a page that has script starts fetching
 * it once it has painted.
 *
 * Then the team workspace, a separate app with its own bundle (vite.team.config.ts), goes into
 * build/client/team: rendered in the browser only, it touches nothing the visitor pages load.
 */
import { readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { formatSitePages, SITE_PAGES_FILE } from '../src/shared/pages';
import { VITE_MANIFEST } from './first-load';
import { ROUTES, type Route } from '../src/web/routes';
import { fillPageTemplate } from './page-template';
import { ignoreStylesheetImports } from '../src/server/site/ignore-stylesheet-imports';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'build/client');
const TEAM_VITE_MANIFEST = path.join(root, 'build/team-vite-manifest.json');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * While the app is starting, the form controls take no pointer input: a rating ticked before React
 * has attached to the page would show as ticked and then be cleared by hydration. Once the entry
 * module has run (it calls hydrateRoot), React hydrates the page before it handles an event on it.
 * Without script the attribute is never set, so nothing is held.
 */
const STARTING_STYLE =
  '<style>html[data-app-starting] :is(input,button,select,textarea,label){pointer-events:none}</style>';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const stylesheets = new Map<string, string>();

await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
const visitSourceNote = await compileVisitSourceNote();

// The pages' components import their stylesheets, which Node cannot load: the renderer is imported
// once those imports are empty modules (the CSS is Vite's, inlined below).
ignoreStylesheetImports();
const { renderPage } = await import('../src/web/prerender');

const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

for (const route of ROUTES) {
  await writeFile(path.join(clientDir, route.file), htmlFor(route, await renderPage(route)));
  console.log(`pre-rendered ${route.path} -> build/client/${route.file}`);
}
// What the server needs of the route table: which file answers which path, with which status.
await writeFile(path.join(clientDir, SITE_PAGES_FILE), formatSitePages(ROUTES));
// Vite's manifest maps source modules to chunks: the size budgets use it, the site does not serve it.
await rename(path.join(clientDir, '.vite/manifest.json'), VITE_MANIFEST);
await rm(path.join(clientDir, '.vite'), { recursive: true });
// Every page carries its stylesheet inline, so the built file would only be served to nobody.
for (const href of stylesheets.keys()) await rm(path.join(clientDir, href));

// The workspace's build empties only its own folder, so it runs after the site's (which empties
// build/client). Its manifest, like the site's, is kept for measuring, outside the served files.
const teamDir = path.join(clientDir, 'team');
await build({ configFile: path.join(root, 'vite.team.config.ts'), logLevel: 'warn' });
await rename(path.join(teamDir, '.vite/manifest.json'), TEAM_VITE_MANIFEST);
await rm(path.join(teamDir, '.vite'), { recursive: true });
console.log('built the team workspace -> build/client/team');

function htmlFor(route: Route, body: string): string {
  let html = fillPageTemplate(template, route, body);
  // Vite's script and preload tags go; a page with script gets the loader instead.
  html = html
    .replace(STYLESHEET_LINK, (_tag, href: string) => `<style>${stylesheet(href)}</style>`)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  // After the page's content, so it delays no paint; before the loader, so it has run before the
  // app starts. A function, as the minified code may hold `$&` or `$'`, which a string would expand.
  html = html.replace('</body>', () => `${visitSourceNote}</body>`);
  if (route.shipsScript) {
    html = html
      .replace('</head>', `${STARTING_STYLE}</head>`)
      .replace('</body>', `${scriptLoader(route.module)}</body>`);
  }
  return html;
}

/** A built stylesheet's text, to inline. It holds no url() that would resolve differently from the page. */
function stylesheet(href: string): string {
  let css = stylesheets.get(href);
  if (css === undefined) {
    css = readFileSync(path.join(clientDir, href), 'utf8').trim();
    if (/url\(|<\/style/i.test(css))
      throw new Error(`${href} cannot be inlined as it is: it has url() or </style>`);
    stylesheets.set(href, css);
  }
  return css;
}

/**
 * The script that starts the app once the page has painted: it preloads the entry, the route's
 * chunk and everything they import statically (so they load together, not one after another) and
 * imports the entry. With the CSS inline the page paints as soon as its HTML is parsed, so
 * starting the script then costs it about a frame. Started earlier (Vite's module script and
 * preloads in the head), the 75 KB of script finished before the first paint on a fast machine,
 * and Lighthouse's simulation then counted it as needed for the paint: LCP 1.6–1.8 s instead of
 * 0.7 s on slow 4G. A tab opened in the background does not paint, so the script also starts
 * after a second at the latest.
 */
function scriptLoader(routeModule: string): string {
  if (!manifest[routeModule]) throw new Error(`The Vite manifest has no chunk for ${routeModule}`);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk');
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  for (const [name, chunk] of Object.entries(manifest)) if (chunk === entry) visit(name);
  visit(routeModule);
  const urls = JSON.stringify([...files].map((file) => `/${file}`));
  // A block, so its names stay out of the page's global scope.
  const code =
    `{const root=document.documentElement;root.dataset.appStarting="";` +
    // Before the first paint: does this history entry carry an audit's answers (the results and
    // e-mail screens' navigation state)? Then the pre-rendered "no audit" notice is hidden from the
    // start, and when there is none it is painted at once: either way nothing moves when the app
    // starts. The same rule as hasAnswers() in src/core/responses.ts.
    `const usr=history.state&&history.state.usr;` +
    `if(usr&&usr.responses&&Object.values(usr.responses).some(a=>a&&Object.keys(a).length))root.dataset.hasAudit="";` +
    `let started=false;const start=()=>{if(started)return;started=true;` +
    `for(const href of ${urls}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    `import(${JSON.stringify(`/${entry.file}`)}).finally(()=>{delete root.dataset.appStarting})};` +
    `requestAnimationFrame(()=>setTimeout(start));setTimeout(start,1000)}`;
  return `<script>${code}</script>`;
}

/**
 * The inline script that notes the visit's source on every page: note-on-arrival.ts and what it
 * imports (the same visit-source.ts and shared rules the app uses, so there is one implementation),
 * bundled by Vite into one minified IIFE, held in memory and never written as a file. It is inline
 * so that a page without a script file (the home page) still runs it, with no request; the server's
 * CSP allows it by its hash, as it does every inline script of the pages (site/inline-hashes.ts).
 * The attribute only marks it for the checks of the build (scripts/budgets.test.ts).
 */
async function compileVisitSourceNote(): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: {
        entry: path.join(root, 'src/web/visit-source/note-on-arrival.ts'),
        formats: ['iife'],
        // Vite asks an IIFE for a name; the module exports nothing, so no global is made.
        name: 'noteVisitSource',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((out) =>
    'output' in out ? out.output : [],
  );
  const chunks = outputs.filter((file) => file.type === 'chunk');
  if (chunks.length !== 1 || outputs.length !== 1) {
    throw new Error(
      `The visit-source note should bundle into one script, not ${outputs.map((file) => file.fileName).join(', ')}`,
    );
  }
  const code = chunks[0].code.trim();
  // Either would end or upset the <script> element in the page.
  if (/<\/script|<!--/i.test(code)) throw new Error('The visit-source note holds </script or <!--');
  return `<script data-visit-source>${code}</script>`;
}
