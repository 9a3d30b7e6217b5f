import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../server/config';
import type { Database } from '../server/db/database';
import { openDatabase, pgliteDirectory } from '../server/db/open-database';
import { claimPglite, pgliteOwner, pgliteOwnerFile } from '../server/db/pglite-owner';

/** The database cannot be used by the CLI right now; the message says what to do. */
export class LeadsDatabaseError extends Error {
  override name = 'LeadsDatabaseError';
}

/**
 * The server's database, opened as the server opens it (and migrated, so an older copy works).
 * The embedded one is refused while a server or another CLI run has it open (PGlite has no lock of
 * its own; see pglite-owner.ts), and when it does not exist: a mistyped DATA_DIR must not quietly
 * create an empty database and export nothing.
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
  const owner = await pgliteOwner(config.dataDir);
  if (owner !== undefined) {
    throw new LeadsDatabaseError(
      `the embedded database in ${directory} is open in process ${owner} (a running server?): stop it and run this again ` +
        `(if nothing has it open, delete ${pgliteOwnerFile(config.dataDir)})`,
    );
  }
  const release = await claimPglite(config.dataDir);
  let db: Database;
  try {
    db = await openDatabase(config);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    ...db,
    async close() {
      await db.close();
      await release();
    },
  };
}
