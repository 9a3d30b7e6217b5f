import { AREAS, SERVICE_TYPES, SIZE_BANDS, type AreaId, type ServiceType, type SizeBand } from '../../core';
import {
  FOLLOW_UP_STATUSES,
  OVERVIEW_TOP_SOURCES,
  type FollowUpStatus,
  type LeadGroup,
  type OverviewAreaAverage,
  type OverviewLeads,
} from '../../shared/team-api';
import type { Queryable } from '../db/database';
import { readTeamAuditFigures } from '../team-audits/team-audit-figures';
import { countWaitingLeads, readSpeedToLead } from './speed-to-lead';
import { periodBounds, type LeadFigures, type OverviewPeriods } from '../usage/overview';

/**
 * The leads' part of the team overview (usage/overview.ts): how many requests were stored in the
 * 30 days and in the 30 before, how many of them with consent, the 30 days' requests by follow-up
 * status, service type, size and source, and their average score per area. Counted from the
 * stored requests, so an erased or expired one no longer counts. Days are whole UTC days, as the
 * usage counters' are, so the leads and the funnel cover the same time.
 */
export async function readLeadFigures(
  db: Queryable,
  periods: OverviewPeriods,
  now: Date,
): Promise<LeadFigures> {
  const current = periodBounds(periods.current);
  const previous = periodBounds(periods.previous);
  const totals = await countLeads(db, previous.from, current.from, current.until);
  const groups = await groupLeads(db, current.from, current.until);
  const averages = await areaAverages(db, current.from, current.until);
  // Team audits belong to the leads' requests, so the desk's lead figures carry them.
  const teamAudits = await readTeamAuditFigures(db, previous.from, current.from, current.until);
  const speedToLead = {
    ...(await readSpeedToLead(db, { current, previous }, now)),
    waitingNow: await countWaitingLeads(db, now),
  };

  const countOf = (dimension: Dimension, key: string | null) =>
    groups.find((g) => g.dimension === dimension && g.key === key)?.count ?? 0;
  const sources = groups
    .filter((g): g is GroupRow & { key: string } => g.dimension === 'source' && g.key !== null)
    // Most leads first; between equals, by name, so the order does not change from one load to the next.
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const others = sources.slice(OVERVIEW_TOP_SOURCES);

  const leads: OverviewLeads = {
    total: totals.current,
    previousTotal: totals.previous,
    byStatus: FOLLOW_UP_STATUSES.map((key): LeadGroup<FollowUpStatus> => ({
      key,
      count: countOf('status', key),
    })),
    byServiceType: [...SERVICE_TYPES.map((t) => t.id), null].map((key): LeadGroup<ServiceType> => ({
      key,
      count: countOf('service_type', key),
    })),
    bySize: [...SIZE_BANDS.map((b) => b.id), null].map((key): LeadGroup<SizeBand> => ({
      key,
      count: countOf('size', key),
    })),
    bySource: sources.slice(0, OVERVIEW_TOP_SOURCES).map(({ key, count }) => ({ key, count })),
    otherSources:
      others.length === 0
        ? null
        : { sources: others.length, count: others.reduce((sum, g) => sum + g.count, 0) },
  };
  return {
    leads,
    consentGiven: { current: totals.currentWithConsent, previous: totals.previousWithConsent },
    areaAverages: AREAS.map(({ id: areaId, title }): OverviewAreaAverage => ({
      areaId,
      title,
      average: averages.count === 0 ? null : averages[areaId],
      count: averages.count,
    })),
    teamAudits,
    speedToLead,
  };
}

interface Totals {
  current: number;
  currentWithConsent: number;
  previous: number;
  previousWithConsent: number;
}

/**
 * Leads (people) with a result from `previousFrom` to `currentFrom` (the period before) and from
 * there to `until`: one who came back twice in a period counts once, with their latest consent there.
 */
async function countLeads(
  db: Queryable,
  previousFrom: Date,
  currentFrom: Date,
  until: Date,
): Promise<Totals> {
  const { rows } = await db.query<Totals>(
    `SELECT count(*) FILTER (WHERE created_at >= $2)::int AS "current",
            count(*) FILTER (WHERE created_at >= $2 AND consent_at IS NOT NULL)::int AS "currentWithConsent",
            count(*) FILTER (WHERE created_at < $2)::int AS "previous",
            count(*) FILTER (WHERE created_at < $2 AND consent_at IS NOT NULL)::int AS "previousWithConsent"
       FROM (SELECT DISTINCT ON (lead_id, created_at >= $2) created_at, consent_at
               FROM email_requests
              WHERE created_at >= $1 AND created_at < $3
              ORDER BY lead_id, created_at >= $2, created_at DESC, id DESC) AS latest`,
    [previousFrom, currentFrom, until],
  );
  return rows[0] as Totals;
}

type Dimension = 'status' | 'service_type' | 'size' | 'source';
interface GroupRow {
  dimension: Dimension;
  key: string | null;
  count: number;
}

/**
 * The period's leads counted by each dimension, in one round trip; a null key is "not given". Each
 * lead once, as its latest result in the period says, with the lead's own status.
 */
async function groupLeads(db: Queryable, from: Date, until: Date): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(
    `WITH period AS (
       SELECT DISTINCT ON (r.lead_id) l.follow_up_status, r.service_type, r.size_band, r.source_label
         FROM email_requests r JOIN leads l ON l.id = r.lead_id
        WHERE r.created_at >= $1 AND r.created_at < $2
        ORDER BY r.lead_id, r.created_at DESC, r.id DESC)
     SELECT 'status' AS dimension, follow_up_status AS key, count(*)::int AS count FROM period GROUP BY 2
     UNION ALL
     SELECT 'service_type', service_type, count(*)::int FROM period GROUP BY 2
     UNION ALL
     SELECT 'size', size_band, count(*)::int FROM period GROUP BY 2
     UNION ALL
     SELECT 'source', source_label, count(*)::int FROM period GROUP BY 2`,
    [from, until],
  );
  return rows;
}

/**
 * Each area's average score over the period's leads (each lead's latest result in the period, so a
 * provider who retook the audit counts once), rounded to a whole number, and their count.
 */
async function areaAverages(
  db: Queryable,
  from: Date,
  until: Date,
): Promise<Record<AreaId, number> & { count: number }> {
  const { rows } = await db.query<Record<AreaId, number> & { count: number }>(
    `SELECT count(*)::int AS count,
            round(avg(operational_score))::int AS operational, round(avg(compliance_score))::int AS compliance,
            round(avg(quality_score))::int AS quality, round(avg(training_score))::int AS training,
            round(avg(data_score))::int AS data
       FROM (SELECT DISTINCT ON (lead_id) *
               FROM email_requests
              WHERE created_at >= $1 AND created_at < $2
              ORDER BY lead_id, created_at DESC, id DESC) AS latest`,
    [from, until],
  );
  return rows[0] as Record<AreaId, number> & { count: number };
}
