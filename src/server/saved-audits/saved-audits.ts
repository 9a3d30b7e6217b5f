import {
  AREA_IDS,
  overallScore,
  sanitizeProfile,
  sanitizeResponses,
  type AreaScores,
  type EarlierResult,
  type Responses,
  type ServiceProfile,
} from '../../core';
import { normalizeEmail } from '../../shared/email-address';
import type { SavedAudit, SavedAuditAccepted } from '../../shared/saved-audit';
import type { Database, Queryable } from '../db/database';
import { msInterval } from '../db/ms-interval';
import { lockMailbox } from '../db/recipient-locks';
import { isWellFormedSecret, secretHash } from '../http/secrets';
import { deleteMessagesAbout, queueMessage } from '../outbox/outbox-store';
import { savedAuditTerm } from './saved-audit-term';

/**
 * The saved audits ("Save and continue later", table saved_audits): storing the first save with
 * the e-mail that carries its link, reopening it, a later save, completion, erasure and the purge.
 * A token opens a row only until its term ends (savedAuditTerm: the end of the UK day 30 days after
 * the first save), a moment stored with the row at the first save and compared with the database's
 * clock, whether or not the hourly purge has deleted it yet.
 */

/** The SQL condition for a row still within its term (the purge deletes the rest), on alias `s`. */
export const LIVE = `s.ends_at > now()`;

/** A first save as the route stores it. */
export interface NewSavedAudit {
  email: string;
  responses: Responses;
  section: number;
  profile: ServiceProfile;
  /** A saved retake's earlier result: its day and area scores (the overall is recomputed). */
  earlier?: { takenOn: string; scores: AreaScores };
  /** The e-mail request a saved retake came from; an id that no longer exists is not linked. */
  retakeOfRequest?: string;
  /** A saved retake's: the key of the anonymous audit it retakes (decision 0062). */
  retakesAudit?: string;
  /** The consent wording the visitor ticked, or null. */
  consentWording: string | null;
  /** The link's token (newSecret()): stored as its hash, and in the e-mail's payload until it is sent. */
  token: string;
  /**
   * The published version of the audit's words it is answered with (the route checks it exists);
   * absent, version 1, as a page from before versions saves. A later save keeps it.
   */
  contentVersion?: number;
}

export interface RecipientLimit {
  max: number;
  windowMs: number;
}

export type StoreSavedAuditResult =
  { stored: true; id: string; accepted: SavedAuditAccepted } | { stored: false; retryAfterSeconds: number };

interface TimesRow {
  created_at: Date;
  saved_at: Date;
}

function accepted(row: TimesRow, replacedAnotherSave: boolean): SavedAuditAccepted {
  return {
    savedAt: new Date(row.saved_at).toISOString(),
    expiresOn: savedAuditTerm(new Date(row.created_at)).lastDay,
    replacedAnotherSave,
  };
}

// A save's time is kept to the millisecond, as the browser gets it back (toISOString), so the time
// a device sends with its next save compares equal to the one stored, not a microsecond before it.
const SAVE_TIME = `date_trunc('milliseconds', now())`;

/**
 * Stores a first save and queues the e-mail with its link, in one transaction, unless the mailbox
 * is over its limit: saves for variants of one mailbox take turns (the lock storing an e-mail
 * request takes), and the limit counts this mailbox's saves over the window, as the e-mail form's
 * counts its requests (a completed save, emptied, no longer counts).
 */
