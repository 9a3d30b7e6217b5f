import type {
  Overview,
  OverviewAreaAverage,
  OverviewTeamAudits,
  OverviewDay,
  OverviewLeads,
  OverviewPeriod,
} from '../../shared/team-api';
import { FUNNEL_STEPS, type FunnelStepId } from '../../shared/usage-events';
import type { Queryable } from '../db/database';
import { capFunnel } from './funnel';
import { readCounters, utcDay, type CounterRow } from './usage-counters';

/** The overview covers this many days, ending with today (UTC), and compares them with as many before. */
export const OVERVIEW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OverviewPeriods {
  /** The OVERVIEW_DAYS days ending with today, today so far included. */
  current: OverviewPeriod;
  /** The OVERVIEW_DAYS days just before them. */
  previous: OverviewPeriod;
}

/** The UTC day `days` days after (or, negative, before) the UTC day `day`. */
function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The periods of the overview seen on `today` (its UTC day). */
export function overviewPeriods(today: Date): OverviewPeriods {
  const last = utcDay(today);
  const first = addDays(last, 1 - OVERVIEW_DAYS);
  return {
    current: { first, last },
    previous: { first: addDays(first, -OVERVIEW_DAYS), last: addDays(first, -1) },
  };
}

/** Every day of `period`, oldest first. */
export function periodDays({ first, last }: OverviewPeriod): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The first moment of `period` and the first moment after it, for a half-open range of times. */
export function periodBounds({ first, last }: OverviewPeriod): { from: Date; until: Date } {
  return { from: new Date(`${first}T00:00:00Z`), until: new Date(`${addDays(last, 1)}T00:00:00Z`) };
}

/**
 * What the overview needs from the stored e-mail requests (the leads): the leads capability owns
 * that table and answers this (leads/lead-figures.ts); the team API hands its reader in, since
 * usage sits above leads and does not import it.
 */
export interface LeadFigures {
  leads: OverviewLeads;
  /** Requests stored with the consent box ticked, in each period. */
  consentGiven: { current: number; previous: number };
  /** The average score of each area over the requests of the current period. */
  areaAverages: OverviewAreaAverage[];
  /** The team audits started, answered and closed in each period. */
  teamAudits: OverviewTeamAudits;
  /** How fast the team answered each period's leads, as things stand at the overview's moment. */
  speedToLead: Overview['speedToLead'];
}
export type ReadLeadFigures = (db: Queryable, periods: OverviewPeriods, now: Date) => Promise<LeadFigures>;

/**
 * The team's overview: the last 30 days (UTC) against the 30 before. Per day, the audits started
 * and completed, PDFs downloaded and e-mail requests, from the usage counters (a day without any
 * is zeros); the funnel of both periods, each step held to at most the step before (funnel.ts); and
 * from the stored requests, the leads by status, service type, size and source, consent given and
 * the average score of each area (an erased or expired request no longer counts).
 */
export async function readOverview(
  db: Queryable,
  readLeadFigures: ReadLeadFigures,
  today: Date = new Date(),
): Promise<Overview> {
  const periods = overviewPeriods(today);
  const counters = await readCounters(db, periods.previous.first, periods.current.last);
  const figures = await readLeadFigures(db, periods, today);

  const current = capFunnel(countedSteps(counters, periods.current, figures.consentGiven.current));
  const previous = capFunnel(countedSteps(counters, periods.previous, figures.consentGiven.previous));
  const funnel = FUNNEL_STEPS.map(({ id, after }) => ({
    id,
    after,
    current: current.get(id) ?? { counted: 0, shown: 0 },
    previous: previous.get(id) ?? { counted: 0, shown: 0 },
  }));

  const count = (day: string, key: string) =>
    counters.find((c) => c.day === day && c.event === key)?.count ?? 0;
  const days: OverviewDay[] = periodDays(periods.current).map((date) => ({
    date,
    started: count(date, 'started'),
    completed: count(date, 'completed'),
    pdfDownloaded: count(date, 'pdf_downloaded'),
    emailRequested: count(date, 'email_requested'),
  }));

  return {
    period: periods.current,
    previousPeriod: periods.previous,
    days,
    funnel,
    leads: figures.leads,
    areaAverages: figures.areaAverages,
    teamAudits: figures.teamAudits,
    speedToLead: figures.speedToLead,
  };
}

/** Each funnel step's count over `period`: the counters', and consent given as the leads counted it. */
function countedSteps(
  counters: readonly CounterRow[],
  period: OverviewPeriod,
  consentGiven: number,
): Map<FunnelStepId, number> {
  const counted = new Map<FunnelStepId, number>([['consent_given', consentGiven]]);
  for (const { day, event, count } of counters) {
    if (day < period.first || day > period.last) continue;
    const step = event as FunnelStepId;
    counted.set(step, (counted.get(step) ?? 0) + count);
  }
  return counted;
}
