import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import {
  classifyDatabaseError,
  DatabaseUnavailableError,
  isStorageFailure,
  type Database,
  type Queryable,
  type QueryResult,
  type SqlParam,
} from './database';
import { initialisePgliteFolder } from './pglite-initdb';

interface PgliteLike {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

async function runScript(target: PgliteLike, sql: string): Promise<void> {
  try {
    await target.exec(sql);
  } catch (error) {
    throw classifyDatabaseError(error);
  }
}

async function run<Row extends object>(
  target: PgliteLike,
  sql: string,
  params: readonly SqlParam[] = [],
): Promise<QueryResult<Row>> {
  try {
    const result = await target.query<Row>(sql, [...params]);
    return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
  } catch (error) {
    throw classifyDatabaseError(error);
  }
}

export interface PgliteOptions {
  /**
   * After a storage failure, how long to answer "unavailable" at once before trying to reopen
   * again, so a folder that stays read-only costs one reopen per interval, not one per request.
   */
  reopenIntervalMs?: number;
  /** Told of each reopen after a storage failure and how it went, for the log. */
  onReopen?: (outcome: { ok: true } | { ok: false; error: unknown }) => void;
}

/**
 * Embedded PostgreSQL (PGlite, in WebAssembly) with its data in `dataDir`. One process at a time
 * may open a data directory (the caller holds the lock on it), so everything that shares it runs
 * in this process.
 *
 * It heals itself after a storage failure (a read-only or full folder). PGlite's in-memory view of
 * the folder does not survive one: a file it failed to create stays "existing" in that view, and
 * every later write fails with "File exists" even once the folder is writable again. So on such a
 * failure the instance is dropped and the folder opened afresh, which recovers from the write-ahead
 * log like a restart: what was committed is kept, and the failed writes were never acknowledged.
 * Until a reopen succeeds, every call fails with DatabaseUnavailableError (the API's 503).
 */
export async function openPgliteDatabase(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const reopenIntervalMs = options.reopenIntervalMs ?? 2_000;
  await fs.mkdir(dataDir, { recursive: true });
  await initialisePgliteFolder(dataDir);
  let pglite = await PGlite.create(dataDir);
  let failure: { error: unknown; retryAt: number } | undefined;
  let reopening: Promise<void> | undefined;
  let closed = false;

  async function reopen(): Promise<void> {
    if (!pglite.closed) await pglite.close().catch(() => undefined); // it may fail to flush; the log has it all
    try {
      pglite = await PGlite.create(dataDir);
      failure = undefined;
      options.onReopen?.({ ok: true });
    } catch (error) {
      failure = { error, retryAt: Date.now() + reopenIntervalMs };
      options.onReopen?.({ ok: false, error });
    }
  }

  /** The instance to use now, reopening it first after a storage failure. */
  async function current(): Promise<PGlite> {
    if (reopening) await reopening;
    if (failure && !closed) {
      if (Date.now() < failure.retryAt) throw new DatabaseUnavailableError({ cause: failure.error });
      reopening ??= reopen().finally(() => (reopening = undefined));
      await reopening;
      if (failure) throw new DatabaseUnavailableError({ cause: failure.error });
    }
    return pglite;
  }

  /** Runs `work` on the current instance; a storage failure marks that instance for reopening. */
  async function using<T>(work: (instance: PGlite) => Promise<T>): Promise<T> {
    const instance = await current();
    try {
      return await work(instance);
    } catch (error) {
      // Only the instance that failed: a reopen may already have replaced it.
      if (isStorageFailure(error) && instance === pglite && !failure) failure = { error, retryAt: 0 };
      throw error;
    }
  }

  return {
    kind: 'pglite',
    query: (sql, params) => using((instance) => run(instance, sql, params)),
    runScript: (sql) => using((instance) => runScript(instance, sql)),
    transaction: (work) =>
      using((instance) =>
        instance
          .transaction((tx) => {
            const scoped: Queryable = {
              query: (sql, params) => run(tx, sql, params),
              runScript: (sql) => runScript(tx, sql),
            };
            return work(scoped);
          })
          .catch((error: unknown) => {
            throw classifyDatabaseError(error);
          }),
      ),
    close: async () => {
      closed = true;
      await reopening;
      if (!pglite.closed) await pglite.close();
    },
  };
}
