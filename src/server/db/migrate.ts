import fs from 'node:fs/promises';
import type { Database } from './database';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

// Any constant will do, as long as nothing else in the database uses it for an advisory lock.
const MIGRATION_LOCK = 7_274_001;

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

// `$$` or `$name$`: the start or end of a dollar-quoted string, such as a function's body.
const DOLLAR_QUOTE = /\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/g;

/**
 * The statements of a migration file, without comment lines. A statement ends with a semicolon at
 * the end of a line (PGlite's query runs one statement at a time), except inside a dollar-quoted
 * body, whose own statements end that way too.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let lines: string[] = [];
  let openQuote: string | undefined;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line)) continue;
    lines.push(line);
    for (const [quote] of line.matchAll(DOLLAR_QUOTE)) {
      if (openQuote === undefined) openQuote = quote;
      else if (quote === openQuote) openQuote = undefined;
    }
    if (openQuote === undefined && /;[ \t]*$/.test(line)) {
      statements.push(lines.join('\n').replace(/;[ \t]*$/, ''));
      lines = [];
    }
  }
  statements.push(lines.join('\n'));
  return statements.map((s) => s.trim()).filter((s) => s !== '');
}

/** The migrations in src/server/db/migrations, oldest first. Files are named `NNNN_name.sql`. */
export async function readMigrations(): Promise<Migration[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await fs.readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      return {
        version: Number(file.slice(0, 4)),
        name: file.replace(/\.sql$/, ''),
        statements: splitStatements(sql),
      };
    }),
  );
}

/**
 * Applies the migrations not yet applied, in one transaction. An advisory lock makes server
 * processes that start together on one PostgreSQL database take turns; the later ones find
 * nothing left to do.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const pending = all.filter((m) => !applied.has(m.version));
    for (const migration of pending) {
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return pending.map((m) => m.name);
  });
}
