/**
 * The one database interface the server uses, whether it runs on embedded PGlite or a PostgreSQL
 * server. Plain SQL with numbered parameters ($1, $2, …); see docs/decisions/0004-query-layer.md.
 */
export type SqlParam = string | number | boolean | null | Date;

export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly SqlParam[]): Promise<QueryResult<Row>>;
  /**
   * Runs a script of several statements, without parameters, as the database's own tools would
   * (PGlite's `exec`, PostgreSQL's simple query protocol): for migration files, which then need no
   * statement splitter of ours.
   */
  runScript(sql: string): Promise<void>;
}

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows inserted, updated, deleted or returned. */
  rowCount: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's state, for the metrics; absent for PGlite, which has one connection and no pool. */
  poolStats?(): PoolStats;
}

/** Connections a pool holds: open ones (in use or idle), its most, and callers waiting for one. */
export interface PoolStats {
  max: number;
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * The database could not be reached (connection refused, dropped, or the server shutting down),
 * or cannot store anything (a read-only or full data folder). The HTTP layer answers 503 for it;
 * other database errors are bugs and answer 500.
 */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(options: { cause: unknown }) {
    super('The database is unavailable', options);
    this.name = 'DatabaseUnavailableError';
  }
}

// SQLSTATE classes that mean "could not talk to the server", not "the query was wrong":
// 08 connection exception, 57P admin shutdown / crash shutdown / cannot connect now, 53 out of resources.
const UNAVAILABLE_SQLSTATE = /^(08|57P|53)/;
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database is closed|PGlite is closed/i;

// Errors from the storage under the database rather than from the query: PostgreSQL's class 58
// (system error: I/O error, a file missing or already there), disk full, a file it may not create
// or write (errcode_for_file_access gives EACCES and EROFS the code of a privilege error, so the
// message tells them apart), and a read-only database (a standby, or one in recovery).
const STORAGE_SQLSTATE = /^(58|53100$|25006$)/;
const FILE_ACCESS_MESSAGE =
  /could not (create|open|write to|write|extend|fsync|truncate|read|access|remove|rename|link|stat) (file|directory)/i;

/**
 * True when an error means the database cannot store anything right now because of its storage:
 * a read-only or full data folder, a failing disk. Not the request's fault, and it can heal.
 */
export function isStorageFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return isStorageFailure(error.cause);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return false;
  return STORAGE_SQLSTATE.test(code) || (code === '42501' && FILE_ACCESS_MESSAGE.test(error.message));
}

/** True when an error from a driver means the database cannot be reached, or cannot store, right now. */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  if (isStorageFailure(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code))) {
    return true;
  }
  if (error instanceof AggregateError && error.errors.some(isUnavailableError)) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** The error to rethrow from a driver call: wrapped when the database is unreachable, as is otherwise. */
export function classifyDatabaseError(error: unknown): unknown {
  return isUnavailableError(error) ? new DatabaseUnavailableError({ cause: error }) : error;
}
