import { Suspense, use, useEffect } from 'react';
import { ErrorBoundary } from './error-boundary';
import { useLocation } from '../browser/router';
import { loadRoute, routeFor } from './routes';

/** The whole site: the current route's screen inside an error boundary. */
export function App() {
  const location = useLocation();
  return (
    <ErrorBoundary key={location.key}>
      <Suspense fallback={null}>
        <CurrentRoute />
      </Suspense>
    </ErrorBoundary>
  );
}

// Each navigation remounts the screen (the error boundary is keyed by location), so whether this
// is the page load's first screen has to live outside the component.
let firstScreen = true;

function CurrentRoute() {
  const location = useLocation();
  const route = routeFor(location.pathname);
  // Always use(), never only when the code is missing: its promise, once settled, is read at once.
  const module = use(loadRoute(route));
  useNewPageAnnouncement(location.key, route.title);
  const Screen = module.default;
  return <Screen />;
}

/**
 * After an in-page navigation a screen-reader or keyboard user must land on the new page, not
 * on a button that disappeared: set the title, scroll to the top and focus the main heading.
 */
function useNewPageAnnouncement(key: string, title: string) {
  useEffect(() => {
    document.title = title;
    // The first screen of a page load keeps the browser's own focus and scroll position.
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    window.scrollTo(0, 0);
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [key, title]);
}
