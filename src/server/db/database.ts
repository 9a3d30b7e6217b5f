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
}

/**
 * The database could not be reached (connection refused, dropped, or the server shutting down).
 * The HTTP layer answers 503 for it; other database errors are bugs and answer 500.
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

/** True when an error from a driver means the database cannot be reached right now. */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
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
