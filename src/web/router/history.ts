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
let current: RouterLocation | undefined;

function readLocation(): RouterLocation {
  const entry = window.history.state as { key?: string; usr?: unknown } | null;
  return { pathname: window.location.pathname, state: entry?.usr ?? null, key: entry?.key ?? 'initial' };
}

function notify() {
  current = readLocation();
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

export function getSnapshot(): RouterLocation {
  current ??= readLocation();
  return current;
}

export interface NavigateOptions {
  state?: unknown;
  replace?: boolean;
}

/** Moves to a new path in this tab without a page load; `state` travels with the history entry. */
export function pushLocation(to: string, { state = null, replace = false }: NavigateOptions = {}) {
  const entry = { key: Math.random().toString(36).slice(2, 10), usr: state };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
  notify();
}
