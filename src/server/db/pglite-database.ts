import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
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

/** The embedded database's folder, or something in it, may not be read or written by this process's user. */
export class DataFolderAccessError extends Error {
  override name = 'DataFolderAccessError';
  constructor(
    /** The folder or file that cannot be used. */
    readonly target: string,
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

function thisUser(): string {
  const uid = process.getuid?.();
  return uid === undefined ? 'this user' : `this user (uid ${uid}, gid ${process.getgid?.() ?? '?'})`;
}

function accessError(target: string, what: string, cause: unknown): DataFolderAccessError {
  const code = (cause as { code?: unknown }).code;
  return new DataFolderAccessError(
    target,
    `${what} ${target} is not readable and writable by ${thisUser()}${typeof code === 'string' ? ` (${code})` : ''}. ` +
      'Give this user read and write permission on the data folder and everything in it ' +
      '(chown -R, or chmod -R u+rwX), or set DATA_DIR to a folder it owns.',
    { cause },
  );
}

const READ_WRITE = fsConstants.R_OK | fsConstants.W_OK | fsConstants.X_OK;

/** The folder exists (made if need be) and this user may list, read and write it. */
async function checkFolder(dataDir: string): Promise<void> {
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.access(dataDir, READ_WRITE);
  } catch (error) {
    throw accessError(dataDir, 'the embedded database folder', error);
  }
}

/** The first file or folder inside `dataDir` that this user may not read and write, if any. */
async function firstInaccessible(dataDir: string): Promise<DataFolderAccessError | undefined> {
  const entries = await fs.readdir(dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const target = path.join(entry.parentPath, entry.name);
    const folder = entry.isDirectory();
    try {
      await fs.access(target, folder ? READ_WRITE : fsConstants.R_OK | fsConstants.W_OK);
    } catch (error) {
      return accessError(
        target,
        folder ? 'the embedded database folder' : 'the embedded database file',
        error,
      );
    }
  }
  return undefined;
}

/**
 * Opens PGlite on `dataDir`. PGlite says only "PGlite failed to initialize properly" when it cannot
 * read or write its files, so a failure is explained, where it can be, by the first one it may not use.
 */
async function createPglite(dataDir: string): Promise<PGlite> {
  try {
    return await PGlite.create(dataDir);
  } catch (error) {
    throw (await firstInaccessible(dataDir)) ?? error;
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
  await checkFolder(dataDir);
  await initialisePgliteFolder(dataDir);
  return pgliteDatabase(await createPglite(dataDir), () => PGlite.create(dataDir), options);
}

/**
 * PGlite held in memory only, started from a dump of a data folder (PGlite's `dumpDataDir`). The
 * tests' databases: loading one costs a third of copying a folder and opening it, and no query
 * pays for the file system. Nothing in it outlives the process, so the server never uses it.
 */
export async function openPgliteInMemory(dump: Blob): Promise<Database> {
  // Memory has no storage failures, so the reopen below is never called; it would start afresh.
  return pgliteDatabase(await PGlite.create({ loadDataDir: dump }), () =>
    PGlite.create({ loadDataDir: dump }),
  );
}

/** The Database over an open PGlite; `reopen` opens it afresh after a storage failure. */
function pgliteDatabase(
  opened: PGlite,
  reopenPglite: () => Promise<PGlite>,
  options: PgliteOptions = {},
): Database {
  const reopenIntervalMs = options.reopenIntervalMs ?? 2_000;
  let pglite = opened;
  let failure: { error: unknown; retryAt: number } | undefined;
  let reopening: Promise<void> | undefined;
  let closed = false;

  async function reopen(): Promise<void> {
    if (!pglite.closed) await pglite.close().catch(() => undefined); // it may fail to flush; the log has it all
    try {
      pglite = await reopenPglite();
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
