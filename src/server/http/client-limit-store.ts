import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database, Queryable } from '../db/database';
import { msInterval } from '../db/ms-interval';

/**
 * Where @fastify/rate-limit counts the per-client limits: a store class it instantiates itself
 * (its `store` option), or undefined for its own in-memory store. See decision 0043.
 */
export type ClientLimitStore = FastifyRateLimitStoreCtor | undefined;

/** One count as @fastify/rate-limit wants it: hits in the window so far, milliseconds left in it. */
export interface ClientLimitCount {
  current: number;
  ttl: number;
}

/**
 * The store for this database: PostgreSQL counts in its `client_limits` table, so every instance on
 * it shares one count per client; PGlite is one process, whose memory is the one count already.
 */
export function clientLimitStoreFor(db: Database): ClientLimitStore {
  return db.kind === 'postgres' ? databaseClientLimitStore(db) : undefined;
}

/**
 * The client's key as stored: a SHA-256 of its address, so the table (and a query log, a dump) shows
 * no address at a glance. It is no anonymisation (the IPv4 space is small enough to hash whole): what
 * keeps the address brief is that its row is deleted once its window ends.
 */
export function storedClientKey(clientKey: string): string {
  return createHash('sha256').update(clientKey).digest('base64url');
}

// One statement, so concurrent requests from any instance are counted exactly: a conflicting insert
// waits for the row's lock and then updates the row as it is by then. A window that has ended starts
// again at 1. The database's clock decides, so instances whose clocks differ agree on every window.
const COUNT_HIT = `
  INSERT INTO client_limits AS cl (limit_name, client_key, window_ends_at, hits)
  VALUES ($1, $2, now() + ${msInterval('$3')}, 1)
  ON CONFLICT (limit_name, client_key) DO UPDATE SET
    hits = CASE WHEN cl.window_ends_at <= now() THEN 1 ELSE cl.hits + 1 END,
    window_ends_at = CASE WHEN cl.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE cl.window_ends_at END
  RETURNING hits, GREATEST(0, ceil(extract(epoch FROM cl.window_ends_at - now()) * 1000))::int AS ttl_ms`;

/** Adds one hit for a client to a limit, in one statement; answers the count and the time left. */
export async function countClientHit(
  db: Queryable,
  limitName: string,
  clientKey: string,
  windowMs: number,
): Promise<ClientLimitCount> {
  const { rows } = await db.query<{ hits: number; ttl_ms: number }>(COUNT_HIT, [
    limitName,
    storedClientKey(clientKey),
    windowMs,
  ]);
  const row = rows[0];
  if (!row) throw new Error('counting a client hit returned no row');
  return { current: row.hits, ttl: row.ttl_ms };
}

/** Deletes the counts whose window has ended (a clean-up job runs it); answers how many. */
export async function sweepExpiredClientLimits(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM client_limits WHERE window_ends_at <= now()');
  return rowCount;
}

interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** The limit's name in the table: the route it guards, e.g. `POST /api/email-results`. */
function limitNameOf(options: RouteLimitOptions): string {
  const { method, url } = options.routeInfo ?? {};
  if (!method || !url) {
    throw new Error('a per-client limit counted in the database needs a route (config.rateLimit on a route)');
  }
  return `${[method].flat().join(',')} ${url}`;
}

/**
 * A @fastify/rate-limit store counting in PostgreSQL. The plugin builds one per registration and
 * asks it for a child per limited route; each route is one limit, counted apart from the others, as
 * the in-memory store counts them. Fails closed: when the database cannot be reached the error goes
 * to the plugin, which throws it, and the route answers 503 as every route does in an outage (each
 * limited route needs the database anyway). The outage is logged once, by the app's watch on the
 * database (db/availability-watch.ts), not here for each request.
 */
export function databaseClientLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class DatabaseClientLimitStore implements FastifyRateLimitStore {
    private readonly limitName: string | undefined;

    constructor(options: RouteLimitOptions, limitName?: string) {
      // Only the fixed window is stored; a setting that needs more would be ignored without a word.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the database client-limit store counts a fixed window only');
      }
      this.limitName = limitName;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: ClientLimitCount) => void,
      timeWindow: number,
    ): void {
      if (this.limitName === undefined) {
        callback(new Error('a per-client limit is counted by route: set config.rateLimit on the route'));
        return;
      }
      countClientHit(db, this.limitName, key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as RouteLimitOptions;
      return new DatabaseClientLimitStore(options, limitNameOf(options));
    }
  }

  return DatabaseClientLimitStore as unknown as FastifyRateLimitStoreCtor;
}
