import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { BrowserRouter } from '../browser/router';
import { preloadScreen } from './routes';
import { PageContentProvider, readPageContent } from './content/page-content';
import './styles/site-base.css';

/**
 * React recovers from a page whose first render differs from its pre-rendered HTML by rendering it
 * again in the browser, and tells us here. Such a difference is a bug of ours (the page flickers and
 * costs a second render), so it is written to the console as an error, where the end-to-end checks
 * fail on it (e2e/hydration.spec.ts), with the component stack that says where it differed.
 */
function reportRecoverableError(error: unknown, info: { componentStack?: string }) {
  // React wraps what went wrong in an error of its own; the cause says what it was.
  const cause = error instanceof Error ? error.cause : undefined;
  console.error(
    'React recovered from an error while hydrating:',
    error,
    cause ?? '',
    info.componentStack ?? '',
  );
}

// The visit's source is noted by the page's own inline script before this runs (on every page,
// those without script files too: scripts/build.ts), not here.

// Load the first screen's code before hydrating, so hydration renders it at once and matches
// the pre-rendered HTML. Hydrating in a transition lets React yield to the browser every few
// milliseconds instead of blocking the main thread for the whole page (a slow phone's tap or
// scroll is handled in between; React hydrates first whatever is tapped).
const container = document.getElementById('root');
if (container) {
  // The words the server rendered the page with: read before hydrating, so the first render matches.
  const pageContent = readPageContent();
  await preloadScreen(window.location.pathname);
  // Evaluating React DOM and the app is one long task already; hydrateRoot's own start (it listens
  // for every event type on the root) runs in the next one, so neither blocks the page for long.
  await new Promise((resolve) => setTimeout(resolve, 0));
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <PageContentProvider value={pageContent}>
          <BrowserRouter preload={preloadScreen}>
            <App />
          </BrowserRouter>
        </PageContentProvider>
      </StrictMode>,
      { onRecoverableError: reportRecoverableError },
    );
  });
}
