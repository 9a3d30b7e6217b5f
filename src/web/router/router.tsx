import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { loadRoute, routeFor } from '../routes';
import { getSnapshot, pushLocation, subscribe, type NavigateOptions, type RouterLocation } from './history';

/**
 * A small client router for a handful of fixed paths. We use our own instead of React Router
 * to keep the first load small (docs/decisions/0002-own-router-and-prerender.md).
 */
const LocationContext = createContext<RouterLocation>({ pathname: '/', state: null, key: 'initial' });

export function BrowserRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

/** Renders a fixed location: the pre-render step and component tests use it. */
export function StaticRouter({ location, children }: { location: RouterLocation; children: ReactNode }) {
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

// While hydrating, the page must render as it was pre-rendered: no navigation state yet.
function getServerSnapshot(): RouterLocation {
  return serverSnapshot;
}
const serverSnapshot: RouterLocation = {
  pathname: typeof window === 'undefined' ? '/' : window.location.pathname,
  state: null,
  key: 'initial',
};

export function useLocation(): RouterLocation {
  return useContext(LocationContext);
}

/**
 * Navigates once the next screen's code has arrived, so the current screen stays until the new
 * one can replace it. A failed load navigates anyway and the error screen explains.
 */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useCallback((to, options) => {
    const go = () => pushLocation(to, options);
    loadRoute(routeFor(new URL(to, window.location.href).pathname)).then(go, go);
  }, []);
}
