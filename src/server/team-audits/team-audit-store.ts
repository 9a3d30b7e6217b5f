import { randomUUID } from 'node:crypto';
import {
  MAX_TEAM_RESPONDENTS,
  TEAM_AUDIT_DAYS,
  sanitizeResponses,
  type Responses,
  type TeamAnswer,
  type TeamRole,
} from '../../core';
import type { Database, Queryable } from '../db/database';
import { isWellFormedSecret, secretHash } from '../http/secrets';
import { joinTokenFor, joinTokenHash } from './join-token';

/**
 * The team audits' tables (migration 0025): opening and closing one, a colleague's answer, and the
 * reads the routes, the history and the team's desk make. A team audit is closed once the manager
 * closed it or its 30 days have passed, whichever is first: `closed_at` holds the first, the second
 * is read off `closes_at`, so no job has to close anything.
 */

/** One team audit as the routes read it. */
export interface TeamAuditRow {
  id: string;
  requestId: string;
  openedAt: Date;
  closesAt: Date;
  /** When it closed (by hand, or by its time once that has passed); undefined while open. */
  closedAt?: Date;
  respondents: number;
}

interface TeamAuditSqlRow {
  id: string;
  request_id: string;
  opened_at: Date;
  closes_at: Date;
  closed_at: Date | null;
  respondents: number;
}

/**
 * closed_at, or closes_at once it has passed: when the team audit `t` closed, or null while open.
 * The one rule every read of a team audit's state uses.
 */
export const CLOSED_AT_SQL = `COALESCE(t.closed_at, CASE WHEN t.closes_at <= now() THEN t.closes_at END)`;

const TEAM_AUDIT_COLUMNS = `t.id, t.request_id, t.opened_at, t.closes_at, ${CLOSED_AT_SQL} AS closed_at,
  (SELECT count(*)::int FROM team_audit_answers a WHERE a.team_audit_id = t.id) AS respondents`;

function teamAuditFrom(row: TeamAuditSqlRow): TeamAuditRow {
  return {
    id: row.id,
    requestId: row.request_id,
    openedAt: new Date(row.opened_at),
    closesAt: new Date(row.closes_at),
    ...(row.closed_at ? { closedAt: new Date(row.closed_at) } : {}),
    respondents: row.respondents,
  };
}

/** The result's latest team audit, open or closed, or undefined before its first. */
export async function latestTeamAudit(db: Queryable, requestId: string): Promise<TeamAuditRow | undefined> {
  const { rows } = await db.query<TeamAuditSqlRow>(
    `SELECT ${TEAM_AUDIT_COLUMNS} FROM team_audits t
      WHERE t.request_id = $1
      ORDER BY t.opened_at DESC, t.id DESC
      LIMIT 1`,
    [requestId],
  );
  return rows[0] && teamAuditFrom(rows[0]);
}

/** Every team audit opened from a result of the lead, oldest first: what the desk shows of them. */
export async function teamAuditsOfLead(db: Queryable, leadId: string): Promise<TeamAuditRow[]> {
  const { rows } = await db.query<TeamAuditSqlRow>(
    `SELECT ${TEAM_AUDIT_COLUMNS}
       FROM team_audits t JOIN email_requests r ON r.id = t.request_id
      WHERE r.lead_id = $1
      ORDER BY t.opened_at, t.id`,
    [leadId],
  );
  return rows.map(teamAuditFrom);
}

/**
 * Opens a team audit of the result, or gives the one already open: pressing "Ask your team to
 * answer" twice, or on two devices, makes one link, not two. One past its 30 days is marked closed
 * first (at its own closing time), so the new one can open. The result's row is locked for the
 * while, so two presses at once wait for each other.
 */
export async function openTeamAudit(
  db: Database,
  requestId: string,
  resultsToken: string,
): Promise<TeamAuditRow | undefined> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query(`SELECT 1 FROM email_requests WHERE id = $1 FOR NO KEY UPDATE`, [
      requestId,
    ]);
    if (locked.length === 0) return undefined; // erased in the meantime
    await tx.query(
      `UPDATE team_audits SET closed_at = closes_at
        WHERE request_id = $1 AND closed_at IS NULL AND closes_at <= now()`,
      [requestId],
    );
    const open = await latestTeamAudit(tx, requestId);
    if (open && !open.closedAt) return open;
    const id = randomUUID();
    await tx.query(
      `INSERT INTO team_audits (id, request_id, join_token_hash, closes_at)
       VALUES ($1, $2, decode($3, 'hex'), now() + make_interval(days => $4::int))`,
      [id, requestId, joinTokenHash(joinTokenFor(resultsToken, id)), TEAM_AUDIT_DAYS],
    );
    return latestTeamAudit(tx, requestId);
  });
}

