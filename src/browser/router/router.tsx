import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { getSnapshot, pushLocation, subscribe, type NavigateOptions, type RouterLocation } from './history';

/**
 * A small client router for a handful of fixed paths. We use our own instead of React Router
 * to keep the first load small (docs/decisions/0002-own-router-and-prerender.md). It knows
 * nothing of the app's pages: whoever renders it hands it a `preload` for the next screen's code.
 */

/** Loads what the screen at `pathname` needs; navigation waits for it (or for its failure). */
export type Preload = (pathname: string) => Promise<unknown>;

const LocationContext = createContext<RouterLocation>({ pathname: '/', state: null, key: 'initial' });
const navigateAtOnce: Preload = () => Promise.resolve();
const PreloadContext = createContext<Preload>(navigateAtOnce);

/**
 * The router of a page in the browser. Without `preload` (a component test, say) it navigates
 * at once.
 */
export function BrowserRouter({
  preload = navigateAtOnce,
  children,
}: {
  preload?: Preload;
  children: ReactNode;
}) {
  const location = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return (
    <PreloadContext.Provider value={preload}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </PreloadContext.Provider>
  );
}

/** Renders a fixed location: the pre-render step and component tests use it. */
export function StaticRouter({ location, children }: { location: RouterLocation; children: ReactNode }) {
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

/**
 * While hydrating, the page must render as it was pre-rendered: no navigation state yet. When the
 * real location has none either (a page opened from a link or the address bar), this is the very
 * same object as getSnapshot's: React compares the two after hydrating, and any other object makes
 * it render the whole page again at once, in one task it cannot interrupt.
 */
function getServerSnapshot(): RouterLocation {
  serverSnapshot ??= asPrerendered(getSnapshot());
  return serverSnapshot;
}
let serverSnapshot: RouterLocation | undefined;

function asPrerendered(location: RouterLocation): RouterLocation {
  if (location.state === null && location.key === 'initial') return location;
  return { pathname: location.pathname, state: null, key: 'initial' };
}

export function useLocation(): RouterLocation {
  return useContext(LocationContext);
}

/**
 * Fetches a screen's code ahead of a navigation the visitor is about to make, so it shows at once.
 * A failure is ignored here: the navigation itself tries again and explains.
 */
export function usePrefetch(): (pathname: string) => void {
  const preload = useContext(PreloadContext);
  return useCallback((pathname) => void preload(pathname).catch(() => undefined), [preload]);
}

/**
 * Navigates once the next screen's code has arrived, so the current screen stays until the new
 * one can replace it. A failed load navigates anyway and the error screen explains.
 */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const preload = useContext(PreloadContext);
  return useCallback(
    (to, options) => {
      const go = () => pushLocation(to, options);
      preload(new URL(to, window.location.href).pathname).then(go, go);
    },
    [preload],
  );
}
