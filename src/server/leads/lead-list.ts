import {
  TEAM_PAGE_SIZE,
  type DeliveryState,
  type FollowUpStatus,
  type LeadSummary as LeadSummaryJson,
} from '../../shared/team-api';
import type { Queryable, SqlParam } from '../db/database';

/**
 * The team's list of leads: newest first, a page at a time, searched by a part of the address and
 * filtered by follow-up status and delivery state. The workspace's list calls this.
 */

/** A lead in the list, as read from the database (the API sends its time as ISO 8601). */
export interface LeadSummary extends Omit<LeadSummaryJson, 'createdAt'> {
  createdAt: Date;
}

export interface LeadListQuery {
  /** 1 for the newest TEAM_PAGE_SIZE (50); a page past the end is empty. */
  page: number;
  /** A part of the address, in any case; blank means every lead. */
  search?: string;
  followUpStatus?: FollowUpStatus;
  delivery?: DeliveryState;
}

export interface LeadListPage {
  leads: LeadSummary[];
  /** How many leads match, on every page. */
  total: number;
}

// One lead's delivery state from its messages, every kind (e-mails and the webhook alike): failed if
// any failed (someone must act), else pending while any is queued or being sent, else sent. With
// none at all (there always is the visitor's) it is 'sent': nothing is left to send.
const DELIVERY = `(SELECT CASE WHEN bool_or(m.status = 'failed') THEN 'failed'
                               WHEN bool_or(m.status IN ('queued', 'sending')) THEN 'pending'
                               ELSE 'sent' END
                     FROM outbox_messages m WHERE m.request_id = r.id)`;

// The same rule as a filter, as semi- and anti-joins the planner runs once over the outbox rather
// than once per lead. (NOT EXISTS, not NOT IN: a sign-in message's request_id is NULL.)
const HAS_FAILED = `EXISTS (SELECT 1 FROM outbox_messages m WHERE m.request_id = r.id AND m.status = 'failed')`;
const HAS_WAITING = `EXISTS (SELECT 1 FROM outbox_messages m WHERE m.request_id = r.id AND m.status IN ('queued', 'sending'))`;
const DELIVERY_FILTER: Record<DeliveryState, string> = {
  failed: HAS_FAILED,
  pending: `${HAS_WAITING} AND NOT ${HAS_FAILED}`,
  sent: `NOT ${HAS_FAILED} AND NOT ${HAS_WAITING}`,
};

/** `text` for LIKE: its own % _ and \ match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface LeadSummaryRow {
  id: string;
  created_at: Date;
  email: string;
  overall_score: number;
  follow_up_status: FollowUpStatus;
  delivery: DeliveryState;
  consent: boolean;
  has_note: boolean;
}

export async function listLeads(db: Queryable, query: LeadListQuery): Promise<LeadListPage> {
  if (!Number.isInteger(query.page) || query.page < 1) {
    throw new RangeError(`page must be a whole number of at least 1, got ${query.page}`);
  }
  const conditions: string[] = [];
  const params: SqlParam[] = [];
  const search = query.search?.trim().toLowerCase();
  if (search) {
    params.push(likePattern(search));
    conditions.push(`r.email_normalized LIKE $${params.length}`);
  }
  if (query.followUpStatus) {
    params.push(query.followUpStatus);
    conditions.push(`r.follow_up_status = $${params.length}`);
  }
  if (query.delivery) conditions.push(DELIVERY_FILTER[query.delivery]);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const offset = (query.page - 1) * TEAM_PAGE_SIZE;
  const [page, count] = await Promise.all([
    // The page's ids first, then the rest for those 50 only: a select list computed beside OFFSET
    // is computed for every skipped row too (9,950 delivery states for the last of 10,000 leads).
    db.query<LeadSummaryRow>(
      `SELECT r.id, r.created_at, r.email, r.overall_score, r.follow_up_status,
              ${DELIVERY} AS delivery, r.consent_at IS NOT NULL AS consent,
              EXISTS (SELECT 1 FROM lead_notes n WHERE n.request_id = r.id) AS has_note
         FROM (SELECT r.id FROM email_requests r ${where}
                ORDER BY r.created_at DESC, r.id DESC
                LIMIT ${TEAM_PAGE_SIZE} OFFSET ${offset}) AS page
         JOIN email_requests r ON r.id = page.id
        ORDER BY r.created_at DESC, r.id DESC`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM email_requests r ${where}`, params),
  ]);
  return {
    leads: page.rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      email: row.email,
      overallScore: row.overall_score,
      followUpStatus: row.follow_up_status,
      delivery: row.delivery,
      consent: row.consent,
      hasNote: row.has_note,
    })),
    total: count.rows[0]?.total ?? 0,
  };
}
