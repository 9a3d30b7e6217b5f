import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Database, Queryable } from '../../src/server/db/database';
import { MIGRATION_RECORD_TABLES } from '../../src/server/db/migrate';
import { openDatabase } from '../../src/server/db/open-database';
import { openTestPglite } from './pglite';
import { giveBackMemoryPglite, takeMemoryPglite } from './pglite-pool';
import { startPostgres, type PostgresServer } from './postgres';
import { createTestDatabase, type SharedPostgres } from './shared-postgres';

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres'];

/** A migrated, empty database of either kind for one test file, with what it takes to clean up. */
export interface TestDatabase {
  kind: DatabaseKind;
  db: Database;
  /** A directory of its own, for DATA_DIR. */
  dataDir: string;
  /** Set for PostgreSQL opened with `ownServer`: the server, to stop and start for outage tests. */
  server: PostgresServer | undefined;
  /** The DATABASE_URL a server process would be given (undefined for PGlite). */
  url: string | undefined;
  /**
   * Puts the database back as the migrations left it: empties every table but the migrations'
   * records (identities restarted), then puts back the rows the migrations themselves inserted.
   */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * A PostgreSQL server for this database alone, for a test that stops or kills it. Else a database
   * of its own on the server the run shares (test/support/shared-postgres.ts), when there is one.
   */
  ownServer?: boolean;
  /**
   * PGlite's files in `dataDir/pglite`, for a test that hands the folder to a server process or
   * makes it read-only or full. Else PGlite is held in memory: a third of the time to open, and no
   * query pays for the file system (decision 0088). PostgreSQL is a server either way.
   */
  onDisk?: boolean;
}

export async function openTestDatabase(
  kind: DatabaseKind,
  { ownServer = false, onDisk = false }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `care-audit-${kind}-`));
  const shared = kind === 'postgres' && !ownServer ? sharedPostgres() : undefined;
  const server = kind === 'postgres' && !shared ? await startPostgres() : undefined;
  const onShared = shared ? await createTestDatabase(shared) : undefined;
  const url = onShared?.url ?? server?.url;
  const inMemory = !url && !onDisk;
  const opened = url
    ? await openDatabase({ databaseUrl: url, dataDir })
    : onDisk
      ? await openTestPglite(dataDir)
      : await takeMemoryPglite();
  // A database the test closes itself is not handed on to the next file.
  let closedByTest = false;
  const db: Database = {
    ...opened,
    close: async () => {
      closedByTest = true;
      await opened.close();
    },
  };
  // Read before any test ran: whatever rows there are, the migrations put there.
  const seeds = await readSeeds(db);
  const reset = () => resetDatabase(db, seeds);
  return {
    kind,
    db,
    dataDir,
    server,
    url,
    reset,
    destroy: async () => {
      if (inMemory && !closedByTest) await giveBackMemoryPglite(opened, reset);
      else await opened.close();
      await onShared?.drop();
      await server?.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's shared PostgreSQL server (test/global-setup.ts); none when a config starts no such server. */
function sharedPostgres(): SharedPostgres | undefined {
  return inject('sharedPostgres');
}

/**
 * Where migrate() (src/server/db/migrate.ts) records what it has applied: the numbered migrations
 * and the repeatable steps. A reset keeps them, as it keeps the schema they describe.
 */
export const MIGRATION_RECORDS: readonly string[] = MIGRATION_RECORD_TABLES;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the schema the migrations created, but their own records, read from the database
 * itself: a table a new migration adds is there without a change here.
 */
export async function schemaTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables
      WHERE schemaname = current_schema() AND tablename <> ALL (string_to_array($1, ','))
      ORDER BY tablename`,
    [MIGRATION_RECORDS.join(',')],
  );
  return rows.map((row) => row.tablename);
}

/** A table's rows as a JSON array, to put back with json_populate_recordset. */
interface Seed {
  table: string;
  rows: string;
}

/** The rows each table holds now (only tables with rows), e.g. health_probe's one row. */
async function readSeeds(db: Database): Promise<Seed[]> {
  const seeds: Seed[] = [];
  for (const table of await schemaTables(db)) {
    const { rows } = await db.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${quoted(table)} t`,
    );
    const json = rows[0]?.rows;
    if (json) seeds.push({ table, rows: json });
  }
  return seeds;
}

