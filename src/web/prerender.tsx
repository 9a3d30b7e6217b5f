import { renderToString } from 'react-dom/server';
import { App } from './app';
import { StaticRouter } from '../browser/router';
import { loadRoute, samplePathOf, type Route } from './routes';

/**
 * Renders one page as the build writes it: the screen with no navigation state and no answers.
 * Hydration renders the same, so the browser's first render matches this HTML.
 */
export async function renderPage(route: Route): Promise<string> {
  await loadRoute(route);
  return renderToString(
    <StaticRouter location={{ pathname: samplePathOf(route), state: null, key: 'initial' }}>
      <App />
    </StaticRouter>,
  );
}
