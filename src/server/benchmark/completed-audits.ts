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

/**
 * A completed audit as the benchmark keeps it: no address, no identifier of the visitor, no time
 * of day. Its own key, random and made for it alone, is kept with it (decision 0062).
 */
export interface CompletedAudit {
  /**
   * Made in the browser for this one audit: a retry is counted once, and a later retake names it.
   * audit_submission_keys remembers it two days for re-filing; the audit keeps it as long as it is kept.
   */
  idempotencyKey: string;
  /**
   * A retake's: the key the audit it retakes was sent with. That audit (or, when it was replaced
   * already, its chain's latest) leaves the counts and this one takes its place.
   */
  retakes?: string;
  profile: ServiceProfile;
  /** All 25 ratings; the server scores them itself. */
  responses: Responses;
}

/**
 * How long audit_submission_keys remembers a key, through which a profile given later re-files the
 * audit: the results page gives it within minutes, not days.
 */
export const SUBMISSION_KEY_DAYS = 2;

// The columns of the five area scores, in AREA_IDS order, as completed_audits names them.
const SCORE_COLUMNS = AREA_IDS.map((id) => `${id}_score`);

// One statement, so the key, the audit and its counts are stored together or not at all, and the
// database settles a race: a second request with the same key waits for the first one's insert of
// that key and then finds it there (ON CONFLICT DO NOTHING), so nothing after it is inserted; a
// retry later than the two days a key is remembered there finds its audit by the audit's own key. The
// date is the database's UTC day. The counts are taken up in AREA_IDS order in every statement, so
// two audits adding to the same rows lock them in the same order and cannot deadlock. A retake's
// statement leaves the counts out: its transaction moves them area by area (countRetake).
const storeSql = (withCounts: boolean) => `
WITH new_key AS (
  INSERT INTO audit_submission_keys (idempotency_key, received_on, audit_id)
  SELECT $1::uuid, (now() AT TIME ZONE 'UTC')::date, $11::uuid
   WHERE NOT EXISTS (SELECT 1 FROM completed_audits WHERE submission_key = $1::uuid)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING idempotency_key
), audit AS (
  INSERT INTO completed_audits (id, submission_key, completed_on, service_type, size_band, ratings, ${SCORE_COLUMNS.join(', ')}, overall_score)
  SELECT $11::uuid, $1::uuid, (now() AT TIME ZONE 'UTC')::date, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10 FROM new_key
  RETURNING service_type, size_band, ${SCORE_COLUMNS.join(', ')}
)${
  withCounts
    ? `, counted AS (
  INSERT INTO benchmark_score_counts AS c (service_type, size_band, area, score, count)
  SELECT audit.service_type, audit.size_band, s.area, s.score, 1
    FROM audit CROSS JOIN LATERAL (VALUES ${AREA_IDS.map((id, i) => `(${i + 1}, '${id}', audit.${id}_score)`).join(', ')}) AS s(ord, area, score)
   ORDER BY s.ord
  ON CONFLICT (service_type, size_band, area, score) DO UPDATE SET count = c.count + 1
)`
    : ''
}
SELECT count(*)::int AS counted FROM new_key`;
const STORE_SQL = storeSql(true);
const STORE_UNCOUNTED_SQL = storeSql(false);

/**
 * Stores a completed audit with the scores computed here, and adds it to the benchmark's counts.
 * Returns false when its idempotency key was seen before: that audit is already counted (and, for a
 * retake, what it replaced already replaced). A first audit is one statement; a retake is that
 * statement and the replacement in one transaction, so the chain never counts twice or not at all.
 */
export async function storeCompletedAudit(db: Database, audit: CompletedAudit): Promise<boolean> {
  const { retakes } = audit;
  if (retakes === undefined) return (await insertAudit(db, audit, STORE_SQL)) !== undefined;
  return db.transaction(async (tx) => {
    // Retakes take turns, with each other and with refiling (both move an audit's counts): a
    // second retake of the same audit, stored at the same moment, then finds the first one's
    // replacement committed and replaces that in turn, so only the chain's latest stays counted.
    await tx.query('SELECT pg_advisory_xact_lock($1::int)', [ADVISORY_LOCKS.moveAuditCounts]);
    const stored = await insertAudit(tx, audit, STORE_UNCOUNTED_SQL);
    if (!stored) return false;
    // A key that names nothing (forgotten with the audit's request, or from before keys were kept
    // with audits): the retake is counted as an audit of its own, as it would have been before.
    const found = await latestOfChain(tx, retakes);
    // Its own key (the schema refuses it from a browser): nothing to replace but itself.
    const latest = found?.id === stored.id ? undefined : found;
    await countRetake(tx, latest, stored);
    if (latest) {
      await tx.query('UPDATE completed_audits SET replaced_by = $2 WHERE id = $1', [latest.id, stored.id]);
    }
    return true;
  });
}

/** What a stored audit is counted as: its segment and its five area scores in AREA_IDS order. */
interface StoredAudit {
  id: string;
  serviceType: string | null;
  size: string | null;
  scores: number[];
}

