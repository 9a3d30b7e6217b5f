import { AREA_IDS, MAX_HISTORY, isoDate, type AreaScores, type ResultHistory } from '../../core';
import type { Queryable } from '../db/database';
import { closedTeamResults } from '../team-audits/team-results';

/**
 * How many links the walk back a chain follows at most. A chain grows by one result per retake, and
 * a request lives at most RETENTION_DAYS, so no real chain comes near; the bound is there so a row
 * edited by hand (or a bug) cannot make one look-up read without end.
 */
export const MAX_CHAIN_STEPS = 1000;

interface ChainRow {
  created_at: Date;
  operational_score: number;
  compliance_score: number;
  quality_score: number;
  training_score: number;
  data_score: number;
  overall_score: number;
  /** The chain's length (up to MAX_CHAIN_STEPS), the same on every row. */
  total: number;
  later_results: boolean;
  /** Every request of the chain (not only the latest MAX_HISTORY), the same on every row. */
  chain_ids: string[];
}

/**
 * The chain of results a request belongs to (decision 0053): the request, the one it was retaken
 * from, that one's, and so on back, each as the day it was taken and its stored scores, oldest
 * first. Only requests within `retentionDays` count, by the database's clock like the purge: the
 * walk stops at the first one past it, purged or not yet, so a chain across the retention boundary
 * simply starts later. At most the latest MAX_HISTORY are given; `total` counts the whole chain
 * (up to MAX_CHAIN_STEPS). `laterResults`: a live request was retaken from this one.
 *
 * A closed team audit of any result of the chain (decision 0069) is a result of it too, put in
 * order by the moment it closed and marked `team`; `total` counts it.
 *
 * A request that is unknown, erased or past retention has no chain: no entries, total 0.
 */
export async function readResultHistory(
  db: Queryable,
  requestId: string,
  retentionDays: number,
): Promise<ResultHistory> {
  const { rows } = await db.query<ChainRow>(
    // The CYCLE clause ends the walk where a request comes round again: the table's CHECK stops a
    // request naming itself, but not two naming each other.
    `WITH RECURSIVE chain AS (
       SELECT r.id, r.previous_request_id, r.created_at, r.operational_score, r.compliance_score,
              r.quality_score, r.training_score, r.data_score, r.overall_score, 1 AS step
         FROM email_requests r
        WHERE r.id = $1 AND r.created_at >= now() - make_interval(days => $2::int)
       UNION ALL
       SELECT r.id, r.previous_request_id, r.created_at, r.operational_score, r.compliance_score,
              r.quality_score, r.training_score, r.data_score, r.overall_score, c.step + 1
         FROM chain c
         JOIN email_requests r ON r.id = c.previous_request_id
        WHERE c.step < $3::int AND r.created_at >= now() - make_interval(days => $2::int)
     ) CYCLE id SET looped USING visited
     SELECT created_at, operational_score, compliance_score, quality_score, training_score, data_score,
            overall_score, count(*) OVER ()::int AS total,
            (SELECT json_agg(id) FROM chain WHERE NOT looped) AS chain_ids,
            EXISTS (SELECT 1 FROM email_requests later
                     WHERE later.previous_request_id = $1
                       AND later.created_at >= now() - make_interval(days => $2::int)) AS later_results
       FROM chain
      WHERE NOT looped
      ORDER BY step
      LIMIT $4::int`,
    [requestId, retentionDays, MAX_CHAIN_STEPS, MAX_HISTORY],
  );
  const first = rows[0];
  if (!first) return { entries: [], total: 0, laterResults: false };
  // Read newest first (the LIMIT keeps the latest), given oldest first.
  const own = rows.reverse().map((row) => {
    const scores = Object.fromEntries(AREA_IDS.map((id) => [id, row[`${id}_score`]])) as AreaScores;
    const entry = { takenOn: isoDate(new Date(row.created_at)), scores, overall: row.overall_score };
    return { at: new Date(row.created_at).getTime(), entry };
  });
  const team = (await closedTeamResults(db, first.chain_ids)).map(({ closedAt, entry }) => ({
    at: closedAt.getTime(),
    entry,
  }));
  // A stable sort: a team audit closed at the very moment of a result comes after it.
  const entries = [...own, ...team]
    .sort((a, b) => a.at - b.at)
    .slice(-MAX_HISTORY)
    .map(({ entry }) => entry);
  return { entries, total: first.total + team.length, laterResults: first.later_results };
}
