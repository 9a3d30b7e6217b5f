import { ignoreStylesheetImports } from './ignore-stylesheet-imports';
import type { RenderPageRoot } from './live-pages';

/**
 * The site's own renderer, the one the build pre-renders every page with (src/web/prerender.tsx),
 * for a page shown in a version of the audit's words other than the one built in (live-pages.ts).
 * The only web code the server runs, and only once another version is live: imported on first
 * use, so a server on version 1 never loads React's server renderer (decision 0074).
 */
export const renderPageRoot: RenderPageRoot = async (pathname, content) => {
  ignoreStylesheetImports();
  const [{ renderPage }, { routeFor }] = await Promise.all([
    import('../../web/prerender'),
    import('../../web/routes'),
  ]);
  return renderPage(routeFor(pathname), content);
};