/**
 * Closes the result's open team audit now. Undefined when it has none open (never opened, already
 * closed, or past its time): closing is then nothing to do, and the caller says what there is.
 */
export async function closeTeamAudit(db: Queryable, requestId: string): Promise<TeamAuditRow | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE team_audits SET closed_at = now()
      WHERE request_id = $1 AND closed_at IS NULL AND closes_at > now()
      RETURNING id`,
    [requestId],
  );
  return rows[0] ? latestTeamAudit(db, requestId) : undefined;
}

/** The team audit a join link opens, with what its page says of it. */
export interface JoinedTeamAudit extends TeamAuditRow {
  /** The organisation the manager gave with her result, if she gave one (and has not withdrawn it). */
  organisation?: string;
  /** The version of the audit's words the manager's result was answered with: colleagues answer in it. */
  contentVersion: number;
}

/**
 * The team audit a join token opens, or undefined when the token is malformed or unknown, or the
 * result it belongs to is erased or past `retentionDays` (the same cut-off as the results link's).
 */
export async function findTeamAuditByJoinToken(
  db: Queryable,
  joinToken: string,
  retentionDays: number,
): Promise<JoinedTeamAudit | undefined> {
  if (!isWellFormedSecret(joinToken)) return undefined;
  const { rows } = await db.query<TeamAuditSqlRow & { organisation: string | null; content_version: number }>(
    `SELECT ${TEAM_AUDIT_COLUMNS}, r.contact_organisation AS organisation, r.content_version
       FROM team_audits t
       JOIN email_requests r ON r.id = t.request_id
      WHERE t.join_token_hash = decode($1, 'hex')
        AND r.created_at >= now() - make_interval(days => $2::int)`,
    [joinTokenHash(joinToken), retentionDays],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...teamAuditFrom(row),
    ...(row.organisation ? { organisation: row.organisation } : {}),
    contentVersion: Number(row.content_version),
  };
}

export type StoreAnswerOutcome = 'stored' | 'replaced' | 'closed' | 'full' | 'not_found';

/**
 * Keeps one colleague's answer: a new one, or in place of this browser's earlier one (the same
 * respondent key). Refused when the team audit has closed, and a new respondent when it already has
 * MAX_TEAM_RESPONDENTS (a replaced answer is not a new respondent). The team audit's row is locked
 * while its answers are counted, so two answers at once cannot both be the 200th.
 */
export async function storeTeamAnswer(
  db: Database,
  teamAuditId: string,
  answer: { respondentKey: string; role?: TeamRole; responses: Responses },
): Promise<StoreAnswerOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ open: boolean }>(
      `SELECT t.closed_at IS NULL AND t.closes_at > now() AS open
         FROM team_audits t WHERE t.id = $1 FOR UPDATE`,
      [teamAuditId],
    );
    const found = rows[0];
    if (!found) return 'not_found';
    if (!found.open) return 'closed';
    const keyHash = secretHash(answer.respondentKey, 'hex');
    const { rows: counted } = await tx.query<{ respondents: number; answered: boolean }>(
      `SELECT count(*)::int AS respondents,
              COALESCE(bool_or(respondent_key_hash = decode($2, 'hex')), false) AS answered
         FROM team_audit_answers WHERE team_audit_id = $1`,
      [teamAuditId, keyHash],
    );
    const { respondents, answered } = counted[0] ?? { respondents: 0, answered: false };
    if (!answered && respondents >= MAX_TEAM_RESPONDENTS) return 'full';
    await tx.query(
      `INSERT INTO team_audit_answers (team_audit_id, respondent_key_hash, role, responses)
       VALUES ($1, decode($2, 'hex'), $3, $4::jsonb)
       ON CONFLICT (team_audit_id, respondent_key_hash)
       DO UPDATE SET role = EXCLUDED.role, responses = EXCLUDED.responses, answered_at = now()`,
      [teamAuditId, keyHash, answer.role ?? null, JSON.stringify(answer.responses)],
    );
    return answered ? 'replaced' : 'stored';
  });
}

/** Every answer of the given team audits, by team audit: ratings and role, nothing else. */
export async function readTeamAnswers(
  db: Queryable,
  teamAuditIds: readonly string[],
): Promise<Map<string, TeamAnswer[]>> {
  const answers = new Map<string, TeamAnswer[]>(teamAuditIds.map((id) => [id, []]));
  if (teamAuditIds.length === 0) return answers;
  const { rows } = await db.query<{ team_audit_id: string; role: TeamRole | null; responses: unknown }>(
    `SELECT team_audit_id, role, responses FROM team_audit_answers WHERE team_audit_id IN (SELECT value::uuid FROM jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(teamAuditIds)],
  );
  for (const row of rows) {
    answers.get(row.team_audit_id)?.push({
      ...(row.role ? { role: row.role } : {}),
      responses: sanitizeResponses(row.responses),
    });
  }
  return answers;
}
