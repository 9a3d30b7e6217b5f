import { useCallback, useEffect, useState } from 'react';
import { TeamApiError } from '../api';

interface Loaded<T> {
  load: () => Promise<T>;
  version: number;
  data?: T;
  error?: TeamApiError;
}

export interface LoadState<T> {
  /** The latest data, kept while a reload is on its way so the page does not blank out. */
  data: T | undefined;
  error: TeamApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` (a stable function: wrap it in useCallback with what it depends on) and again
 * whenever it changes or `reload()` is called. A late answer for an earlier `load` is dropped.
 */
export function useLoad<T>(load: () => Promise<T>): LoadState<T> {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | undefined>(undefined);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setLoaded({ load, version, data }),
      (error: unknown) =>
        current &&
        setLoaded((before) => ({
          load,
          version,
          data: before?.data,
          error: error instanceof TeamApiError ? error : new TeamApiError(0, 'internal_error', String(error)),
        })),
    );
    return () => {
      current = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const fresh = loaded !== undefined && loaded.load === load && loaded.version === version;
  return {
    data: loaded?.data,
    error: fresh ? loaded.error : undefined,
    loading: !fresh,
    reload,
  };
}
