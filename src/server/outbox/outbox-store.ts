import type { Queryable } from '../db/database';
import { msInterval } from '../db/ms-interval';

/**
 * The visitor's results and the team's notice (e-mails about a request), the lead.created webhook
 * (about a request, posted to WEBHOOK_URL), and a team member's sign-in link (about no request).
 */
export type OutboxKind = 'visitor' | 'team' | 'webhook' | 'sign_in';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A message a worker has claimed and now holds until its lease runs out. */
export interface ClaimedMessage {
  id: string;
  /** Null only for a sign-in e-mail, which is about no request. */
  requestId: string | null;
  kind: OutboxKind;
  /** An e-mail address, or for a webhook its URL. */
  recipient: string;
  /** Including this one. */
  attempts: number;
  /** What the message needs beyond its request (a sign-in link's token); null for most. */
  payload: unknown;
}

// A released claim goes back to the queue, unless it was the last allowed attempt: whether that
// reached the relay is unknown, so it is left failed for the team rather than tried once more.
const RELEASE = `
        SET status = CASE WHEN attempts >= $1 THEN 'failed' ELSE 'queued' END,
            payload = CASE WHEN attempts >= $1 THEN NULL ELSE payload END,
            last_error = CASE WHEN attempts >= $1 THEN coalesce(last_error || '; ', '') || 'the sender stopped during the last attempt'
                              ELSE last_error END,
            claimed_by = NULL, claim_expires_at = NULL, next_attempt_at = now()`;

/**
 * Claims up to `limit` messages that are due, or whose previous holder's lease ran out, for
 * `workerId` until `leaseMs` from now, counting an attempt on each. SKIP LOCKED lets several
 * workers claim at once without waiting for each other or taking the same message.
 */
export async function claimDue(
  db: Queryable,
  workerId: string,
  options: { limit: number; leaseMs: number; maxAttempts: number },
): Promise<ClaimedMessage[]> {
  const { rows } = await db.query<{
    id: string;
    request_id: string | null;
    kind: OutboxKind;
    recipient: string;
    attempts: number;
    payload: unknown;
  }>(
    `UPDATE outbox_messages AS m
        SET status = 'sending', attempts = m.attempts + 1, claimed_by = $1, claim_expires_at = now() + ${msInterval('$2')}
      WHERE m.id IN (
              SELECT id FROM outbox_messages
               WHERE (status = 'queued' AND next_attempt_at <= now())
                  OR (status = 'sending' AND claim_expires_at < now() AND attempts < $4)
               ORDER BY next_attempt_at
               LIMIT $3
                 FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.request_id, m.kind, m.recipient, m.attempts, m.payload`,
    [workerId, options.leaseMs, options.limit, options.maxAttempts],
  );
  return rows.map((r) => ({
    id: r.id,
    requestId: r.request_id,
    kind: r.kind,
    recipient: r.recipient,
    attempts: r.attempts,
    payload: r.payload,
  }));
}

/**
 * Gives up on messages whose holder vanished during their last allowed attempt. Whether that
 * attempt reached the relay is unknown, so they are marked failed for the team to look at.
 */
export async function failAbandonedFinalAttempts(db: Queryable, maxAttempts: number): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE outbox_messages ${RELEASE} WHERE status = 'sending' AND claim_expires_at < now() AND attempts >= $1`,
    [maxAttempts],
  );
  return rowCount;
}

// A message's payload (a sign-in link's token) is kept only while the message may still be sent:
// it is cleared when the message is sent or given up on.

/** Records a delivery. False when the claim was no longer this worker's (its lease ran out and another took it). */
export async function markSent(db: Queryable, id: string, workerId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE outbox_messages
        SET status = 'sent', sent_at = now(), claimed_by = NULL, claim_expires_at = NULL, payload = NULL
      WHERE id = $1 AND claimed_by = $2 AND status = 'sending'`,
    [id, workerId],
  );
  return rowCount === 1;
}

/**
 * Records a failed attempt: the message is queued again after `retryInMs`, or marked failed when
 * it has had `maxAttempts` or the failure is permanent. Returns the new status (undefined when the
 * claim was no longer this worker's).
 */
export async function recordFailure(
  db: Queryable,
  id: string,
  workerId: string,
  failure: { error: string; retryInMs: number; maxAttempts: number; permanent: boolean },
): Promise<OutboxStatus | undefined> {
  const { rows } = await db.query<{ status: OutboxStatus }>(
    `UPDATE outbox_messages
        SET status = CASE WHEN $5::boolean OR attempts >= $4 THEN 'failed' ELSE 'queued' END,
            next_attempt_at = CASE WHEN $5::boolean OR attempts >= $4 THEN next_attempt_at ELSE now() + ${msInterval('$3')} END,
            payload = CASE WHEN $5::boolean OR attempts >= $4 THEN NULL ELSE payload END,
            last_error = $6, claimed_by = NULL, claim_expires_at = NULL
      WHERE id = $1 AND claimed_by = $2 AND status = 'sending'
      RETURNING status`,
    [id, workerId, failure.retryInMs, failure.maxAttempts, failure.permanent, failure.error.slice(0, 2000)],
  );
  return rows[0]?.status;
}

/** Hands back this worker's unfinished claims at once, for another worker (or the next start) to take. */
export async function releaseClaims(db: Queryable, workerId: string, maxAttempts: number): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE outbox_messages ${RELEASE} WHERE claimed_by = $2 AND status = 'sending'`,
    [maxAttempts, workerId],
  );
  return rowCount;
}

/**
 * Hands back every claim. Only for a database that one process alone can open (PGlite): at start
 * its claims are all left over from a previous run of that same process.
 */
export async function releaseAllClaims(db: Queryable, maxAttempts: number): Promise<number> {
  const { rowCount } = await db.query(`UPDATE outbox_messages ${RELEASE} WHERE status = 'sending'`, [
    maxAttempts,
  ]);
  return rowCount;
}
