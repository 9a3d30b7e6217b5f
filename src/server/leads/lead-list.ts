import type { ServiceType, SizeBand } from '../../core';
import {
  TEAM_PAGE_SIZE,
  type DeliveryState,
  type FollowUpStatus,
  type LeadSources,
  type LeadSummary as LeadSummaryJson,
} from '../../shared/team-api';
import type { Queryable, SqlParam } from '../db/database';
import { leadColumnsFrom, leadColumnsSql } from './lead-columns';
import { FIRST_CONSENT_SQL, WAITING_SQL, waitingCutoff } from './speed-to-lead';

/**
 * The team's list of leads: newest first, a page at a time, searched by a part of the address and
 * filtered by follow-up status, delivery state, service type and size, source, owner, whether
 * the follow-up is due and whether the lead waits for a first contact; every filter combines with
 * the others, and a waiting lead is flagged with when its wait began. The workspace's list calls this.
 */

/** A lead in the list, as read from the database (the API sends its time as ISO 8601). */
export interface LeadSummary extends Omit<LeadSummaryJson, 'createdAt' | 'returnedAt' | 'waitingSince'> {
  createdAt: Date;
  returnedAt: Date | null;
  waitingSince: Date | null;
}

export interface LeadListQuery {
  /** 1 for the newest TEAM_PAGE_SIZE (50); a page past the end is empty. */
  page: number;
  /** A part of the address, in any case; blank means every lead. */
  search?: string;
  followUpStatus?: FollowUpStatus;
  delivery?: DeliveryState;
  serviceType?: ServiceType;
  size?: SizeBand;
  /** A source name exactly as the list gives it (utm_source, else the referring host, else "direct"). */
  source?: string;
  /** Only the leads of this owner (a normalised address), or with null only those nobody owns. */
  owner?: string | null;
  /**
   * Only the leads whose follow-up day is on or before this day (YYYY-MM-DD): today in the UK for
   * "due" (ukDay), given by the caller so the database's time zone plays no part.
   */
  dueBy?: string;
  /** Only the waiting leads (speed-to-lead.ts) at `now`. */
  waiting?: boolean;
  /** The moment the waiting leads are found and flagged at; the real one by default. */
  now?: Date;
}

export interface LeadListPage {
  leads: LeadSummary[];
  /** How many leads match, on every page. */
  total: number;
}

// One lead's delivery state from its messages, every kind (e-mails and the webhook alike): failed if
// any failed (someone must act), else pending while any is queued or being sent, else sent. With
// none at all (there always is the visitor's) it is 'sent': nothing is left to send. A lead's
// messages are those of its requests, joined (not `m.request_id IN (…)`, which the planner ran once
// per lead and failed message: 5 s for the failed filter on 10,000 leads, issue 35's bench).
const leadMessages = (alias: string, status = 'true') =>
  `email_requests ${alias} JOIN outbox_messages m ON m.request_id = ${alias}.id
    WHERE ${alias}.lead_id = l.id AND ${status}`;
const DELIVERY = `(SELECT CASE WHEN bool_or(m.status = 'failed') THEN 'failed'
                               WHEN bool_or(m.status IN ('queued', 'sending')) THEN 'pending'
                               ELSE 'sent' END
                     FROM ${leadMessages('dr')})`;

// The same rule as a filter, as semi- and anti-joins the planner runs once over the outbox rather
// than once per lead. (NOT EXISTS, not NOT IN: a sign-in message's request_id is NULL.)
const HAS_FAILED = `EXISTS (SELECT 1 FROM ${leadMessages('fr', "m.status = 'failed'")})`;
const HAS_WAITING = `EXISTS (SELECT 1 FROM ${leadMessages('wr', "m.status IN ('queued', 'sending')")})`;

// A lead (l) with its latest result (r): the list shows one row per person, and what the visitor
// sent (scores, profile, source, consent, contact details) is as their latest request says.
export const LATEST_RESULT = `JOIN LATERAL (SELECT * FROM email_requests lr WHERE lr.lead_id = l.id
                 ORDER BY lr.created_at DESC, lr.id DESC LIMIT 1) r ON true`;
// The same pairs found from the requests' side, for the list: each request with no later one of its
// lead. Walked newest first along the requests' created_at index, a page stops after its 50 rows,
// where joining every lead to its latest first reads all 10,000 before sorting (37 ms against 1 ms
// for the first page, issue 35's bench). Its condition opens every list query's WHERE.
const LEAD_WITH_LATEST = 'email_requests r JOIN leads l ON l.id = r.lead_id';
const IS_LATEST = `NOT EXISTS (SELECT 1 FROM email_requests later WHERE later.lead_id = r.lead_id
                      AND (later.created_at, later.id) > (r.created_at, r.id))`;
const DELIVERY_FILTER: Record<DeliveryState, string> = {
  failed: HAS_FAILED,
  pending: `${HAS_WAITING} AND NOT ${HAS_FAILED}`,
  sent: `NOT ${HAS_FAILED} AND NOT ${HAS_WAITING}`,
};

/** `text` for LIKE: its own % _ and \ match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page's row: the lead's latest result as LEAD_COLUMNS reads it, and what the list adds. */
interface LeadSummaryRow extends Record<string, unknown> {
  results: number;
  delivery: DeliveryState;
  has_note: boolean;
  waiting_since: Date | null;
}

