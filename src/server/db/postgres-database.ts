import pg from 'pg';
import {
  classifyDatabaseError,
  type Database,
  type Queryable,
  type QueryResult,
  type SqlParam,
} from './database';

export interface PostgresOptions {
  /** Called when an idle connection fails (e.g. the server restarts); the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

async function run<Row extends object>(
  target: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly SqlParam[] = [],
): Promise<QueryResult<Row>> {
  try {
    const result = await target.query<Row & pg.QueryResultRow>(sql, [...params]);
    return { rows: result.rows, rowCount: Math.max(result.rowCount ?? 0, result.rows.length) };
  } catch (error) {
    throw classifyDatabaseError(error);
  }
}

// No parameters, so pg uses the simple query protocol, which accepts several statements at once.
async function runScript(target: pg.Pool | pg.PoolClient, sql: string): Promise<void> {
  try {
    await target.query(sql);
  } catch (error) {
    throw classifyDatabaseError(error);
  }
}

const POOL_MAX = 10;

/** A PostgreSQL server through a small connection pool; several server processes may share it. */
export function openPostgresDatabase(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    // Fail fast when the server is down so requests get a 503 rather than hang.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // A query stuck behind a lock or a dead connection must not hold a request for ever.
    query_timeout: 15_000,
  });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    runScript: (sql) => runScript(pool, sql),
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw classifyDatabaseError(error);
      }
      let broken = false;
      // A connection cut while the transaction waits between statements (the server restarting, its
      // backend terminated) is an 'error' event on the client, which the pool listens for only while
      // the client is idle: unheard, it would crash the process. The next statement then fails.
      const onConnectionError = () => (broken = true);
      client.on('error', onConnectionError);
      try {
        await run(client, 'BEGIN');
        const scoped: Queryable = {
          query: (sql, params) => run(client, sql, params),
          runScript: (sql) => runScript(client, sql),
        };
        const result = await work(scoped);
        await run(client, 'COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          // The connection itself failed; it must not go back into the pool.
          broken = true;
        }
        throw classifyDatabaseError(error);
      } finally {
        client.off('error', onConnectionError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({
      max: POOL_MAX,
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}
