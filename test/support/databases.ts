import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open-database';
import { openTestPglite } from './pglite';
import { startPostgres, type PostgresServer } from './postgres';

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres'];

/** A migrated, empty database of either kind for one test file, with what it takes to clean up. */
export interface TestDatabase {
  kind: DatabaseKind;
  db: Database;
  /** A directory of its own, for DATA_DIR. */
  dataDir: string;
  /** Set for PostgreSQL: the server, to stop and start for outage tests. */
  server: PostgresServer | undefined;
  /** The DATABASE_URL a server process would be given (undefined for PGlite). */
  url: string | undefined;
  /** Empties every table. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `care-audit-${kind}-`));
  const server = kind === 'postgres' ? await startPostgres() : undefined;
  const db = server
    ? await openDatabase({ databaseUrl: server.url, dataDir })
    : await openTestPglite(dataDir);
  return {
    kind,
    db,
    dataDir,
    server,
    url: server?.url,
    reset: async () => {
      await db.query('TRUNCATE email_requests CASCADE');
    },
    destroy: async () => {
      await db.close();
      await server?.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** How many rows each table holds. */
export async function rowCounts(db: Database): Promise<{ requests: number; messages: number }> {
  const { rows } = await db.query<{ requests: number; messages: number }>(
    'SELECT (SELECT count(*) FROM email_requests)::int AS requests, (SELECT count(*) FROM outbox_messages)::int AS messages',
  );
  return rows[0] ?? { requests: -1, messages: -1 };
}
