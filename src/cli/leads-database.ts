import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../server/config';
import type { Database } from '../server/db/database';
import { FolderLockedError } from '../server/db/folder-lock';
import { openDatabase, pgliteDirectory } from '../server/db/open-database';

/** The database cannot be used by the CLI right now; the message says what to do. */
export class LeadsDatabaseError extends Error {
  override name = 'LeadsDatabaseError';
}

/**
 * The server's database, opened as the server opens it (and migrated, so an older copy works).
 * The embedded one is refused while a server or another CLI run holds the lock on DATA_DIR, and
 * when it does not exist: a mistyped DATA_DIR must not quietly create an empty database and
 * export nothing.
 */
export async function openLeadsDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase(config);

  const directory = pgliteDirectory(config);
  try {
    await fs.access(path.join(directory, 'PG_VERSION'));
  } catch {
    throw new LeadsDatabaseError(
      `there is no embedded database in ${directory}: set DATA_DIR to the server's data directory, or DATABASE_URL`,
    );
  }
  try {
    return await openDatabase(config, { holder: 'npm run leads' });
  } catch (error) {
    if (!(error instanceof FolderLockedError)) throw error;
    throw new LeadsDatabaseError(
      `the data folder ${error.folder} is in use by ${error.holder}: ` +
        'one process at a time may use the embedded database, so stop it and run this again',
      { cause: error },
    );
  }
}
