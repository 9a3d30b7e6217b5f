import type { FirstContact, FollowUpStatus, SpeedToLead } from '../../shared/team-api';
import { latestStartPastItsWorkingDay, oneWorkingDayAfter } from '../../shared/working-days';
import type { Queryable } from '../db/database';

/**
 * Speed to lead (issue 35, decision 0078): how fast the team answers a lead that asked to be
 * contacted. A lead's clock starts at its first request with consent (a returning lead keeps its
 * first clock: coming back does not make it new again) and stops at its first contact
 * (leads.first_contacted_at, set by lead-follow-up.ts). Only a lead whose latest request has consent
 * counts: one that has since withdrawn it is not to be contacted. It waits once one UK working day
 * has passed with no contact while it is still new (shared/working-days.ts).
 */

/** SQL: when the lead `l` first asked to be contacted (its first request with consent), or null. */
export const FIRST_CONSENT_SQL = (l: string) =>
  `(SELECT min(c.created_at) FROM email_requests c WHERE c.lead_id = ${l}.id AND c.consent_at IS NOT NULL)`;

/** SQL: whether the lead `l`'s latest request has consent (it is a lead to contact). */
export const LATEST_HAS_CONSENT_SQL = (l: string) =>
  `coalesce((SELECT lr.consent_at IS NOT NULL FROM email_requests lr WHERE lr.lead_id = ${l}.id
              ORDER BY lr.created_at DESC, lr.id DESC LIMIT 1), false)`;

/**
 * SQL: whether the lead `l` waits, given `cutoff`, the parameter holding waitingCutoff(now): every
 * lead whose clock started at or before it has had its whole working day by `now`.
 */
export const WAITING_SQL = (l: string, cutoff: string) =>
  `(${l}.first_contacted_at IS NULL AND ${l}.follow_up_status = 'new'
    AND ${LATEST_HAS_CONSENT_SQL(l)} AND ${FIRST_CONSENT_SQL(l)} <= ${cutoff}::timestamptz)`;

/** The parameter WAITING_SQL compares with: a lead that came at or before it has had its working day. */
export function waitingCutoff(now: Date): Date {
  return latestStartPastItsWorkingDay(now);
}

/** What a lead's speed to lead is worked out from, as read from the database. */
export interface FirstContactFacts {
  /** Its first request with consent; null when it never gave consent. */
  firstConsentAt: Date | null;
  /** Whether its latest request has consent. */
  consent: boolean;
  firstContactedAt: Date | null;
  status: FollowUpStatus;
}

/** A lead's speed to lead at `now`, or null when it is not a lead to contact (no consent now). */
export function firstContactOf(facts: FirstContactFacts, now: Date): FirstContact | null {
  const { firstConsentAt: since, consent, firstContactedAt: contactedAt, status } = facts;
  if (!consent || since === null) return null;
  const dueBy = oneWorkingDayAfter(since);
  return {
    since: since.toISOString(),
    dueBy: dueBy.toISOString(),
    contactedAt: contactedAt?.toISOString() ?? null,
    // Contacted before it first consented (a member set it while it was results only): no wait at all.
    timeToContactMs: contactedAt === null ? null : Math.max(0, contactedAt.getTime() - since.getTime()),
    withinOneWorkingDay: contactedAt === null ? null : contactedAt.getTime() <= dueBy.getTime(),
    waiting: contactedAt === null && status === 'new' && now.getTime() > dueBy.getTime(),
  };
}

/** The median of some numbers (the mean of the middle two for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The speed to lead of some leads' first contacts, as the overview shows a period's. */
export function speedToLeadOf(leads: readonly FirstContact[], now: Date): SpeedToLead {
  const contacted = leads.filter((lead) => lead.timeToContactMs !== null);
  const settled = leads.filter((lead) => lead.contactedAt !== null || Date.parse(lead.dueBy) < now.getTime());
  const mid = median(contacted.map((lead) => lead.timeToContactMs!));
  return {
    leads: leads.length,
    contacted: contacted.length,
    medianMs: mid === null ? null : Math.round(mid),
    settled: settled.length,
    withinOneWorkingDay: contacted.filter((lead) => lead.withinOneWorkingDay).length,
    waiting: leads.filter((lead) => lead.waiting).length,
  };
}

/** A period as a half-open range of times: its first moment and the first moment after it. */
interface Bounds {
  from: Date;
  until: Date;
}

/**
 * The speed to lead of the overview's two periods, as things stand at `now`: each lead with consent
 * counted in the period its first request with consent came in.
 */
export async function readSpeedToLead(
  db: Queryable,
  periods: { current: Bounds; previous: Bounds },
  now: Date,
): Promise<{ current: SpeedToLead; previous: SpeedToLead }> {
  // Each lead's first request with consent, by one pass over the requests with consent.
  const { rows } = await db.query<{ since: Date; contacted_at: Date | null; status: FollowUpStatus }>(
    `SELECT first.since, l.first_contacted_at AS contacted_at, l.follow_up_status AS status
       FROM (SELECT lead_id, min(created_at) AS since FROM email_requests
              WHERE consent_at IS NOT NULL GROUP BY lead_id) AS first
       JOIN leads l ON l.id = first.lead_id
      WHERE first.since >= $1 AND first.since < $2 AND ${LATEST_HAS_CONSENT_SQL('l')}`,
    [periods.previous.from, periods.current.until],
  );
  const leads = rows.map(
    (row) =>
      firstContactOf(
        {
          firstConsentAt: new Date(row.since),
          consent: true, // the query kept only leads whose latest request has consent
          firstContactedAt: row.contacted_at === null ? null : new Date(row.contacted_at),
          status: row.status,
        },
        now,
      ) as FirstContact,
  );
  const of = ({ from, until }: Bounds) =>
    speedToLeadOf(
      leads.filter(
        (lead) => Date.parse(lead.since) >= from.getTime() && Date.parse(lead.since) < until.getTime(),
      ),
      now,
    );
  return { current: of(periods.current), previous: of(periods.previous) };
}

/** How many leads wait at `now`, whenever they came: what the list's waiting filter shows. */
export async function countWaitingLeads(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM leads l WHERE ${WAITING_SQL('l', '$1')}`,
    [waitingCutoff(now)],
  );
  return rows[0]?.waiting ?? 0;
}
