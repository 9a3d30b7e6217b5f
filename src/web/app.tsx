import { Suspense, use, useEffect, useRef } from 'react';
import { ErrorBoundary } from './error-boundary';
import { useLocation } from './router';
import { loadRoute, loadedRoute, routeFor } from './routes';

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

function CurrentRoute() {
  const location = useLocation();
  const route = routeFor(location.pathname);
  const module = loadedRoute(route) ?? use(loadRoute(route));
  useNewPageAnnouncement(location.key, route.page.title);
  const Screen = module.default;
  return <Screen />;
}

/**
 * After an in-page navigation a screen-reader or keyboard user must land on the new page, not
 * on a button that disappeared: set the title, scroll to the top and focus the main heading.
 */
function useNewPageAnnouncement(key: string, title: string) {
  const first = useRef(true);
  useEffect(() => {
    document.title = title;
    if (first.current) {
      first.current = false;
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
