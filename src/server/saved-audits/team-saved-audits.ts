import { AREA_IDS, answeredCount, sanitizeResponses } from '../../core';
import {
  SAVED_AUDITS_LIST_LIMIT,
  type ConsentedSavedAudit,
  type TeamSavedAudits,
} from '../../shared/team-api';
import type { Queryable } from '../db/database';
import { savedAuditTerm } from './saved-audit-term';
import { LIVE } from './saved-audits';

/**
 * The team's view of "Save and continue later": how many audits are saved, and an address only
 * where the visitor ticked the consent box when saving. A saved audit counts while its link opens it
 * (LIVE: before the end of its term, savedAuditTerm, by the database's clock), whether or not the
 * purge job has deleted it yet, so an expired row counts nowhere.
 */

interface CountsRow {
  open: number;
  completed: number;
}

interface ListedRow {
  email: string;
  created_at: Date;
  saved_at: Date;
  section: number;
  responses: unknown;
  /** Every open row with consent, before the limit. */
  total: number;
}

export async function readTeamSavedAudits(
  db: Queryable,
  limit: number = SAVED_AUDITS_LIST_LIMIT,
): Promise<TeamSavedAudits> {
  const counts = await db.query<CountsRow>(
    `SELECT count(*) FILTER (WHERE completed_at IS NULL)::int AS open,
            count(*) FILTER (WHERE completed_at IS NOT NULL)::int AS completed
       FROM saved_audits s WHERE ${LIVE}`,
  );
  // Only the consenting rows' columns are read: the others' addresses never leave the database.
  const listed = await db.query<ListedRow>(
    `SELECT email, created_at, saved_at, section, responses, count(*) OVER ()::int AS total
       FROM saved_audits s
      WHERE ${LIVE} AND completed_at IS NULL AND consent_text IS NOT NULL
      ORDER BY saved_at DESC, created_at DESC, id
      LIMIT $1`,
    [limit],
  );
  const { open, completed } = counts.rows[0] ?? { open: 0, completed: 0 };
  return {
    open,
    completed,
    withConsentTotal: listed.rows[0]?.total ?? 0,
    withConsent: listed.rows.map(consentedFrom),
  };
}

function consentedFrom(row: ListedRow): ConsentedSavedAudit {
  const responses = sanitizeResponses(row.responses);
  const createdAt = new Date(row.created_at);
  return {
    email: row.email,
    createdAt: createdAt.toISOString(),
    savedAt: new Date(row.saved_at).toISOString(),
    expiresOn: savedAuditTerm(createdAt).lastDay,
    answered: AREA_IDS.reduce((sum, area) => sum + answeredCount(responses, area), 0),
    section: row.section + 1,
  };
}
