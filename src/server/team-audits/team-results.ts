import {
  MIN_TEAM_RESPONDENTS,
  isoDate,
  sanitizeResponses,
  teamFigures,
  teamResultScores,
  teamView,
  type HistoryEntry,
  type Responses,
  type TeamView,
} from '../../core';
import type { ContentSource } from '../content/content-cache';
import { storedVersion } from '../content/answered-version';
import type { Queryable } from '../db/database';
import { CLOSED_AT_SQL, latestTeamAudit, readTeamAnswers, type TeamAuditRow } from './team-audit-store';

/**
 * What a team audit's answers come to: the team's view beside the manager's own result, and a
 * closed team audit as one result of the progress chain. Both are worked out from the answers each
 * time they are read (by core/team-view.ts, the one rule), never stored, so an answer replaced or
 * erased can never leave a stale figure behind. The view names statements in the words of the
 * version the manager's result was answered with, which her colleagues answered in too.
 */

/** The manager's own result the team audit was opened from: her answers and the version they were given in. */
export async function readOwnResult(
  db: Queryable,
  requestId: string,
): Promise<{ responses: Responses; contentVersion: number } | undefined> {
  const { rows } = await db.query<{ responses: unknown; content_version: number }>(
    `SELECT responses, content_version FROM email_requests WHERE id = $1`,
    [requestId],
  );
  const row = rows[0];
  return row && { responses: sanitizeResponses(row.responses), contentVersion: Number(row.content_version) };
}

/** The team's view of a team audit, or undefined under MIN_TEAM_RESPONDENTS answers. */
export async function readTeamView(
  db: Queryable,
  content: ContentSource,
  teamAudit: TeamAuditRow,
): Promise<TeamView | undefined> {
  if (teamAudit.respondents < MIN_TEAM_RESPONDENTS) return undefined;
  const own = await readOwnResult(db, teamAudit.requestId);
  if (!own) return undefined;
  const answers = (await readTeamAnswers(db, [teamAudit.id])).get(teamAudit.id) ?? [];
  const words = await storedVersion(content, own.contentVersion);
  return teamView(answers, own.responses, words.content);
}

/**
 * The team's view a result's PDF shows: that of the latest team audit opened from it, open or
 * closed, as the result's page shows it; undefined before the first or under 3 respondents.
 */
export async function teamViewOfResult(
  db: Queryable,
  content: ContentSource,
  requestId: string,
): Promise<TeamView | undefined> {
  const teamAudit = await latestTeamAudit(db, requestId);
  return teamAudit && readTeamView(db, content, teamAudit);
}

/** A closed team audit as an entry of the chain, with the moment it closed to put it in order. */
export interface TeamHistoryEntry {
  closedAt: Date;
  entry: HistoryEntry;
}

/**
 * The closed team audits of the given results with at least MIN_TEAM_RESPONDENTS answers, each as
 * a history entry ("Team audit, 12 respondents"): the team's medians, dated the day it closed. One
 * closed with fewer is no result: none of its figures may be shown.
 */
export async function closedTeamResults(
  db: Queryable,
  requestIds: readonly string[],
): Promise<TeamHistoryEntry[]> {
  if (requestIds.length === 0) return [];
  const { rows } = await db.query<{ id: string; closed_at: Date }>(
    `SELECT t.id, ${CLOSED_AT_SQL} AS closed_at
       FROM team_audits t
      WHERE t.request_id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))
        AND ${CLOSED_AT_SQL} IS NOT NULL
        AND (SELECT count(*) FROM team_audit_answers a WHERE a.team_audit_id = t.id) >= $2::int
      ORDER BY 2, t.id`,
    [JSON.stringify(requestIds), MIN_TEAM_RESPONDENTS],
  );
  const answers = await readTeamAnswers(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const own = answers.get(row.id) ?? [];
    // The manager's own answers only feed the "own" figures, which a history entry does not carry;
    // nor does it name a statement, so no version's words are needed.
    const view = teamFigures(own, {});
    if (!view) return [];
    const closedAt = new Date(row.closed_at);
    return [
      {
        closedAt,
        entry: {
          takenOn: isoDate(closedAt),
          ...teamResultScores(view),
          team: { respondents: view.respondents },
        },
      },
    ];
  });
}