// PostgreSQL's deadlock_detected.
const DEADLOCK = '40P01';
const RESET_ATTEMPTS = 5;

async function resetDatabase(db: Database, seeds: readonly Seed[]): Promise<void> {
  // An app under test runs its background jobs (src/server/jobs) each in a transaction of its own,
  // and a reset can meet one in a deadlock, which PostgreSQL ends after a second by failing one
  // side. When that side is the reset, it is tried again: a test must not fail over when the app's
  // jobs happen to run. (The job's side is tried again at its next tick.)
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        const { tables, sequences } = await whatTheTestsUsed(tx, seeds);
        // Deleted in any order: foreign keys are triggers, and this role fires none, for this
        // transaction only. Every table with a row is emptied, so none is left pointing at nothing.
        await tx.query("SET LOCAL session_replication_role = 'replica'");
        for (const table of tables) await tx.query(`DELETE FROM ${quoted(table)}`);
        for (const sequence of sequences) await tx.query(`ALTER SEQUENCE ${quoted(sequence)} RESTART`);
        for (const { table, rows } of seeds) {
          await tx.query(
            `INSERT INTO ${quoted(table)} OVERRIDING SYSTEM VALUE
             SELECT * FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`,
            [rows],
          );
        }
      });
      return;
    } catch (error) {
      if (attempt >= RESET_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK) throw error;
    }
  }
}

/**
 * What a reset must put back: the tables with a row or seeded by the migrations (emptied, the seeds
 * put back), and the identities used since their last restart. A test touches a few of some forty
 * tables, and a TRUNCATE of all of them cost about 38 ms a reset on each kind, in a run of
 * thousands of resets; deleting the rows of these few costs a few (decision 0091).
 */
async function whatTheTestsUsed(
  tx: Queryable,
  seeds: readonly Seed[],
): Promise<{ tables: string[]; sequences: string[] }> {
  const tables = await schemaTables(tx);
  if (tables.length === 0) return { tables: [], sequences: [] };
  const withRows = await tx.query<{ i: number }>(
    tables
      .map((table, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${quoted(table)})`)
      .join(' UNION ALL '),
  );
  const toEmpty = new Set(seeds.map((seed) => seed.table));
  for (const row of withRows.rows) toEmpty.add(tables[Number(row.i)]!);
  // A sequence not used since its last restart has no last value. Only a table's own (identity or
  // serial) ones: TRUNCATE ... RESTART IDENTITY restarted no other.
  const used = await tx.query<{ sequence: string }>(
    `SELECT s.sequencename AS sequence
       FROM pg_sequences s
       JOIN pg_class seq ON seq.relname = s.sequencename AND seq.relkind = 'S'
       JOIN pg_namespace ns ON ns.oid = seq.relnamespace AND ns.nspname = s.schemaname
      WHERE s.schemaname = current_schema() AND s.last_value IS NOT NULL
        AND EXISTS (SELECT 1 FROM pg_depend d
                     WHERE d.classid = 'pg_class'::regclass AND d.objid = seq.oid AND d.deptype IN ('a', 'i'))`,
  );
  return {
    tables: tables.filter((table) => toEmpty.has(table)),
    sequences: used.rows.map((row) => row.sequence),
  };
}

/** How many rows the requests and the outbox hold. */
export async function rowCounts(db: Database): Promise<{ requests: number; messages: number }> {
  const { rows } = await db.query<{ requests: number; messages: number }>(
    'SELECT (SELECT count(*) FROM email_requests)::int AS requests, (SELECT count(*) FROM outbox_messages)::int AS messages',
  );
  return rows[0] ?? { requests: -1, messages: -1 };
}
