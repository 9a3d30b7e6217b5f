import { renderToString } from 'react-dom/server';
import { App } from './app';
import { StaticRouter } from './router';
import { loadRoute, routeFor } from './routes';

export interface PrerenderedPage {
  html: string;
  /** Whether the page loads the app's script (the home page is complete without it). */
  shipsScript: boolean;
  /** Whether the page cannot work without script, so says so to visitors who have it off. */
  needsScript: boolean;
  /** Source file of the route's module, to preload its chunk. */
  routeModule: string;
}

// These pages are complete as HTML: every control on them is a link. The 404 page loads the
// script only to log the missing path (SPEC §2) and reads fine without it.
const SCRIPT_FREE_SCREENS = new Set(['/', '/privacy', '/accessibility']);
const WORKS_WITHOUT_SCRIPT = new Set([...SCRIPT_FREE_SCREENS, '/404']);

// Route modules by path, for preload links: kept here rather than in the route table because
// only the build needs to know where the source files are.
const ROUTE_SOURCES: Record<string, string> = {
  '/': 'routes/home.tsx',
  '/audit-tool': 'routes/audit-tool.tsx',
  '/audit-results': 'routes/audit-results.tsx',
  '/email-results': 'routes/email-results.tsx',
  '/privacy': 'routes/privacy.tsx',
  '/accessibility': 'routes/accessibility.tsx',
  '/404': 'routes/not-found.tsx',
};

/** Renders one page as the build writes it: the screen with no navigation state and no answers. */
export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  await loadRoute(routeFor(pathname));
  const html = renderToString(
    <StaticRouter location={{ pathname, state: null, key: 'initial' }}>
      <App />
    </StaticRouter>,
  );
  return {
    html,
    shipsScript: !SCRIPT_FREE_SCREENS.has(pathname),
    needsScript: !WORKS_WITHOUT_SCRIPT.has(pathname),
    routeModule: new URL(ROUTE_SOURCES[pathname] ?? 'routes/not-found.tsx', import.meta.url).pathname,
  };
}
