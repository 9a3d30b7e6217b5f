import type { Database, Queryable } from '../db/database';
import { deleteMessagesAbout, type OutboxStatus } from '../outbox/outbox-store';
import { maskAddress, recordActivity } from '../activity/team-activity';
import { normalizeEmail } from '../../shared/email-address';
import { hasUnstorableCharacters } from '../../shared/plain-text';
import { lockMailbox } from '../db/recipient-locks';
import { eraseSavedAudits } from '../saved-audits/saved-audits';
import { LEAD_JOIN, leadColumnsFrom, leadColumnsSql, type LeadColumns } from './lead-columns';
import {
  ACTION_PLAN_COUNTS_COLUMNS,
  actionPlanCountsFrom,
  actionPlanCountsJoin,
  type ActionPlanCounts,
  type ActionPlanCountsRow,
} from './action-plan';

/**
 * The team's side of the stored requests: reading them all for the export, erasing one address,
 * and retention. The CLI, the team workspace and the server's daily retention job all call these,
 * so they read and delete in exactly the same way. (The workspace's list, detail and follow-up are
 * in lead-list.ts, lead-detail.ts and lead-follow-up.ts; failed messages live with the outbox.)
 */

/** Where one message about a request stands. */
export interface MessageDelivery {
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
}

/**
 * A request as the team sees it: who, what they wrote, how they scored (LEAD_COLUMNS, declared once
 * in lead-columns.ts), and what was sent and planned.
 */
export interface LeadRecord extends LeadColumns {
  /** Undefined only if the row was never queued (it always is when the request is stored). */
  visitorMessage: MessageDelivery | undefined;
  /** Undefined when LEADS_TO was unset at the time of the request. */
  teamMessage: MessageDelivery | undefined;
  /** How many topics of the action plan on the lead's results page are at each status. */
  actionPlan: ActionPlanCounts;
}

interface LeadRow extends Record<string, unknown>, ActionPlanCountsRow {
  id: string;
  /** created_at in UTC with microseconds: the keyset cursor (a JS Date would round it to milliseconds). */
  cursor: string;
  visitor_status: OutboxStatus | null;
  visitor_attempts: number | null;
  visitor_last_error: string | null;
  visitor_sent_at: Date | null;
  team_status: OutboxStatus | null;
  team_attempts: number | null;
  team_last_error: string | null;
  team_sent_at: Date | null;
}

const LEAD_COLUMNS = `
       ${leadColumnsSql('r', 'l')},
       to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor,
       v.status AS visitor_status, v.attempts AS visitor_attempts, v.last_error AS visitor_last_error,
       v.sent_at AS visitor_sent_at,
       t.status AS team_status, t.attempts AS team_attempts, t.last_error AS team_last_error,
       t.sent_at AS team_sent_at,
       ${ACTION_PLAN_COUNTS_COLUMNS}
  FROM email_requests r
  ${LEAD_JOIN}
  LEFT JOIN outbox_messages v ON v.request_id = r.id AND v.kind = 'visitor'
  LEFT JOIN outbox_messages t ON t.request_id = r.id AND t.kind = 'team'
  ${actionPlanCountsJoin('r')}`;

const FIRST_BATCH = `SELECT ${LEAD_COLUMNS}
 WHERE r.created_at >= $1::timestamptz
 ORDER BY r.created_at, r.id
 LIMIT $2`;

const NEXT_BATCH = `SELECT ${LEAD_COLUMNS}
 WHERE r.created_at >= $1::timestamptz AND (r.created_at, r.id) > ($3::timestamptz, $4::uuid)
 ORDER BY r.created_at, r.id
 LIMIT $2`;

function delivery(
  status: OutboxStatus | null,
  attempts: number | null,
  lastError: string | null,
  sentAt: Date | null,
): MessageDelivery | undefined {
  if (status === null) return undefined;
  return { status, attempts: attempts ?? 0, lastError, sentAt: sentAt === null ? null : new Date(sentAt) };
}

function leadRecord(row: LeadRow): LeadRecord {
  return {
    ...leadColumnsFrom(row),
    visitorMessage: delivery(
      row.visitor_status,
      row.visitor_attempts,
      row.visitor_last_error,
      row.visitor_sent_at,
    ),
    teamMessage: delivery(row.team_status, row.team_attempts, row.team_last_error, row.team_sent_at),
    actionPlan: actionPlanCountsFrom(row),
  };
}

export interface ReadLeadRecordsOptions {
  /** Only requests made at or after this time. */
  since?: Date;
  /** Rows read per query; memory holds one batch at a time. */
  batchSize?: number;
}

/**
 * Hands every request (oldest first) to `onBatch`, a batch at a time, and resolves with how many
 * there were. The batches are read in one read-only REPEATABLE READ transaction, so the whole
 * export is one consistent snapshot even while the server goes on storing and sending.
 */
