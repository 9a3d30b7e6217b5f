import type { Queryable } from '../db/database';
import type { OutboxKind, OutboxStatus } from './outbox-store';

/**
 * The team's view of messages the outbox gave up on: listing them with their last error, and
 * queueing one again. The CLI's `failed` and `retry` commands call these.
 */

/** A message that ran out of attempts or was refused for good. */
export interface FailedMessage {
  id: string;
  requestId: string;
  kind: OutboxKind;
  recipient: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** Every failed message, oldest first. */
export async function failedMessages(db: Queryable): Promise<FailedMessage[]> {
  const { rows } = await db.query<{
    id: string;
    request_id: string;
    kind: OutboxKind;
    recipient: string;
    attempts: number;
    last_error: string | null;
    created_at: Date;
  }>(
    `SELECT id, request_id, kind, recipient, attempts, last_error, created_at
       FROM outbox_messages WHERE status = 'failed' ORDER BY created_at, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    requestId: r.request_id,
    kind: r.kind,
    recipient: r.recipient,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at),
  }));
}

export type RetryResult =
  | { outcome: 'queued'; message: { id: string; kind: OutboxKind; recipient: string } }
  | { outcome: 'not_found' }
  | { outcome: 'not_failed'; status: OutboxStatus };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Queues a failed message again, due now, with its attempts reset to 0: a retry usually follows a
 * fix (the relay's settings, a full mailbox emptied), so it deserves the full set of attempts and
 * back-offs. The last error is kept until the next attempt replaces it, so the export still shows
 * why it had failed. Any server's outbox worker picks it up at its next poll.
 */
export async function retryFailedMessage(db: Queryable, id: string): Promise<RetryResult> {
  // Not a uuid cannot match, and PostgreSQL would reject it as a malformed value rather than say so.
  if (!UUID.test(id)) return { outcome: 'not_found' };
  const { rows } = await db.query<{ id: string; kind: OutboxKind; recipient: string }>(
    `UPDATE outbox_messages SET status = 'queued', attempts = 0, next_attempt_at = now()
      WHERE id = $1 AND status = 'failed'
      RETURNING id, kind, recipient`,
    [id],
  );
  const queued = rows[0];
  if (queued) return { outcome: 'queued', message: queued };
  const current = await db.query<{ status: OutboxStatus }>(
    'SELECT status FROM outbox_messages WHERE id = $1',
    [id],
  );
  const status = current.rows[0]?.status;
  return status ? { outcome: 'not_failed', status } : { outcome: 'not_found' };
}
