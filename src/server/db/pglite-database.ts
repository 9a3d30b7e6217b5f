import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import {
  classifyDatabaseError,
  type Database,
  type Queryable,
  type QueryResult,
  type SqlParam,
} from './database';

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

/**
 * Embedded PostgreSQL (PGlite, in WebAssembly) with its data in `dataDir`. One process at a time
 * may open a data directory, so everything that shares it runs in this process.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    query: (sql, params) => run(pglite, sql, params),
    runScript: (sql) => runScript(pglite, sql),
    transaction: (work) =>
      pglite
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
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
