import { ADVISORY_LOCKS } from './advisory-locks';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Database, Queryable } from './database';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const FUNCTIONS_DIR = new URL('./functions/', import.meta.url);

/** The tables migrate() keeps its own records in: what was applied, with each file's checksum. */
export const MIGRATION_RECORD_TABLES = ['schema_migrations', 'schema_repeatables'] as const;

export interface Migration {
  version: number;
  /** The file name without `.sql`, e.g. `0002_store_email_request_function`. */
  name: string;
  /** The whole file, run as one script. */
  sql: string;
  /** sha256 of the file (line endings as LF), recorded when it is applied. */
  checksum: string;
}

/**
 * A repeatable step: the live definition of a database function, kept whole in one file
 * (src/server/db/functions/NAME.sql, `CREATE OR REPLACE`) instead of rewritten in each migration
 * that changes it. Applied after the migrations whenever its checksum differs from the one recorded.
 */
export interface Repeatable {
  /** The file name without `.sql`, e.g. `store_email_request`. */
  name: string;
  sql: string;
  checksum: string;
}

/**
 * A migration was changed after it was applied to this database. An applied migration is history:
 * changing it does nothing to a database that has it, so the change would silently reach only new
 * databases. The start stops instead; the fix is to restore the file and put the change in a new one.
 */
export class MigrationChangedError extends Error {
  override name = 'MigrationChangedError';
  constructor(
    readonly file: string,
    readonly recorded: string,
    readonly current: string,
  ) {
    super(
      `migration ${file} has changed since it was applied to this database ` +
        `(sha256 then ${recorded.slice(0, 12)}…, now ${current.slice(0, 12)}…): restore it, and put the change in a new migration`,
    );
  }
}

/** The checksum of a migration's text; a checkout that turned LF into CRLF does not change it. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/** The migrations in `dir` (src/server/db/migrations), oldest first. Files are named `NNNN_name.sql`. */
export async function readMigrations(dir: URL | string = MIGRATIONS_DIR): Promise<Migration[]> {
  const base = typeof dir === 'string' ? pathToFileURL(dir.endsWith('/') ? dir : `${dir}/`) : dir;
  const files = (await fs.readdir(base)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await fs.readFile(new URL(file, base), 'utf8');
      return {
        version: Number(file.slice(0, 4)),
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: migrationChecksum(sql),
      };
    }),
  );
}

/** The repeatable steps in `dir` (src/server/db/functions), by name. */
export async function readRepeatables(dir: URL = FUNCTIONS_DIR): Promise<Repeatable[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^[a-z][\w-]*\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await fs.readFile(new URL(file, dir), 'utf8');
      return { name: file.replace(/\.sql$/, ''), sql, checksum: migrationChecksum(sql) };
    }),
  );
}

/**
 * Applies the migrations not yet applied, in one transaction, each file as one script, and records
 * each one's checksum. Stops with MigrationChangedError, having applied nothing, when an applied
 * migration's file has changed. A database migrated before checksums were recorded gets the
 * checksums of the files as they are now. An advisory lock makes server processes that start
 * together on one PostgreSQL database take turns; the later ones find nothing left to do.
 *
 * Then, in the same transaction, each repeatable step whose file changed since it was last applied
 * (or that was never applied), recording its checksum. Called with migrations of its own (a test),
 * it applies only the repeatable steps it is given too. Answers the names of what it applied.
 */
export async function migrate(
  db: Database,
  migrations?: Migration[],
  repeatables?: Repeatable[],
): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  const functions = repeatables ?? (migrations ? [] : await readRepeatables());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.migrations]);
    await tx.runScript(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       );
       ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text;`,
    );
    const { rows } = await tx.query<{ version: number; checksum: string | null }>(
      'SELECT version, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((r) => [r.version, r.checksum]));
    // A throw rolls the whole transaction back, backfilled checksums included.
    for (const migration of all) {
      const recorded = applied.get(migration.version);
      if (recorded === null) {
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [
          migration.version,
          migration.checksum,
        ]);
      } else if (recorded !== undefined && recorded !== migration.checksum) {
        throw new MigrationChangedError(`${migration.name}.sql`, recorded, migration.checksum);
      }
    }
    const pending = all.filter((m) => !applied.has(m.version));
    for (const migration of pending) {
      await tx.runScript(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
    }
    const replaced = await applyRepeatables(tx, functions);
    return [...pending.map((m) => m.name), ...replaced];
  });
}

/** Applies each repeatable step whose checksum is not the one recorded; answers their names. */
async function applyRepeatables(tx: Queryable, repeatables: Repeatable[]): Promise<string[]> {
  if (repeatables.length === 0) return [];
  await tx.runScript(
    `CREATE TABLE IF NOT EXISTS schema_repeatables (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     );`,
  );
  const { rows } = await tx.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_repeatables',
  );
  const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
  const changed = repeatables.filter((r) => recorded.get(r.name) !== r.checksum);
  for (const repeatable of changed) {
    await tx.runScript(repeatable.sql);
    await tx.query(
      `INSERT INTO schema_repeatables (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [repeatable.name, repeatable.checksum],
    );
  }
  return changed.map((r) => r.name);
}
