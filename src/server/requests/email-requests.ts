import { sanitizeResponses, type AreaId, type Report, type Responses } from '../../core';
import type { Database, Queryable } from '../db/database';

/** A request as the route stores it: the scores are the server's own, from `report`. */
export interface NewEmailRequest {
  email: string;
  note: string | null;
  responses: Responses;
  report: Report;
}

/** Who gets a message about a request: always the visitor; the team when LEADS_TO is set. */
export interface Recipients {
  visitor: string;
  team: string | undefined;
}

export interface RecipientLimit {
  max: number;
  windowMs: number;
}

export type StoreResult = { stored: true; id: string } | { stored: false; retryAfterSeconds: number };

/** A stored request, as the outbox needs it to write the e-mails. */
export interface StoredEmailRequest {
  id: string;
  email: string;
  note: string | null;
  responses: Responses;
  createdAt: Date;
}

// Distinct from the migration lock; the second key is the hashed address.
const RECIPIENT_LOCK_SPACE = 7_274_002;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Makes work on one address take turns until the transaction ends: storing a request (so two at
 * once cannot both slip under the limit) and erasing the address (so a request being stored at
 * that moment is either erased too or stored after the erasure, never half of each).
 */
export async function lockRecipient(tx: Queryable, emailNormalized: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [
    RECIPIENT_LOCK_SPACE,
    emailNormalized,
  ]);
}

/**
 * Seconds until the recipient may receive another request, or null when it may now: the limit-th
 * newest request in the window must leave the window first. Counted in the database, so the limit
 * holds across every server instance.
 */
async function recipientRetryAfter(
  tx: Queryable,
  emailNormalized: string,
  limit: RecipientLimit,
): Promise<number | null> {
  const { rows } = await tx.query<{ retry_after: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM (created_at + $3::int * interval '1 millisecond' - now()))))::int AS retry_after
       FROM email_requests
      WHERE email_normalized = $1 AND created_at > now() - $3::int * interval '1 millisecond'
      ORDER BY created_at DESC
     OFFSET $2::int - 1 LIMIT 1`,
    [emailNormalized, limit.max, limit.windowMs],
  );
  return rows[0]?.retry_after ?? null;
}

/**
 * Stores a request and its outbox messages in one transaction, unless the recipient is over its
 * limit. Requests to one address take turns (an advisory lock on it), so two at once cannot both
 * slip under the limit.
 */
export async function storeEmailRequest(
  db: Database,
  request: NewEmailRequest,
  recipients: Recipients,
  limit: RecipientLimit,
): Promise<StoreResult> {
  const emailNormalized = normalizeEmail(request.email);
  return db.transaction(async (tx) => {
    await lockRecipient(tx, emailNormalized);
    const retryAfterSeconds = await recipientRetryAfter(tx, emailNormalized, limit);
    if (retryAfterSeconds !== null) return { stored: false, retryAfterSeconds };

    const score = (id: AreaId): number => {
      const area = request.report.areas.find((a) => a.id === id);
      if (!area) throw new Error(`The report has no ${id} area`);
      return area.score;
    };
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO email_requests
         (email, email_normalized, note, responses, operational_score, compliance_score, quality_score,
          training_score, data_score, overall_score)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10)
       RETURNING id`,
      [
        request.email,
        emailNormalized,
        request.note,
        JSON.stringify(request.responses),
        score('operational'),
        score('compliance'),
        score('quality'),
        score('training'),
        score('data'),
        request.report.overall.score,
      ],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('INSERT … RETURNING gave no id');
    await tx.query(`INSERT INTO outbox_messages (request_id, kind, recipient) VALUES ($1, 'visitor', $2)`, [
      id,
      recipients.visitor,
    ]);
    if (recipients.team) {
      await tx.query(`INSERT INTO outbox_messages (request_id, kind, recipient) VALUES ($1, 'team', $2)`, [
        id,
        recipients.team,
      ]);
    }
    return { stored: true, id };
  });
}

/** One stored request, or undefined when it has been erased. */
export async function findEmailRequest(db: Queryable, id: string): Promise<StoredEmailRequest | undefined> {
  const { rows } = await db.query<{
    id: string;
    email: string;
    note: string | null;
    responses: unknown;
    created_at: Date;
  }>('SELECT id, email, note, responses, created_at FROM email_requests WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) return undefined;
  // Stored after validation, but read back as any JSON: keep only well-formed answers.
  const responses = sanitizeResponses(row.responses);
  return { id: row.id, email: row.email, note: row.note, responses, createdAt: new Date(row.created_at) };
}
