import type { Queryable } from '../db/database';
import { msInterval } from '../db/ms-interval';

/**
 * The visitor's results and the team's notice (e-mails about a request), the lead.created webhook
 * (about a request, posted to WEBHOOK_URL), a team member's alert of a new lead (about that
 * request), and about no request: a team member's sign-in link and daily digest of new leads, and a
 * visitor's continue link (about a saved audit, and deleted with it).
 */
export type OutboxKind =
  'visitor' | 'team' | 'webhook' | 'sign_in' | 'lead_alert' | 'lead_digest' | 'continue';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * Each lane has sending slots of its own, so a slow way out cannot hold back another: a webhook
 * receiver that never answers holds its lane's slots for the whole timeout, never an e-mail's.
 */
export type OutboxLane = 'mail' | 'webhook';
export const OUTBOX_LANES: readonly OutboxLane[] = ['mail', 'webhook'];

/**
 * Which messages a lane claims, an SQL condition on outbox_messages' own columns. Written as a
 * literal, not a parameter, so the planner matches it to the lane's partial index of due messages
 * (migration 0014 repeats these conditions word for word).
 */
const LANE_CONDITION: Record<OutboxLane, string> = {
  mail: `kind <> 'webhook'`,
  webhook: `kind = 'webhook'`,
};

/** A message a worker has claimed and now holds until its lease runs out. */
export interface ClaimedMessage {
  id: string;
  /** Null only for a sign-in e-mail and a daily digest, which are about no request. */
  requestId: string | null;
  kind: OutboxKind;
  /** An e-mail address, or for a webhook its URL. */
  recipient: string;
  /** Including this one. */
  attempts: number;
  /** What the message needs beyond its request (a sign-in link's token, a digest's period); null for most. */
  payload: unknown;
}

/**
 * A payload is cleared once its message is sent or given up on, because most payloads are secrets
 * (a sign-in link's token, a results link's token) that must not outlive the message. A digest's
 * is only the period it covers, no secret, and the team's retry of a failed digest needs it, so it
 * stays. An SQL condition on outbox_messages' own columns.
 */
const PAYLOAD_IS_CLEARED = `kind <> 'lead_digest'`;

/** A message to queue: its kind, recipient, the request it is about (if any) and its payload. */
export interface NewMessage {
  kind: OutboxKind;
  recipient: string;
  /** Null for a message about no request (a sign-in link, a digest); the database holds it to that. */
  requestId: string | null;
  /** The saved audit a continue link's e-mail is about (and only then); deleted with it. */
  savedAuditId?: string;
  payload?: unknown;
}

/**
 * Queues one message, due now, and resolves with its id. Pass the transaction that records why it
 * is sent (a digest's day), so both are kept or neither. The caller wakes the worker after commit.
 * Through queue_outbox_message() (db/functions), the one way into the table that SQL uses too.
 */
export async function queueMessage(db: Queryable, message: NewMessage): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT queue_outbox_message($1, $2, $3, $4::jsonb, $5) AS id',
    [
      message.kind,
      message.recipient,
      message.requestId,
      message.payload === undefined ? null : JSON.stringify(message.payload),
      message.savedAuditId ?? null,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the outbox did not queue the message');
  return id;
}

/** What deleting messages removed. */
export interface DeletedMessages {
  count: number;
  /**
   * Those a server was sending at that moment. Their send may still complete (the relay may
   * already hold them), but nothing about them is written back: every outbox update is by id.
   */
  beingSent: number;
}

/**
 * Deletes every message about these requests or saved audits, whatever its status, inside the
 * caller's transaction (an erasure, the retention purge, a completed saved audit): the one way
 * another capability removes messages, so it never writes this table itself. Explicit rather than
 * left to the cascade, so the caller can say how many went.
 */
export async function deleteMessagesAbout(
  db: Queryable,
  about: { requestIds?: readonly string[]; savedAuditIds?: readonly string[] },
): Promise<DeletedMessages> {
  const { rows } = await db.query<{ status: OutboxStatus }>(
    `DELETE FROM outbox_messages
      WHERE request_id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid)
         OR saved_audit_id IN (SELECT jsonb_array_elements_text($2::jsonb)::uuid)
      RETURNING status`,
    [JSON.stringify(about.requestIds ?? []), JSON.stringify(about.savedAuditIds ?? [])],
  );
  return { count: rows.length, beingSent: rows.filter((m) => m.status === 'sending').length };
}

/**
 * Deletes the messages of `kind` done with (sent, or failed) `olderThanMs` or more ago: for kinds
 * about no request (a sign-in link's), which no erasure or retention purge reaches.
 */
export async function deleteFinishedMessages(
  db: Queryable,
  kind: OutboxKind,
  olderThanMs: number,
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM outbox_messages
      WHERE kind = $2 AND status IN ('sent', 'failed') AND created_at <= now() - ${msInterval('$1')}`,
    [olderThanMs, kind],
  );
  return rowCount;
}

// A released claim goes back to the queue, unless it was the last allowed attempt: whether that
// reached the relay is unknown, so it is left failed for the team rather than tried once more.
const RELEASE = `
        SET status = CASE WHEN attempts >= $1 THEN 'failed' ELSE 'queued' END,
            payload = CASE WHEN attempts >= $1 AND ${PAYLOAD_IS_CLEARED} THEN NULL ELSE payload END,
            last_error = CASE WHEN attempts >= $1 THEN coalesce(last_error || '; ', '') || 'the sender stopped during the last attempt'
                              ELSE last_error END,
            claimed_by = NULL, claim_expires_at = NULL, next_attempt_at = now()`;

/**
 * Claims up to `limit` messages of `lane` that are due, or whose previous holder's lease ran out,
 * for `workerId` until `leaseMs` from now, counting an attempt on each. SKIP LOCKED lets several
 * workers claim at once without waiting for each other or taking the same message. Without a lane
 * it claims any kind (a test's stand-in for another process; no index serves that).
 */
export async function claimDue(
  db: Queryable,
  workerId: string,
  options: { limit: number; leaseMs: number; maxAttempts: number; lane?: OutboxLane },
): Promise<ClaimedMessage[]> {
  const inLane = options.lane ? `AND ${LANE_CONDITION[options.lane]}` : '';
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
               WHERE ((status = 'queued' AND next_attempt_at <= now())
                      OR (status = 'sending' AND claim_expires_at < now() AND attempts < $4))
                 ${inLane}
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
// it is cleared when the message is sent or given up on (PAYLOAD_IS_CLEARED: all but a digest's).

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
            payload = CASE WHEN ($5::boolean OR attempts >= $4) AND ${PAYLOAD_IS_CLEARED} THEN NULL ELSE payload END,
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
