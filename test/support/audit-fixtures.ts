import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { AREA_IDS, QUESTIONS_PER_AREA, type AreaId, type ServiceProfile } from '../../src/core';
import type { Queryable } from '../../src/server/db/database';
import { postJson } from './requests';

type Answers = Record<AreaId, Record<string, number>>;

/**
 * Ratings of one area that score `score` per cent: five ratings summing to score / 4 (a score is
 * the mean rating × 20), so `score` must be a multiple of 4 from 20 to 100.
 */
export function areaAnswersScoring(score: number): Record<string, number> {
  if (score % 4 !== 0 || score < 20 || score > 100) throw new RangeError(`no five ratings score ${score}`);
  const ratings = Array<number>(QUESTIONS_PER_AREA).fill(1);
  for (
    let extra = score / 4 - QUESTIONS_PER_AREA, q = 0;
    extra > 0;
    extra--, q = (q + 1) % QUESTIONS_PER_AREA
  )
    ratings[q] = (ratings[q] ?? 1) + 1;
  return Object.fromEntries(ratings.map((rating, q) => [String(q), rating]));
}

/** All 25 ratings, each area scoring as given (the same score for every area when one number is given). */
export function answersScoring(scores: number | Partial<Record<AreaId, number>>, fallback = 60): Answers {
  const scoreOf = (id: AreaId) => (typeof scores === 'number' ? scores : (scores[id] ?? fallback));
  return Object.fromEntries(AREA_IDS.map((id) => [id, areaAnswersScoring(scoreOf(id))])) as Answers;
}

/** A body for `POST /api/audits`, with a fresh idempotency key unless one is given. */
export function auditBody(
  options: { responses?: Answers; profile?: ServiceProfile; idempotencyKey?: string } = {},
): Record<string, unknown> {
  return {
    idempotencyKey: options.idempotencyKey ?? randomUUID(),
    responses: options.responses ?? answersScoring(60),
    ...(options.profile ? { profile: options.profile } : {}),
  };
}

/** `POST /api/audits` through the app's inject, as JSON (a string payload is sent as it is). */
export function postAudit(app: FastifyInstance, payload: unknown, options: Partial<InjectOptions> = {}) {
  return postJson(app, '/api/audits', payload, options);
}

/** Empties the benchmark's tables alone, for a test that does not reset the whole database. */
export async function emptyBenchmarkTables(db: Queryable): Promise<void> {
  await db.query('TRUNCATE completed_audits, benchmark_score_counts, audit_submission_keys');
}

/** How many rows each of the benchmark's tables holds, and the counts' total. */
export async function benchmarkRowCounts(
  db: Queryable,
): Promise<{ audits: number; keys: number; counted: number }> {
  const { rows } = await db.query<{ audits: number; keys: number; counted: number }>(
    `SELECT (SELECT count(*) FROM completed_audits)::int AS audits,
            (SELECT count(*) FROM audit_submission_keys)::int AS keys,
            (SELECT coalesce(sum(count), 0) FROM benchmark_score_counts)::int AS counted`,
  );
  return rows[0] ?? { audits: -1, keys: -1, counted: -1 };
}
