import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { lockFolder } from './folder-lock';
import { migrate } from './migrate';
import { openPgliteDatabase, type PgliteOptions } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface OpenDatabaseOptions {
  onIdleError?: (error: Error) => void;
  /** What this process is, named to another process that finds DATA_DIR locked: "the server", "npm run leads". */
  holder?: string;
  /** Told when the embedded database reopens after a storage failure (see pglite-database.ts). */
  onReopen?: PgliteOptions['onReopen'];
}

/** Where the embedded database keeps its files. */
export function pgliteDirectory(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}

/** The lock file that makes one process at a time the user of DATA_DIR's embedded database. */
export const DATA_DIR_LOCK_FILE = 'pglite.lock';

/**
 * The embedded database, opened only under the lock on DATA_DIR: PGlite does not lock its own
 * files, and two processes writing them corrupt the database. Closing it releases the lock.
 */
async function openLockedPglite(dataDir: string, holder: string, options: PgliteOptions): Promise<Database> {
  const lock = await lockFolder(dataDir, { holder, fileName: DATA_DIR_LOCK_FILE });
  let db: Database;
  try {
    // Left by versions that only recorded a process id; the lock has replaced it.
    await fs.rm(path.join(dataDir, 'pglite.pid'), { force: true });
    db = await openPgliteDatabase(pgliteDirectory({ dataDir }), options);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return {
    ...db,
    async close() {
      try {
        await db.close();
      } finally {
        await lock.release();
      }
    },
  };
}

/**
 * The configured database with its schema brought up to date: PostgreSQL when DATABASE_URL is set
 * (several processes may share it), else PGlite under DATA_DIR (one process at a time; a second
 * gets FolderLockedError naming the first).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, options)
    : await openLockedPglite(
        config.dataDir,
        options.holder ?? `a process started as ${process.argv[1] ?? 'node'}`,
        { onReopen: options.onReopen },
      );
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
