import { ADVISORY_LOCKS } from '../db/advisory-locks';
import {
  AREA_IDS,
  overallScore,
  scoreAreas,
  type AreaId,
  type Responses,
  type ServiceProfile,
} from '../../core';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';

/** A completed audit as the benchmark keeps it: no address, no identifier, no time of day. */
export interface CompletedAudit {
  /** Made in the browser for this one audit, so a retry is counted once; forgotten after two days. */
  idempotencyKey: string;
  profile: ServiceProfile;
  /** All 25 ratings; the server scores them itself. */
  responses: Responses;
}

/** How long an idempotency key is remembered: a retry comes within seconds, not days. */
export const SUBMISSION_KEY_DAYS = 2;

// The columns of the five area scores, in AREA_IDS order, as completed_audits names them.
const SCORE_COLUMNS = AREA_IDS.map((id) => `${id}_score`);

// One statement, so the key, the audit and its counts are stored together or not at all, and the
// database settles a race: a second request with the same key waits for the first one's insert of
// that key and then finds it there (ON CONFLICT DO NOTHING), so nothing after it is inserted. The
// date is the database's UTC day. The counts are taken up in AREA_IDS order in every statement, so
// two audits adding to the same rows lock them in the same order and cannot deadlock.
const STORE_SQL = `
WITH new_key AS (
  INSERT INTO audit_submission_keys (idempotency_key, received_on, audit_id)
  VALUES ($1::uuid, (now() AT TIME ZONE 'UTC')::date, $11::uuid)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING idempotency_key
), audit AS (
  INSERT INTO completed_audits (id, completed_on, service_type, size_band, ratings, ${SCORE_COLUMNS.join(', ')}, overall_score)
  SELECT $11::uuid, (now() AT TIME ZONE 'UTC')::date, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10 FROM new_key
  RETURNING service_type, size_band, ${SCORE_COLUMNS.join(', ')}
), counted AS (
  INSERT INTO benchmark_score_counts AS c (service_type, size_band, area, score, count)
  SELECT audit.service_type, audit.size_band, s.area, s.score, 1
    FROM audit CROSS JOIN LATERAL (VALUES ${AREA_IDS.map((id, i) => `(${i + 1}, '${id}', audit.${id}_score)`).join(', ')}) AS s(ord, area, score)
   ORDER BY s.ord
  ON CONFLICT (service_type, size_band, area, score) DO UPDATE SET count = c.count + 1
)
SELECT count(*)::int AS counted FROM new_key`;

/**
 * Stores a completed audit with the scores computed here, and adds it to the benchmark's counts, in
 * one statement. Returns false when its idempotency key was seen before: that audit is already counted.
 */
export async function storeCompletedAudit(db: Queryable, audit: CompletedAudit): Promise<boolean> {
  const scores = scoreAreas(audit.responses);
  const { rows } = await db.query<{ counted: number }>(STORE_SQL, [
    audit.idempotencyKey,
    audit.profile.serviceType ?? null,
    audit.profile.size ?? null,
    JSON.stringify(audit.responses),
    ...AREA_IDS.map((id: AreaId) => scores[id]),
    overallScore(scores),
    // The audit's id, made here so that its key can name it in the same statement.
    randomUUID(),
  ]);
  return rows[0]?.counted === 1;
}

// The counts an audit adds to its segment, as (ord, area, score) rows in AREA_IDS order: $3… the scores.
const AUDIT_SCORES = `(VALUES ${AREA_IDS.map((id, i) => `(${i + 1}, '${id}', $${i + 3}::smallint)`).join(', ')}) AS s(ord, area, score)`;
const SAME_SEGMENT = `c.service_type IS NOT DISTINCT FROM $1 AND c.size_band IS NOT DISTINCT FROM $2
   AND c.area = s.area AND c.score = s.score`;

/**
 * Files an audit already counted under the profile given later (on the results page), found by the
 * key it was sent with: its counts move from the old segment to the new one, in one transaction.
 * Returns false, changing nothing, when the key names no audit (forgotten, or sent before keys
 * named their audits) or the audit already has this profile.
 */
export async function refileCompletedAudit(
  db: Database,
  idempotencyKey: string,
  profile: ServiceProfile,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Refiling takes a lock of its own for the whole transaction: it moves counts out of one
    // segment and into another, and two refiles taking the same rows in opposite orders could
    // deadlock. They are rare (a visitor gives a profile once or twice), so one at a time costs
    // nothing. Within each segment it takes the rows in area order, as the insert above does.
    await tx.query('SELECT pg_advisory_xact_lock($1::int)', [ADVISORY_LOCKS.refileAudit]);
    const { rows } = await tx.query<AuditRow>(
      `SELECT a.id, a.service_type, a.size_band, ${SCORE_COLUMNS.map((c) => `a.${c}`).join(', ')}
         FROM audit_submission_keys k JOIN completed_audits a ON a.id = k.audit_id
        WHERE k.idempotency_key = $1::uuid
          FOR UPDATE OF a`,
      [idempotencyKey],
    );
    const audit = rows[0];
    const serviceType = profile.serviceType ?? null;
    const size = profile.size ?? null;
    if (!audit || (audit.service_type === serviceType && audit.size_band === size)) return false;
    const scores = SCORE_COLUMNS.map((column) => audit[column as keyof AuditRow] as number);
    const old = [audit.service_type, audit.size_band, ...scores];
    // Out of the old segment, its rows locked first in area order, as the insert above takes a
    // segment's rows, so a refile and an insert into that segment never wait for each other in a
    // circle. A count of one goes (counts are never 0), a larger one drops by one.
    await tx.query(
      `SELECT 1 FROM benchmark_score_counts c JOIN ${AUDIT_SCORES} ON ${SAME_SEGMENT} ORDER BY s.ord FOR UPDATE OF c`,
      old,
    );
    await tx.query(
      `DELETE FROM benchmark_score_counts c USING ${AUDIT_SCORES} WHERE ${SAME_SEGMENT} AND c.count = 1`,
      old,
    );
    await tx.query(
      `UPDATE benchmark_score_counts c SET count = c.count - 1 FROM ${AUDIT_SCORES} WHERE ${SAME_SEGMENT}`,
      old,
    );
    await tx.query(
      `INSERT INTO benchmark_score_counts AS c (service_type, size_band, area, score, count)
       SELECT $1, $2, s.area, s.score, 1 FROM ${AUDIT_SCORES} ORDER BY s.ord
       ON CONFLICT (service_type, size_band, area, score) DO UPDATE SET count = c.count + 1`,
      [serviceType, size, ...scores],
    );
    await tx.query('UPDATE completed_audits SET service_type = $2, size_band = $3 WHERE id = $1', [
      audit.id,
      serviceType,
      size,
    ]);
    return true;
  });
}

interface AuditRow {
  id: string;
  service_type: string | null;
  size_band: string | null;
  operational_score: number;
  compliance_score: number;
  quality_score: number;
  training_score: number;
  data_score: number;
}

/**
 * Forgets the idempotency keys received SUBMISSION_KEY_DAYS or more UTC days ago (today's and
 * yesterday's stay), so a key the browser may still hold soon leads to no stored audit. Returns how
 * many were forgotten.
 */
export async function forgetOldSubmissionKeys(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM audit_submission_keys WHERE received_on <= (now() AT TIME ZONE 'UTC')::date - $1::int`,
    [SUBMISSION_KEY_DAYS],
  );
  return rowCount;
}
