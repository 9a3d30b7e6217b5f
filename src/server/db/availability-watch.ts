import { isUnavailableError, type Database } from './database';

/** Told of each call's outcome: a call that failed because the database is unavailable, or one that succeeded. */
export interface AvailabilityWatcher {
  failed(error: unknown): void;
  succeeded(): void;
}

/**
 * `db` with every call's outcome reported to `watcher`, so an outage is noticed (and logged) in one
 * place, by the database it is about, whichever route, job or worker met it. Errors that are the
 * query's own (a constraint, a bug) are neither: they say nothing about the database's health.
 */
export function watchAvailability(db: Database, watcher: AvailabilityWatcher): Database {
  async function watched<T>(call: Promise<T>): Promise<T> {
    try {
      const result = await call;
      watcher.succeeded();
      return result;
    } catch (error) {
      if (isUnavailableError(error)) watcher.failed(error);
      throw error;
    }
  }
  return {
    ...db,
    query: (sql, params) => watched(db.query(sql, params)),
    runScript: (sql) => watched(db.runScript(sql)),
    transaction: (work) => watched(db.transaction(work)),
  };
}
