import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the pre-rendered page (that render must match the build's, which knew
 * no history entry and no stored audit), true on every render after. An effect that writes
 * somewhere (history, storage) checks it, so it never acts on the hydration render's stand-in values.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
