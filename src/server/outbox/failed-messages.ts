import type { Database, Queryable } from '../db/database';
import { isUuid } from '../../shared/uuid';
import { recordActivity } from '../activity/team-activity';
import type { OutboxKind, OutboxStatus } from './outbox-store';
import { recipientForTeam } from './recipient-for-team';

/**
 * The team's view of messages the outbox gave up on, of every kind (the visitor's and the team's
 * e-mails, webhooks, sign-in links): listing them with their last error, and queueing one again.
 * The CLI's `failed` and `retry` commands and the team workspace call these.
 */

/** A message that ran out of attempts or was refused for good. */
export interface FailedMessage {
  id: string;
  /** The lead it is about; null for a sign-in link, which is about no lead. */
  requestId: string | null;
  kind: OutboxKind;
  /** An e-mail address, or for a webhook its URL's host alone (recipientForTeam). */
  recipient: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** Every failed message, oldest first. */
export async function failedMessages(db: Queryable): Promise<FailedMessage[]> {
  const { rows } = await db.query<{
    id: string;
    request_id: string | null;
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
    recipient: recipientForTeam(r.kind, r.recipient),
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at),
  }));
}

export type RetryResult =
  /** `recipient` as in FailedMessage: a webhook's host alone. */
  | { outcome: 'queued'; message: { id: string; kind: OutboxKind; recipient: string } }
  | { outcome: 'not_found' }
  | { outcome: 'not_failed'; status: OutboxStatus }
  /** A failed sign-in link: its token was cleared when it failed, so it cannot be sent again. */
  | { outcome: 'not_retryable'; kind: OutboxKind };

/** Why a failed sign-in link is not sent again, for the CLI and the workspace alike. */
export const SIGN_IN_NOT_RETRYABLE =
  'A sign-in link that failed cannot be sent again (its link was discarded); ask for a new one on the sign-in page.';

/**
 * The kinds whose message carries a link made for it, of which only a hash is kept once the message
 * has failed (its payload is cleared): sent again, it would carry no link. Each says what to do instead.
 */
const NOT_RETRYABLE: Partial<Record<OutboxKind, string>> = {
  sign_in: SIGN_IN_NOT_RETRYABLE,
  continue:
    'A "continue later" link that failed cannot be sent again (its link was discarded); the visitor can save the audit again for a new one.',
};
// A list of our own kind names (never input), written into the statement.
const NOT_RETRYABLE_KINDS = Object.keys(NOT_RETRYABLE)
  .map((kind) => `'${kind}'`)
  .join(', ');

/** Why a message of this kind cannot be retried, for the team and the CLI. */
export function notRetryableReason(kind: OutboxKind): string {
  return NOT_RETRYABLE[kind] ?? `A ${kind} message cannot be sent again.`;
}

/**
 * Queues a failed message again, due now, with its attempts reset to 0: a retry usually follows a
 * fix (the relay's settings, a full mailbox emptied), so it deserves the full set of attempts and
 * back-offs. The last error is kept until the next attempt replaces it, so the export still shows
 * why it had failed. Any server's outbox worker picks it up at its next poll. A retry is recorded
 * in the activity log with `actor`, in the same transaction.
 */
export async function retryFailedMessage(db: Database, id: string, actor: string): Promise<RetryResult> {
  if (!isUuid(id)) return { outcome: 'not_found' };
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      kind: OutboxKind;
      recipient: string;
      lead_id: string | null;
      lead_email: string | null;
    }>(
      `UPDATE outbox_messages SET status = 'queued', attempts = 0, next_attempt_at = now()
        WHERE id = $1 AND status = 'failed' AND kind NOT IN (${NOT_RETRYABLE_KINDS})
        RETURNING id, kind, recipient,
                  (SELECT r.lead_id FROM email_requests r WHERE r.id = outbox_messages.request_id) AS lead_id,
                  (SELECT email FROM email_requests r WHERE r.id = outbox_messages.request_id) AS lead_email`,
      [id],
    );
    const row = rows[0];
    if (row) {
      const { lead_id: leadId, lead_email: leadEmail, ...queued } = row;
      // The message's id and kind, not its recipient: the log keeps no address it need not. Its
      // lead, if it has one, is named as every lead is in the log (masked; activity/team-activity.ts).
      await recordActivity(tx, {
        actor,
        action: 'retry',
        subject: queued.id,
        detail: `${queued.kind} message`,
        lead: leadId !== null && leadEmail !== null ? { id: leadId, email: leadEmail } : undefined,
      });
      return {
        outcome: 'queued',
        message: { ...queued, recipient: recipientForTeam(queued.kind, queued.recipient) },
      };
    }
    const current = await tx.query<{ status: OutboxStatus; kind: OutboxKind }>(
      'SELECT status, kind FROM outbox_messages WHERE id = $1',
      [id],
    );
    const message = current.rows[0];
    if (!message) return { outcome: 'not_found' };
    if (message.status !== 'failed') return { outcome: 'not_failed', status: message.status };
    return { outcome: 'not_retryable', kind: message.kind };
  });
}