export async function readLeadRecords(
  db: Database,
  options: ReadLeadRecordsOptions,
  onBatch: (records: LeadRecord[]) => Promise<void>,
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const since = options.since ?? '-infinity';
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    let total = 0;
    let last: LeadRow | undefined;
    for (;;) {
      const { rows } = last
        ? await tx.query<LeadRow>(NEXT_BATCH, [since, batchSize, last.cursor, last.id])
        : await tx.query<LeadRow>(FIRST_BATCH, [since, batchSize]);
      if (rows.length === 0) return total;
      await onBatch(rows.map(leadRecord));
      total += rows.length;
      if (rows.length < batchSize) return total;
      last = rows[rows.length - 1];
    }
  });
}

/** What a deletion removed. */
export interface Removed {
  requests: number;
  messages: number;
  /**
   * Messages that a server was sending at that moment. Their send may still complete (the relay
   * may already hold them), but nothing about them is written back: every outbox update is by id.
   */
  messagesBeingSent: number;
}

/**
 * Deletes the requests matching `where` (an SQL condition on email_requests with $1…) and their
 * messages. The messages go first, through the outbox (deleteMessagesAbout), so they can be counted.
 */
async function deleteRequests(
  tx: Queryable,
  where: string,
  params: readonly (string | number)[],
): Promise<Removed> {
  const requests = await tx.query<{ id: string }>(
    `SELECT id FROM email_requests WHERE ${where} FOR UPDATE`,
    params,
  );
  const ids = requests.rows.map((row) => row.id);
  const messages = await deleteMessagesAbout(tx, { requestIds: ids });
  await tx.query(
    'DELETE FROM email_requests WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid)',
    [JSON.stringify(ids)],
  );
  // A lead is its results: one left with none (all erased, or all past retention) goes too, with
  // its notes; its activity entries keep only their masked label.
  await tx.query(
    'DELETE FROM leads l WHERE NOT EXISTS (SELECT 1 FROM email_requests r WHERE r.lead_id = l.id)',
  );
  return { requests: ids.length, messages: messages.count, messagesBeingSent: messages.beingSent };
}

/**
 * Whether `text` (trimmed) can be an address to erase: something@something, no spaces, at most
 * 254 characters, and nothing the plain-text rule refuses (no stored address holds U+0000, and the
 * database could not even compare one). Looser than the form's rules on purpose: an address stored
 * under older rules must still be erasable.
 */
export function isErasableAddress(text: string): boolean {
  const address = text.trim();
  return address.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(address) && !hasUnstorableCharacters(address);
}

/**
 * Erases everything held about one address, in whatever case it was typed: its whole lead (every
 * result of that mailbox, whichever spelling each came with: A@x and a+tag@x are one person; the
 * notes, the follow-up), its saved audits, and every message about them, queued, failed or sent.
 *
 * A server may be sending one of those messages right now. Its worker holds no row lock while it
 * talks to the relay, so the erasure does not wait for it; the send may still complete, but the
 * worker only ever UPDATEs by id afterwards, so nothing is written back and the address is not
 * resurrected. A message not yet composed finds its request gone and is dropped without sending
 * (see mailDelivery). The count of such messages is returned so the team can tell the person.
 */
export async function eraseAddress(db: Database, address: string, actor: string): Promise<Removed> {
  const emailNormalized = normalizeEmail(address);
  return db.transaction(async (tx) => {
    // The same locks as storing a request, in the same order: one being stored right now for any
    // spelling of this mailbox is erased too, or comes after.
    const mailbox = await lockMailbox(tx, address.trim(), emailNormalized);
    // The whole lead: every result of the person, whichever spelling of the mailbox each came with.
    const requests = await deleteRequests(
      tx,
      'email_normalized = $1 OR lead_id IN (SELECT id FROM leads WHERE mailbox = $2)',
      [emailNormalized, mailbox],
    );
    // Their saved audits too (their answers and continue links); their e-mails count with the rest.
    const saved = await eraseSavedAudits(tx, emailNormalized, mailbox);
    const removed: Removed = {
      requests: requests.requests,
      messages: requests.messages + saved.messages,
      messagesBeingSent: requests.messagesBeingSent + saved.messagesBeingSent,
    };
    // The log says which erasure it was without keeping the address it erased.
    await recordActivity(tx, {
      actor,
      action: 'erase',
      subject: maskAddress(emailNormalized),
      detail: describeRemoved(removed),
    });
    return removed;
  });
}

/** "2 requests and 5 messages", for people (the CLI's answer and the activity log). */
export function describeRemoved(removed: Removed): string {
  const requests = `${removed.requests} request${removed.requests === 1 ? '' : 's'}`;
  const messages = `${removed.messages} message${removed.messages === 1 ? '' : 's'}`;
  return `${requests} and ${messages}`;
}

/**
 * Deletes requests older than `retentionDays` days (by the database's clock, which also stamped
 * them), with their messages. Idempotent, so several servers and the CLI may all run it.
 */
export async function purgeExpiredRequests(db: Database, retentionDays: number): Promise<Removed> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    throw new RangeError(`retentionDays must be a whole number of at least 1, got ${retentionDays}`);
  }
  return db.transaction((tx) =>
    deleteRequests(tx, `created_at < now() - make_interval(days => $1::int)`, [retentionDays]),
  );
}