/**
 * The WHERE clause of a query on LEAD_WITH_LATEST and its parameters: that `r` is the lead's latest
 * result, then each filter, a condition on the lead `l` or on `r`; the search finds a lead by any
 * address it came with.
 */
function leadConditions(query: LeadListQuery, cutoff: Date): { where: string; params: SqlParam[] } {
  const conditions: string[] = [IS_LATEST];
  const params: SqlParam[] = [];
  const where = (condition: (param: string) => string, value: SqlParam) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  const search = query.search?.trim().toLowerCase();
  if (search) {
    where(
      (p) =>
        `EXISTS (SELECT 1 FROM email_requests s WHERE s.lead_id = l.id AND s.email_normalized LIKE ${p})`,
      likePattern(search),
    );
  }
  if (query.followUpStatus) where((p) => `l.follow_up_status = ${p}`, query.followUpStatus);
  if (query.delivery) conditions.push(DELIVERY_FILTER[query.delivery]);
  if (query.serviceType) where((p) => `r.service_type = ${p}`, query.serviceType);
  if (query.size) where((p) => `r.size_band = ${p}`, query.size);
  if (query.source !== undefined) where((p) => `r.source_label = ${p}`, query.source);
  if (query.owner === null) conditions.push('l.owner_email IS NULL');
  else if (query.owner !== undefined) where((p) => `l.owner_email = ${p}`, query.owner);
  if (query.dueBy !== undefined) where((p) => `l.follow_up_on <= ${p}::date`, query.dueBy);
  if (query.waiting) where((p) => WAITING_SQL('l', p), cutoff);
  return { where: `WHERE ${conditions.join(' AND ')}`, params };
}

export async function listLeads(db: Queryable, query: LeadListQuery): Promise<LeadListPage> {
  if (!Number.isInteger(query.page) || query.page < 1) {
    throw new RangeError(`page must be a whole number of at least 1, got ${query.page}`);
  }
  // Worked out once (a search over the fortnight before now), for the filter and the page's flags.
  const cutoff = waitingCutoff(query.now ?? new Date());
  const { where, params } = leadConditions(query, cutoff);
  const offset = (query.page - 1) * TEAM_PAGE_SIZE;
  // The page flags its waiting leads: one more parameter, the page's query alone takes.
  const cutoffParam = `$${params.length + 1}`;
  const [page, count] = await Promise.all([
    // The page's ids first, then the rest for those 50 only: a select list computed beside OFFSET
    // is computed for every skipped row too (9,950 delivery states for the last of 10,000 leads).
    db.query<LeadSummaryRow>(
      `SELECT ${leadColumnsSql('r', 'l')},
              (SELECT count(*)::int FROM email_requests c WHERE c.lead_id = l.id) AS results,
              ${DELIVERY} AS delivery,
              EXISTS (SELECT 1 FROM lead_notes n WHERE n.lead_id = l.id) AS has_note,
              CASE WHEN ${WAITING_SQL('l', cutoffParam)} THEN ${FIRST_CONSENT_SQL('l')} END AS waiting_since
         FROM (SELECT r.id FROM ${LEAD_WITH_LATEST} ${where}
                ORDER BY r.created_at DESC, r.id DESC
                LIMIT ${TEAM_PAGE_SIZE} OFFSET ${offset}) AS page
         JOIN email_requests r ON r.id = page.id JOIN leads l ON l.id = r.lead_id
        ORDER BY r.created_at DESC, r.id DESC`,
      [...params, cutoff],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${LEAD_WITH_LATEST} ${where}`, params),
  ]);
  return {
    leads: page.rows.map((row) => {
      const latest = leadColumnsFrom(row);
      return {
        id: latest.leadId,
        createdAt: latest.createdAt,
        results: row.results,
        // A person with more than one result came back, last with the one listed.
        returnedAt: row.results > 1 ? latest.createdAt : null,
        email: latest.email,
        name: latest.contact?.name ?? null,
        organisation: latest.contact?.organisation ?? null,
        overallScore: latest.overallScore,
        followUpStatus: latest.followUpStatus,
        delivery: row.delivery,
        consent: latest.consent !== null,
        hasNote: row.has_note,
        serviceType: latest.profile.serviceType ?? null,
        size: latest.profile.size ?? null,
        source: latest.sourceLabel,
        owner: latest.owner,
        followUpOn: latest.followUpOn,
        waitingSince: row.waiting_since === null ? null : new Date(row.waiting_since),
      };
    }),
    total: count.rows[0]?.total ?? 0,
  };
}

/** A source name and how many leads came from it. */
export type SourceCount = LeadSources['sources'][number];

/**
 * Every source name the leads held came from (as each lead's latest result says, the one the list
 * filters by), with how many leads each: the choices of the list's source filter. Most leads first,
 * then by name; a source whose leads are all erased is gone.
 */
export async function leadSources(db: Queryable): Promise<SourceCount[]> {
  const { rows } = await db.query<SourceCount>(
    `SELECT r.source_label AS name, count(*)::int AS count FROM ${LEAD_WITH_LATEST} WHERE ${IS_LATEST}
      GROUP BY r.source_label ORDER BY count(*) DESC, r.source_label`,
  );
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}
