import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface OpenDatabaseOptions {
  onIdleError?: (error: Error) => void;
}

/** Where the embedded database keeps its files. */
export function pgliteDirectory(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}

/** The configured database with its schema brought up to date: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const db = config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl, options)
    : await openPgliteDatabase(pgliteDirectory(config));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
