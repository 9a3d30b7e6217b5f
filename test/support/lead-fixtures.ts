import { buildReport, type ServiceProfile } from '../../src/core';
import type { LeadContact, LeadSource } from '../../src/shared/team-api';
import { CONSENT_WORDING } from '../../src/shared/email-request';
import type { Database } from '../../src/server/db/database';
import type { OutboxKind } from '../../src/server/outbox/outbox-store';
import { storeEmailRequest } from '../../src/server/leads/email-requests';
import { COMPLETE_ANSWERS } from './requests';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The time `days` days before now: a stored request's age for retention and export tests. */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

export const TEAM_ADDRESS = 'leads@care-audit.example';

export interface LeadFixture {
  email: string;
  note?: string | null;
  /** Queue a message to the team too. */
  team?: boolean;
  /** The visitor ticked the consent box. */
  consent?: boolean;
  /** When the request was made; now by default. */
  createdAt?: Date;
  /** The contact details (stored only with consent), the service profile and the visit's source. */
  contact?: LeadContact;
  profile?: ServiceProfile;
  source?: LeadSource;
}

/** Stores a request with COMPLETE_ANSWERS (so EXPECTED_SCORES) as the API would; resolves with its id. */
export async function storeLead(db: Database, lead: LeadFixture): Promise<string> {
  const result = await storeEmailRequest(
    db,
    {
      email: lead.email,
      note: lead.note ?? null,
      responses: COMPLETE_ANSWERS,
      report: buildReport(COMPLETE_ANSWERS),
      consentWording: lead.consent ? CONSENT_WORDING : null,
      contact: lead.contact,
      profile: lead.profile,
      source: lead.source,
    },
    { visitor: lead.email, team: lead.team ? TEAM_ADDRESS : undefined },
    { max: 1_000, windowMs: 86_400_000 },
  );
  if (!result.stored) throw new Error('the fixture request was rate-limited');
  if (lead.createdAt) {
    // Consent is given when the request is made, so its time moves with the request's.
    await db.query(
      'UPDATE email_requests SET created_at = $2::timestamptz, consent_at = CASE WHEN consent_at IS NULL THEN NULL ELSE $2::timestamptz END WHERE id = $1',
      [result.id, lead.createdAt],
    );
    await db.query('UPDATE outbox_messages SET created_at = $2 WHERE request_id = $1', [
      result.id,
      lead.createdAt,
    ]);
  }
  return result.id;
}

export type MessageState =
  | { status: 'sent'; attempts: number; sentAt: Date }
  | { status: 'failed'; attempts: number; lastError: string }
  | { status: 'sending'; attempts: number; claimedBy: string };

/** Puts one of a request's messages into `state`, as the outbox worker would have left it; resolves with its id. */
export async function setMessageState(
  db: Database,
  requestId: string,
  kind: OutboxKind,
  state: MessageState,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE outbox_messages
        SET status = $3, attempts = $4, sent_at = $5, last_error = $6, claimed_by = $7,
            claim_expires_at = CASE WHEN $7::text IS NULL THEN NULL ELSE now() + interval '1 minute' END
      WHERE request_id = $1 AND kind = $2
      RETURNING id`,
    [
      requestId,
      kind,
      state.status,
      state.attempts,
      state.status === 'sent' ? state.sentAt : null,
      state.status === 'failed' ? state.lastError : null,
      state.status === 'sending' ? state.claimedBy : null,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`request ${requestId} has no ${kind} message`);
  return id;
}

/** The message of one kind about a request, as stored. */
export async function messageRow(
  db: Database,
  id: string,
): Promise<
  | { status: string; attempts: number; last_error: string | null; next_attempt_at: Date; request_id: string }
  | undefined
> {
  const { rows } = await db.query<{
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
    request_id: string;
  }>('SELECT status, attempts, last_error, next_attempt_at, request_id FROM outbox_messages WHERE id = $1', [
    id,
  ]);
  return rows[0];
}

/** Every entry of the team's activity log, oldest first, as plain rows. */
export async function activityLog(
  db: Database,
): Promise<{ actor: string; action: string; subject: string | null; detail: string | null }[]> {
  const { rows } = await db.query<{
    actor: string;
    action: string;
    subject: string | null;
    detail: string | null;
  }>('SELECT actor, action, subject, detail FROM team_activity ORDER BY id');
  return rows;
}

/** Empties the activity log alone, for a test that does not reset the whole database. */
export async function clearActivityLog(db: Database): Promise<void> {
  await db.query('TRUNCATE team_activity');
}

/** A sign-in link the outbox gave up on (about no lead); resolves with its id. */
export async function storeFailedSignIn(db: Database, address: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox_messages (request_id, kind, recipient, status, attempts, last_error)
     VALUES (NULL, 'sign_in', $1, 'failed', 8, 'Error: 550 no mailbox') RETURNING id`,
    [address],
  );
  return rows[0]!.id;
}

/** Queues the lead.created webhook of a stored request, as store_email_request() does with WEBHOOK_URL set. */
export async function addWebhookMessage(db: Database, requestId: string, url: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox_messages (request_id, kind, recipient) VALUES ($1, 'webhook', $2) RETURNING id`,
    [requestId, url],
  );
  return rows[0]!.id;
}

/**
 * Stores `count` requests in one statement, much faster than one by one (for lists of thousands):
 * COMPLETE_ANSWERS with every score 50, addresses lead<n>@example.org, the n-th
 * made n seconds before `newest`, each with its visitor message, queued.
 */
export async function storeManyLeads(db: Database, count: number, newest = new Date()): Promise<void> {
  await db.query(
    `WITH made AS (
       INSERT INTO email_requests (email, email_normalized, responses, operational_score, compliance_score,
                                   quality_score, training_score, data_score, overall_score, created_at)
       SELECT 'lead' || n || '@example.org', 'lead' || n || '@example.org', $2::jsonb, 50, 50, 50, 50, 50, 50,
              $3::timestamptz - n * interval '1 second'
         FROM generate_series(1, $1::int) AS n
       RETURNING id, email, created_at)
     INSERT INTO outbox_messages (request_id, kind, recipient, created_at)
     SELECT id, 'visitor', email, created_at FROM made`,
    [count, JSON.stringify(COMPLETE_ANSWERS), newest],
  );
}
