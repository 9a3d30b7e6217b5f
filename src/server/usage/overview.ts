import { AREAS, type AreaId } from '../../core';
import type { Overview, OverviewDay } from '../../shared/team-api';
import type { Queryable } from '../db/database';
import { counterKey, readCounters, utcDay } from './usage-counters';

/** The overview covers this many days, ending with today (UTC). */
export const OVERVIEW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The OVERVIEW_DAYS dates ending with `today`'s UTC date, oldest first. */
export function overviewDates(today: Date): string[] {
  const midnight = Date.parse(`${utcDay(today)}T00:00:00Z`);
  return Array.from({ length: OVERVIEW_DAYS }, (_, i) =>
    utcDay(new Date(midnight - (OVERVIEW_DAYS - 1 - i) * DAY_MS)),
  );
}

/**
 * The team's overview of the last 30 days (UTC): per day the audits started and completed, PDFs
 * downloaded and e-mail requests, from the usage counters (a day without any is zeros); how many
 * audits reached each section over those days; and the average score of each area over the e-mail
 * requests stored in them (null when there were none). The days come from the counters, as the
 * sections do, so the funnel adds up; the averages need the answers, so they come from the stored
 * requests (an erased or expired request no longer counts).
 */
export async function readOverview(db: Queryable, today: Date = new Date()): Promise<Overview> {
  const dates = overviewDates(today);
  const first = dates[0] as string;
  const last = dates[dates.length - 1] as string;
  const counters = await readCounters(db, first, last);
  const count = (day: string, key: string) =>
    counters.find((c) => c.day === day && c.event === key)?.count ?? 0;
  const total = (key: string) => counters.filter((c) => c.event === key).reduce((sum, c) => sum + c.count, 0);

  const days: OverviewDay[] = dates.map((date) => ({
    date,
    started: count(date, 'started'),
    completed: count(date, 'completed'),
    pdfDownloaded: count(date, 'pdf_downloaded'),
    emailRequested: count(date, 'email_requested'),
  }));
  // Section N of the audit is its Nth area.
  const sections = AREAS.map((area, i) => ({
    section: i + 1,
    title: area.title,
    reached: total(counterKey('section_reached', i + 1)),
  }));

  const averages = await areaAverages(db, first, last);
  return {
    days,
    sections,
    areaAverages: AREAS.map(({ id: areaId, title }) => ({
      areaId,
      title,
      average: averages.count === 0 ? null : averages[areaId],
      count: averages.count,
    })),
  };
}

async function areaAverages(
  db: Queryable,
  firstDay: string,
  lastDay: string,
): Promise<Record<AreaId, number> & { count: number }> {
  // Whole UTC days: from the first day's midnight up to (not including) the midnight after the last.
  const { rows } = await db.query<Record<AreaId, number> & { count: number }>(
    `SELECT count(*)::int AS count,
            round(avg(operational_score))::int AS operational, round(avg(compliance_score))::int AS compliance,
            round(avg(quality_score))::int AS quality, round(avg(training_score))::int AS training,
            round(avg(data_score))::int AS data
       FROM email_requests
      WHERE created_at >= $1::date::timestamp AT TIME ZONE 'UTC'
        AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    [firstDay, lastDay],
  );
  return rows[0] as Record<AreaId, number> & { count: number };
}
