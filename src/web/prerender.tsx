import { renderToString } from 'react-dom/server';
import { App } from './app';
import { StaticRouter } from '../browser/router';
import { loadRoute, samplePathOf, type Route } from './routes';
import { CONTENT_VERSION_1, type ContentVersion } from '../core/content';
import { PageContentProvider } from './content/page-content';

/**
 * Renders one page as the build writes it: the screen with no navigation state and no answers.
 * Hydration renders the same, so the browser's first render matches this HTML. The build renders
 * with version 1 of the audit's words; the server renders a page that shows words again with the
 * live version when that is another (server/site/live-pages.ts), and puts it in the page for hydration.
 */
export async function renderPage(route: Route, content: ContentVersion = CONTENT_VERSION_1): Promise<string> {
  await loadRoute(route);
  return renderToString(
    <PageContentProvider value={content}>
      <StaticRouter location={{ pathname: samplePathOf(route), state: null, key: 'initial' }}>
        <App />
      </StaticRouter>
    </PageContentProvider>,
  );
}
