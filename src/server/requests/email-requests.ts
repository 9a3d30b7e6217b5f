import { sanitizeResponses, type AreaId, type Report, type Responses } from '../../core';
import type { Queryable } from '../db/database';

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
 * Stores a request and its outbox messages, unless the recipient is over its limit. Requests to
 * one address take turns (an advisory lock on it), so two at once cannot both slip under the
 * limit; the limit is counted in the database, so it holds across every server instance.
 *
 * All of it happens in one call of the `store_email_request` function (migration 0002), in that
 * statement's own transaction: one round trip to the database, where doing the same steps from here
 * took seven, which under load was most of what an accepted request cost.
 */
export async function storeEmailRequest(
  db: Queryable,
  request: NewEmailRequest,
  recipients: Recipients,
  limit: RecipientLimit,
): Promise<StoreResult> {
  const score = (id: AreaId): number => {
    const area = request.report.areas.find((a) => a.id === id);
    if (!area) throw new Error(`The report has no ${id} area`);
    return area.score;
  };
  const { rows } = await db.query<{ stored_id: string | null; retry_after: number | null }>(
    `SELECT stored_id, retry_after
       FROM store_email_request($1::int, $2, $3, $4, $5::jsonb, $6::smallint, $7::smallint, $8::smallint,
                                $9::smallint, $10::smallint, $11::smallint, $12::int, $13::int, $14, $15)`,
    [
      RECIPIENT_LOCK_SPACE,
      request.email,
      normalizeEmail(request.email),
      request.note,
      JSON.stringify(request.responses),
      score('operational'),
      score('compliance'),
      score('quality'),
      score('training'),
      score('data'),
      request.report.overall.score,
      limit.max,
      limit.windowMs,
      recipients.visitor,
      recipients.team ?? null,
    ],
  );
  const row = rows[0];
  if (row && row.retry_after !== null) return { stored: false, retryAfterSeconds: row.retry_after };
  if (!row?.stored_id) throw new Error('store_email_request gave neither an id nor a retry time');
  return { stored: true, id: row.stored_id };
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
