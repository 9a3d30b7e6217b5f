import type { Queryable } from '../db/database';

/**
 * What the consultancy's desk sees of team audits (issue 33): on a lead, each team audit opened from
 * its results with its dates and how many colleagues answered; on the overview, how many were
 * started, answered and closed. Counts and dates only: never an answer, a role or anything that
 * could tell one respondent from another.
 */

/** One team audit on a lead's page. */
export interface LeadTeamAuditRow {
  /** The result (email_requests.id) it was opened from. */
  requestId: string;
  openedAt: Date;
  closesAt: Date;
  /** When it closed: by the manager's Close, or by its time once that passed. Undefined while open. */
  closedAt?: Date;
  respondents: number;
}

/** Every team audit of the lead's results, oldest first. */
export async function teamAuditsOfLead(db: Queryable, leadId: string): Promise<LeadTeamAuditRow[]> {
  const { rows } = await db.query<{
    request_id: string;
    opened_at: Date;
    closes_at: Date;
    closed_at: Date | null;
    respondents: number;
  }>(
    `SELECT t.request_id, t.opened_at, t.closes_at,
            COALESCE(t.closed_at, CASE WHEN t.closes_at <= now() THEN t.closes_at END) AS closed_at,
            (SELECT count(*)::int FROM team_audit_answers a WHERE a.team_audit_id = t.id) AS respondents
       FROM team_audits t JOIN email_requests r ON r.id = t.request_id
      WHERE r.lead_id = $1
      ORDER BY t.opened_at, t.id`,
    [leadId],
  );
  return rows.map((row) => ({
    requestId: row.request_id,
    openedAt: new Date(row.opened_at),
    closesAt: new Date(row.closes_at),
    ...(row.closed_at ? { closedAt: new Date(row.closed_at) } : {}),
    respondents: row.respondents,
  }));
}

/** A figure of a period and of the one before it. */
export interface PeriodCount {
  current: number;
  previous: number;
}

export interface TeamAuditFigures {
  /** Team audits opened in each period. */
  started: PeriodCount;
  /** Answers given in each period (a colleague who answered again counts at their latest answer). */
  respondents: PeriodCount;
  /** Team audits that closed in each period, by the manager's Close or by their time. */
  closed: PeriodCount;
}

/**
 * The overview's team audit figures over [previousFrom, currentFrom) and [currentFrom, until), in
 * one round trip. Each is counted when it happened, so a team audit opened in one period and closed
 * in the next counts as started in the first and closed in the second.
 */
export async function readTeamAuditFigures(
  db: Queryable,
  previousFrom: Date,
  currentFrom: Date,
  until: Date,
): Promise<TeamAuditFigures> {
  const { rows } = await db.query<{ figure: keyof TeamAuditFigures; current: number; previous: number }>(
    `WITH events AS (
       SELECT 'started' AS figure, opened_at AS at FROM team_audits
       UNION ALL
       SELECT 'closed', COALESCE(closed_at, CASE WHEN closes_at <= now() THEN closes_at END) FROM team_audits
       UNION ALL
       SELECT 'respondents', answered_at FROM team_audit_answers)
     SELECT figure,
            count(*) FILTER (WHERE at >= $2)::int AS current,
            count(*) FILTER (WHERE at < $2)::int AS previous
       FROM events
      WHERE at >= $1 AND at < $3
      GROUP BY figure`,
    [previousFrom, currentFrom, until],
  );
  const count = (figure: keyof TeamAuditFigures): PeriodCount => {
    const row = rows.find((r) => r.figure === figure);
    return { current: row?.current ?? 0, previous: row?.previous ?? 0 };
  };
  return { started: count('started'), respondents: count('respondents'), closed: count('closed') };
}
