import type { Queryable } from '../db/database';
import type { OutboxKind } from './outbox-store';

/** Every kind of outbox message, so a kind with nothing waiting can be reported as 0. */
export const OUTBOX_KINDS = [
  'visitor',
  'team',
  'webhook',
  'sign_in',
  'lead_alert',
  'lead_digest',
  'continue',
] as const satisfies readonly OutboxKind[];

// Fails to compile when outbox-store.ts gains a kind this list lacks.
const listsEveryKind: Exclude<OutboxKind, (typeof OUTBOX_KINDS)[number]> extends never ? true : never = true;
void listsEveryKind;

/** Messages of one kind not yet sent nor given up on: queued (due, or scheduled for a retry) or being sent. */
export interface WaitingMessages {
  kind: OutboxKind;
  count: number;
  /** Since the oldest of them was queued. */
  oldestAgeSeconds: number;
}

/**
 * How many messages of each kind wait, and how long the oldest has: one query over the partial
 * index outbox_messages_waiting (migration 0015), whose condition this repeats. Kinds with none
 * waiting are left out.
 */
export async function waitingMessagesByKind(db: Queryable): Promise<WaitingMessages[]> {
  const { rows } = await db.query<{ kind: OutboxKind; count: number; oldest_age_seconds: number }>(
    `SELECT kind, count(*)::int AS count,
            extract(epoch FROM now() - min(created_at))::float8 AS oldest_age_seconds
       FROM outbox_messages
      WHERE status IN ('queued', 'sending')
      GROUP BY kind`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    count: r.count,
    oldestAgeSeconds: Math.max(0, r.oldest_age_seconds),
  }));
}