export async function storeSavedAudit(
  db: Database,
  save: NewSavedAudit,
  limit: RecipientLimit,
): Promise<StoreSavedAuditResult> {
  const emailNormalized = normalizeEmail(save.email);
  return db.transaction(async (tx): Promise<StoreSavedAuditResult> => {
    const recipientKey = await lockMailbox(tx, save.email, emailNormalized);
    const over = await tx.query<{ retry_after: number }>(
      `SELECT greatest(1, ceil(extract(epoch FROM (created_at + ${msInterval('$3')} - now()))))::int
              AS retry_after
         FROM saved_audits
        WHERE recipient_key = $1 AND created_at > now() - ${msInterval('$3')}
        ORDER BY created_at DESC
       OFFSET $2::int - 1 LIMIT 1`,
      [recipientKey, limit.max, limit.windowMs],
    );
    const retryAfter = over.rows[0]?.retry_after;
    if (retryAfter !== undefined) return { stored: false, retryAfterSeconds: retryAfter };

    // now() is the transaction's start, the created_at the row gets: its term is worked out from it.
    const clock = await tx.query<{ now: Date }>('SELECT now() AS now');
    const firstSavedAt = clock.rows[0]?.now;
    if (!firstSavedAt) throw new Error('the database gave no time');
    const { rows } = await tx.query<TimesRow & { id: string }>(
      `INSERT INTO saved_audits
         (token_hash, email, email_normalized, recipient_key, section, responses, service_type, size_band,
          retake_of_request, earlier, consent_text, consent_at, saved_at, retakes_audit, created_at, ends_at,
          content_version)
       VALUES (decode($1, 'hex'), $2, $3, $4, $5, $6::jsonb, $7, $8,
               -- Erased or purged since the route looked it up: saved without the link, as if unknown.
               (SELECT id FROM email_requests WHERE id = $9::uuid), $10::jsonb, $11,
               CASE WHEN $11::text IS NULL THEN NULL ELSE now() END, ${SAVE_TIME}, $12::uuid, now(), $13, $14)
       RETURNING id, created_at, saved_at`,
      [
        secretHash(save.token, 'hex'),
        save.email,
        emailNormalized,
        recipientKey,
        save.section,
        JSON.stringify(save.responses),
        save.profile.serviceType ?? null,
        save.profile.size ?? null,
        save.retakeOfRequest ?? null,
        save.earlier === undefined ? null : JSON.stringify(save.earlier),
        save.consentWording,
        save.retakesAudit ?? null,
        savedAuditTerm(new Date(firstSavedAt)).endsAt.toISOString(),
        save.contentVersion ?? 1,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('the saved audit was not stored');
    await queueMessage(tx, {
      kind: 'continue',
      recipient: save.email,
      requestId: null,
      savedAuditId: row.id,
      payload: { continueToken: save.token },
    });
    return { stored: true, id: row.id, accepted: accepted(row, false) };
  });
}

/** What a token opens: the audit, a completed one (which opens nothing), or nothing at all (undefined). */
export type FoundSavedAudit = { status: 'open'; audit: SavedAudit } | { status: 'completed' };

interface SavedAuditRow extends TimesRow {
  section: number | null;
  responses: unknown;
  service_type: string | null;
  size_band: string | null;
  earlier: { takenOn?: unknown; scores?: unknown } | null;
  retakes_audit: string | null;
  completed_at: Date | null;
  content_version: number;
}

/** A stored earlier result, read back as any JSON: only a whole one is given. */
function earlierFrom(stored: SavedAuditRow['earlier']): EarlierResult | undefined {
  if (!stored || typeof stored.takenOn !== 'string' || typeof stored.scores !== 'object') return undefined;
  const scores = stored.scores as Record<string, unknown> | null;
  if (!scores || !AREA_IDS.every((id) => typeof scores[id] === 'number')) return undefined;
  const areaScores = Object.fromEntries(AREA_IDS.map((id) => [id, scores[id]])) as AreaScores;
  return { takenOn: stored.takenOn, scores: areaScores, overall: overallScore(areaScores) };
}

/**
 * What a continue link's token opens, or undefined when it is malformed, unknown, erased or past
 * its term (purged or not): one answer for all, so it never tells whether a token existed.
 */
export async function findSavedAudit(db: Queryable, token: string): Promise<FoundSavedAudit | undefined> {
  if (!isWellFormedSecret(token)) return undefined;
  const { rows } = await db.query<SavedAuditRow>(
    `SELECT section, responses, service_type, size_band, earlier, retakes_audit::text AS retakes_audit,
            created_at, saved_at, completed_at, content_version
       FROM saved_audits s
      WHERE token_hash = decode($1, 'hex') AND ${LIVE}`,
    [secretHash(token, 'hex')],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.completed_at !== null) return { status: 'completed' };
  const earlier = earlierFrom(row.earlier);
  return {
    status: 'open',
    audit: {
      section: row.section ?? 0,
      responses: sanitizeResponses(row.responses),
      profile: sanitizeProfile({ serviceType: row.service_type, size: row.size_band }),
      ...(earlier ? { earlier } : {}),
      ...(row.retakes_audit ? { retakesAudit: row.retakes_audit } : {}),
      savedAt: new Date(row.saved_at).toISOString(),
      expiresOn: savedAuditTerm(new Date(row.created_at)).lastDay,
      contentVersion: Number(row.content_version),
    },
  };
}

/**
 * A later save from a continued audit: it replaces the answers, where it stopped and the profile,
 * and keeps the version of the words the first save named (the continued audit is answered in them).
 */
export interface LaterSavedAudit {
  responses: Responses;
  section: number;
  profile: ServiceProfile;
  /** The savedAt this device last received: a stored save later than it came from another device. */
  savedAt: Date;
}

export type SaveAgainResult =
  { outcome: 'saved'; accepted: SavedAuditAccepted } | { outcome: 'completed' } | { outcome: 'not_found' };

/**
 * Stores a later save: the later save wins, and says whether it replaced one made elsewhere since
 * this device last loaded or saved (a stored saved_at after the one it sends). The row is locked
 * for the read and the write, so of two saves at once each sees the other's time or none.
 */
export async function saveAgain(
  db: Database,
  token: string,
  save: LaterSavedAudit,
): Promise<SaveAgainResult> {
  if (!isWellFormedSecret(token)) return { outcome: 'not_found' };
  return db.transaction(async (tx): Promise<SaveAgainResult> => {
    const found = await tx.query<{ id: string; completed: boolean; replaced: boolean }>(
      `SELECT id, completed_at IS NOT NULL AS completed,
              date_trunc('milliseconds', saved_at) > $2::timestamptz AS replaced
         FROM saved_audits s
        WHERE token_hash = decode($1, 'hex') AND ${LIVE}
          FOR UPDATE`,
      [secretHash(token, 'hex'), save.savedAt.toISOString()],
    );
    const current = found.rows[0];
    if (!current) return { outcome: 'not_found' };
    if (current.completed) return { outcome: 'completed' };
    const { rows } = await tx.query<TimesRow>(
      `UPDATE saved_audits
          SET responses = $2::jsonb, section = $3, service_type = $4, size_band = $5, saved_at = ${SAVE_TIME}
        WHERE id = $1
        RETURNING created_at, saved_at`,
      [
        current.id,
        JSON.stringify(save.responses),
        save.section,
        save.profile.serviceType ?? null,
        save.profile.size ?? null,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('the saved audit was not updated');
    return { outcome: 'saved', accepted: accepted(row, current.replaced) };
  });
}

/**
 * Marks a saved audit completed: the row keeps only its token's hash and times, so its link can
 * say "completed" until it expires; the address, answers, profile, earlier result and consent go,
 * and so does every e-mail about it (its queued link, or a sent or failed one, which would keep the
 * address). Completing it again changes nothing. False when the token opens nothing.
 */
export async function completeSavedAudit(db: Database, token: string): Promise<boolean> {
  if (!isWellFormedSecret(token)) return false;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE saved_audits s
          SET email = NULL, email_normalized = NULL, recipient_key = NULL, section = NULL, responses = NULL,
              service_type = NULL, size_band = NULL, earlier = NULL, retakes_audit = NULL, consent_text = NULL, consent_at = NULL,
              completed_at = coalesce(completed_at, now())
        WHERE token_hash = decode($1, 'hex') AND ${LIVE}
        RETURNING id`,
      [secretHash(token, 'hex')],
    );
    const row = rows[0];
    if (!row) return false;
    await deleteMessagesAbout(tx, { savedAuditIds: [row.id] });
    return true;
  });
}

/** What erasing an address removed of its saved audits. */
export interface ErasedSavedAudits {
  savedAudits: number;
  messages: number;
  /** Messages a server was sending at that moment (the send may still complete; nothing is written back). */
  messagesBeingSent: number;
}

/**
 * Deletes the saved audits of one address (as normalizeEmail made it, or any spelling of its
 * `mailbox`, mailbox_key()) and their e-mails, inside the caller's erasure transaction, which holds
 * the mailbox's and the address's locks (lockMailbox). The messages go
 * first, explicitly rather than by cascade, so they can be counted.
 */
export async function eraseSavedAudits(
  tx: Queryable,
  emailNormalized: string,
  mailbox: string,
): Promise<ErasedSavedAudits> {
  const audits = await tx.query<{ id: string }>(
    'SELECT id FROM saved_audits WHERE email_normalized = $1 OR recipient_key = $2 FOR UPDATE',
    [emailNormalized, mailbox],
  );
  const ids = audits.rows.map((row) => row.id);
  const messages = await deleteMessagesAbout(tx, { savedAuditIds: ids });
  await tx.query('DELETE FROM saved_audits WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid)', [
    JSON.stringify(ids),
  ]);
  return { savedAudits: ids.length, messages: messages.count, messagesBeingSent: messages.beingSent };
}

/**
 * Deletes saved audits whose term has ended (by the database's clock), open or completed; their e-mails go with them (ON DELETE CASCADE). Idempotent.
 */
export async function purgeExpiredSavedAudits(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM saved_audits s WHERE NOT (${LIVE})`);
  return rowCount;
}

/**
 * The e-mail request a saved retake came from, for the result its continued audit leads to: the
 * saved audit's retake_of_request, open or completed, while the link is within its days; undefined
 * for a malformed, unknown or expired token or a save that was no retake (or whose origin is gone).
 */
export async function findSavedAuditOrigin(
  db: Queryable,
  continueToken: string,
): Promise<string | undefined> {
  if (!isWellFormedSecret(continueToken)) return undefined;
  const { rows } = await db.query<{ retake_of_request: string | null }>(
    `SELECT retake_of_request FROM saved_audits s WHERE token_hash = decode($1, 'hex') AND ${LIVE}`,
    [secretHash(continueToken, 'hex')],
  );
  return rows[0]?.retake_of_request ?? undefined;
}

/** What the e-mail with a continue link says, gathered for one outbox message. */
export interface ContinueMailFacts {
  section: number;
  responses: Responses;
  expiresOn: string;
}

/**
 * The facts of the saved audit an outbox message is about, or undefined when it is gone (erased,
 * completed, expired): such a message is dropped, not sent.
 */
export async function findContinueMailFacts(
  db: Queryable,
  messageId: string,
): Promise<ContinueMailFacts | undefined> {
  const { rows } = await db.query<{ section: number; responses: unknown; created_at: Date }>(
    `SELECT s.section, s.responses, s.created_at
       FROM outbox_messages m JOIN saved_audits s ON s.id = m.saved_audit_id
      WHERE m.id = $1 AND s.completed_at IS NULL AND ${LIVE}`,
    [messageId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    section: row.section,
    responses: sanitizeResponses(row.responses),
    expiresOn: savedAuditTerm(new Date(row.created_at)).lastDay,
  };
}
