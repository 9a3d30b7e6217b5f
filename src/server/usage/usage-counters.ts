import type { CounterKey } from '../../shared/usage-events';
import type { Queryable } from '../db/database';

/**
 * Cookie-free usage counters: the browser names an event, the server adds one to that event's
 * counter for the day (UTC). Nothing else is kept — no identifier, no address, no time finer than
 * the day — so nothing in them can single out a visitor. A counter's name is shared/usage-events.ts's
 * counterKey.
 */

/** The UTC calendar date of `at`, as YYYY-MM-DD: a counter's day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Adds one to a counter for the UTC day of `at`, in one statement: any number of server instances
 * sharing the database add to the same row without losing a count.
 */
export async function addToCounter(db: Queryable, key: CounterKey, at: Date = new Date()): Promise<void> {
  await db.query(
    `INSERT INTO usage_counters (day, event, count) VALUES ($1::date, $2, 1)
     ON CONFLICT (day, event) DO UPDATE SET count = usage_counters.count + 1`,
    [utcDay(at), key],
  );
}

export interface CounterRow {
  day: string;
  event: string;
  count: number;
}

/** Every counter from `firstDay` to `lastDay` (YYYY-MM-DD, both included). */
export async function readCounters(db: Queryable, firstDay: string, lastDay: string): Promise<CounterRow[]> {
  const { rows } = await db.query<CounterRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, event, count::int AS count
       FROM usage_counters WHERE day BETWEEN $1::date AND $2::date ORDER BY day, event`,
    [firstDay, lastDay],
  );
  return rows;
}
