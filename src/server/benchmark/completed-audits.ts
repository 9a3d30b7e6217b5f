import {
  AREA_IDS,
  overallScore,
  scoreAreas,
  type AreaId,
  type Responses,
  type ServiceProfile,
} from '../../core';
import type { Queryable } from '../db/database';

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
  INSERT INTO audit_submission_keys (idempotency_key, received_on)
  VALUES ($1::uuid, (now() AT TIME ZONE 'UTC')::date)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING idempotency_key
), audit AS (
  INSERT INTO completed_audits (completed_on, service_type, size_band, ratings, ${SCORE_COLUMNS.join(', ')}, overall_score)
  SELECT (now() AT TIME ZONE 'UTC')::date, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10 FROM new_key
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
  ]);
  return rows[0]?.counted === 1;
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
