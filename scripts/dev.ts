/**
 * `npm run dev`: the server with Vite's dev server in middleware mode in front of it, for the site
 * and the team workspace (decision 0086). Vite answers what is its own (modules, the hot-reload
 * socket, the site's public files) and hands every other request to the app, which serves the API
 * and the pages as in production, the pages loading their script from Vite (dev/dev-site.ts).
 *
 * A component's change reaches the open page by hot reload (React Fast Refresh), with no restart.
 * `tsx watch` runs this file and restarts it when server code changes: it watches what this process
 * imports, and the site's and workspace's sources are excluded (package.json), since Vite, not
 * this process, loads them. `npm start` is the production build, and never loads this file or Vite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer as createViteServer } from 'vite';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { devCspDirectives } from './dev/dev-csp';
import { DEV_VITE_ROOT, renderDevSite, rerenderOnChange, SITE_ENTRY, TEAM_ENTRY } from './dev/dev-site';

// From the process's start (performance's time origin), module loading included.
const imported = performance.now();
// Vite serves the source tree: in development, only to this machine unless HOST says otherwise.
process.env.HOST ??= '127.0.0.1';
const config = loadConfig(process.env);

// One HTTP server for the app and Vite's hot-reload socket, so both are on the one port.
const httpServer = createHttpServer();
const vite = await createViteServer({
  configFile: false,
  root: DEV_VITE_ROOT,
  publicDir: path.join(DEV_VITE_ROOT, 'web/public'),
  // The app serves every page itself: Vite serves no HTML.
  appType: 'custom',
  plugins: [react()],
  clearScreen: false,
  server: {
    middlewareMode: true,
    hmr: { server: httpServer },
    // The API's own rules answer cross-origin requests; Vite's would answer them first.
    cors: false,
    // An editor that saves in place empties the file, then writes it. On a busy machine Vite could
    // read it in between, hot-update the page with an empty module ("Could not Fast Refresh"), and
    // never see the write, which came within the watcher's throttle: the edit was lost until the
    // next one. A change is reported once the file's size has held for 100 ms.
    watch: { awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 20 } },
  },
  // Both apps' dependencies found at start: one found later makes Vite reload every open page.
  optimizeDeps: { entries: [SITE_ENTRY.slice(1), TEAM_ENTRY.slice(1)] },
});

const viteReady = performance.now();
const siteDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-dev-site-'));
const site = await renderDevSite(vite, siteDir, config.links);
const pagesRendered = performance.now();
const app = await buildApp(config, {
  site,
  cspDirectives: devCspDirectives,
  serverFactory: (handler) =>
    httpServer.on('request', (request, response) =>
      vite.middlewares(request, response, () => handler(request, response)),
    ),
});
rerenderOnChange(vite, site, siteDir, config.links, (error) =>
  app.log.error({ err: error }, 'dev pages not rendered'),
);

// tsx watch stops this process before it starts the next: quickly, and with the database closed
// (PGlite's folder lock would stop the next one). The signal often comes twice, from tsx watch and
// from the terminal or test that signalled the whole process group: `on`, not `once`, so the second
// is ignored instead of ending the process by default before the database is closed.
let closing = false;
async function shutDown(): Promise<void> {
  if (closing) return;
  closing = true;
  // All at once: tsx watch kills a process that has not exited within 5 s, and the pages' folder
  // would then be left behind.
  await Promise.allSettled([rm(siteDir, { recursive: true, force: true }), app.close(), vite.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutDown());
process.on('SIGINT', () => void shutDown());

await app.listen({ port: config.port, host: config.host });
const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
const listening = performance.now();
app.log.info(
  `dev server ready at http://${config.host}:${config.port} in ${ms(0, listening)}: modules loaded ` +
    `${ms(0, imported)}, Vite ${ms(imported, viteReady)}, pages ${ms(viteReady, pagesRendered)}, ` +
    `app ${ms(pagesRendered, listening)}`,
);