/** Runs a store statement; undefined when the key was seen before and nothing was stored. */
async function insertAudit(
  db: Queryable,
  audit: CompletedAudit,
  sql: string,
): Promise<StoredAudit | undefined> {
  const scores = scoreAreas(audit.responses);
  const areaScores = AREA_IDS.map((id: AreaId) => scores[id]);
  // The audit's id, made here so that its key can name it in the same statement.
  const id = randomUUID();
  const { rows } = await db.query<{ counted: number }>(sql, [
    audit.idempotencyKey,
    audit.profile.serviceType ?? null,
    audit.profile.size ?? null,
    JSON.stringify(audit.responses),
    ...areaScores,
    overallScore(scores),
    id,
  ]);
  if (rows[0]?.counted !== 1) return undefined;
  return {
    id,
    serviceType: audit.profile.serviceType ?? null,
    size: audit.profile.size ?? null,
    scores: areaScores,
  };
}

/**
 * Counts a retake, and takes the audit it replaces (if any) out of the counts, area by area: in each
 * area the replaced audit's row first, then the retake's. An insert takes one row per area in area
 * order, so whichever rows the two share, neither waits for a row of an area the other has passed,
 * and they cannot deadlock, even when both audits are in the same segment.
 */
async function countRetake(
  tx: Queryable,
  replaced: AuditRow | undefined,
  retake: StoredAudit,
): Promise<void> {
  for (const [i, area] of AREA_IDS.entries()) {
    if (replaced) {
      const row = [replaced.service_type, replaced.size_band, area, scoresOf(replaced)[i]];
      const where = `service_type IS NOT DISTINCT FROM $1 AND size_band IS NOT DISTINCT FROM $2 AND area = $3 AND score = $4`;
      // Locked first, so that the delete of a count of one and the decrement of a larger one see the
      // same count. Counts are never 0.
      await tx.query(`SELECT 1 FROM benchmark_score_counts WHERE ${where} FOR UPDATE`, row);
      await tx.query(`DELETE FROM benchmark_score_counts WHERE ${where} AND count = 1`, row);
      await tx.query(`UPDATE benchmark_score_counts SET count = count - 1 WHERE ${where}`, row);
    }
    await tx.query(
      `INSERT INTO benchmark_score_counts AS c (service_type, size_band, area, score, count) VALUES ($1, $2, $3, $4, 1)
       ON CONFLICT (service_type, size_band, area, score) DO UPDATE SET count = c.count + 1`,
      [retake.serviceType, retake.size, area, retake.scores[i]],
    );
  }
}

/**
 * The counted audit of the chain the audit sent with `key` belongs to: that audit itself when it
 * is still counted, else the one its replacements lead to. Undefined when the key names no audit.
 * A chain is followed at most MAX_CHAIN steps (a chain is made by hand, one retake at a time).
 */
async function latestOfChain(db: Queryable, key: string): Promise<AuditRow | undefined> {
  const { rows } = await db.query<AuditRow>(
    `WITH RECURSIVE chain AS (
       SELECT a.*, 1 AS step FROM completed_audits a WHERE a.submission_key = $1::uuid
       UNION ALL
       SELECT next.*, chain.step + 1 FROM chain JOIN completed_audits next ON next.id = chain.replaced_by
        WHERE chain.step < ${MAX_CHAIN}
     )
     SELECT id, submission_key::text AS submission_key, service_type, size_band, ${SCORE_COLUMNS.join(', ')}
       FROM chain WHERE replaced_by IS NULL`,
    [key],
  );
  return rows[0];
}

/** How many audits a chain is followed through: far beyond any real one, a guard against a loop. */
const MAX_CHAIN = 10_000;

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
    await tx.query('SELECT pg_advisory_xact_lock($1::int)', [ADVISORY_LOCKS.moveAuditCounts]);
    // A replaced audit is in no count, so there is nothing to move: a later result holds the chain.
    const { rows } = await tx.query<AuditRow>(
      `SELECT a.id, a.submission_key::text AS submission_key, a.service_type, a.size_band,
              ${SCORE_COLUMNS.map((c) => `a.${c}`).join(', ')}
         FROM audit_submission_keys k JOIN completed_audits a ON a.id = k.audit_id
        WHERE k.idempotency_key = $1::uuid AND a.replaced_by IS NULL
          FOR UPDATE OF a`,
      [idempotencyKey],
    );
    const audit = rows[0];
    const serviceType = profile.serviceType ?? null;
    const size = profile.size ?? null;
    if (!audit || (audit.service_type === serviceType && audit.size_band === size)) return false;
    await uncount(tx, audit);
    await tx.query(
      `INSERT INTO benchmark_score_counts AS c (service_type, size_band, area, score, count)
       SELECT $1, $2, s.area, s.score, 1 FROM ${AUDIT_SCORES} ORDER BY s.ord
       ON CONFLICT (service_type, size_band, area, score) DO UPDATE SET count = c.count + 1`,
      [serviceType, size, ...scoresOf(audit)],
    );
    await tx.query('UPDATE completed_audits SET service_type = $2, size_band = $3 WHERE id = $1', [
      audit.id,
      serviceType,
      size,
    ]);
    return true;
  });
}

/**
 * Takes an audit out of the counts of its segment, in the caller's transaction (under the lock that
 * moves counts). Its rows are locked first in area order, as the insert takes a segment's rows, so
 * this and an insert into that segment never wait for each other in a circle. A count of one goes
 * (counts are never 0), a larger one drops by one.
 */
async function uncount(tx: Queryable, audit: AuditRow): Promise<void> {
  const old = [audit.service_type, audit.size_band, ...scoresOf(audit)];
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
}

function scoresOf(audit: AuditRow): number[] {
  return SCORE_COLUMNS.map((column) => audit[column as keyof AuditRow] as number);
}

interface AuditRow {
  id: string;
  submission_key: string | null;
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
