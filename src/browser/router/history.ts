/**
 * The browser location as an external store, so React reads it with useSyncExternalStore:
 * during hydration it sees the same empty state the pre-render saw, then the real one.
 */
export interface RouterLocation {
  pathname: string;
  /** Navigation state (e.g. the answers handed to the results screen): survives a reload of the same history entry. */
  state: unknown;
  /** Changes on every navigation, so screens can react to "a new page". */
  key: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: { location: RouterLocation; entry: unknown; href: string } | undefined;

function readLocation(): RouterLocation {
  const entry = window.history.state as { key?: string; usr?: unknown } | null;
  return { pathname: window.location.pathname, state: entry?.usr ?? null, key: entry?.key ?? 'initial' };
}

function notify() {
  current = undefined;
  for (const listener of listeners) listener();
}

export function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/**
 * The location, the same object until the history entry or the address changes: read afresh then
 * even when the change came from outside the router (a test's replaceState, say), so the store
 * never serves a page that is no longer there. `history.state` is one object per entry until it
 * is replaced, so comparing it is cheap.
 */
export function getSnapshot(): RouterLocation {
  const entry: unknown = window.history.state;
  const href = window.location.href;
  if (!current || current.entry !== entry || current.href !== href) {
    current = { location: readLocation(), entry, href };
  }
  return current.location;
}

export interface NavigateOptions {
  state?: unknown;
  replace?: boolean;
  /**
   * A step within the page on screen (the audit's sections): the new history entry keeps the
   * page's key, so Back and Forward move between the steps while the app does not treat each step
   * as a new page (no remount, no focus on the page's heading).
   */
  samePage?: boolean;
}

/** Moves to a new path in this tab without a page load; `state` travels with the history entry. */
export function pushLocation(
  to: string,
  { state = null, replace = false, samePage = false }: NavigateOptions = {},
) {
  const key = samePage ? getSnapshot().key : Math.random().toString(36).slice(2, 10);
  const entry = { key, usr: state };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
  notify();
}
