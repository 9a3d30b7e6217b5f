import type { Queryable } from '../db/database';
import { CLOSED_AT_SQL } from './team-audit-store';

/**
 * What the consultancy's overview counts of team audits (issue 33): how many were started, answered
 * and closed. Counts only: never an answer, a role or anything that could tell one respondent from
 * another. (A lead's own team audits are team-audit-store.ts's teamAuditsOfLead.)
 */

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
       SELECT 'closed', ${CLOSED_AT_SQL} FROM team_audits t
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
