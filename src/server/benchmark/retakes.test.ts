import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeResponses, type ServiceProfile } from '../../core';
import { answersScoring, emptyBenchmarkTables } from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { refileCompletedAudit, storeCompletedAudit } from './completed-audits';
import { readBenchmark } from './read-benchmark';

/** A completed audit scoring `score` in every area, sent with `key` (a fresh one unless given). */
const audit = (
  score: number,
  options: { key?: string; retakes?: string; profile?: ServiceProfile } = {},
) => ({
  idempotencyKey: options.key ?? randomUUID(),
  ...(options.retakes ? { retakes: options.retakes } : {}),
  profile: options.profile ?? {},
  responses: sanitizeResponses(answersScoring(score)),
});

describe.each(DATABASE_KINDS)('a retake replaces the audit it retakes, on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  beforeEach(() => emptyBenchmarkTables(t.db));
  afterAll(async () => {
    await t?.destroy();
  });

  /** Stores an audit and returns its key. */
  async function store(score: number, options: Parameters<typeof audit>[1] = {}): Promise<string> {
    const body = audit(score, options);
    expect(await storeCompletedAudit(t.db, body)).toBe(true);
    return body.idempotencyKey;
  }

  /** The counted audits' keys with their overall scores, and how many audits are stored in all. */
  async function counted(): Promise<{ audits: number; counted: Array<{ key: string; overall: number }> }> {
    const { rows } = await t.db.query<{ key: string; overall: number }>(
      `SELECT submission_key::text AS key, overall_score::int AS overall
         FROM completed_audits WHERE replaced_by IS NULL ORDER BY overall_score, submission_key`,
    );
    const all = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM completed_audits');
    return { audits: all.rows[0]?.n ?? -1, counted: rows };
  }

  /**
   * The counts, checked against the counted audits themselves: per segment, area and score, the
   * number of audits not replaced. Any drift (a replaced audit still counted, a count left at 0,
   * a count lost) fails here.
   */
  async function expectCountsMatchTheCountedAudits(): Promise<void> {
    const kept = await t.db.query<{ row: string }>(
      `SELECT concat_ws('|', service_type, size_band, area, score, count) AS row FROM benchmark_score_counts
        ORDER BY 1`,
    );
    const recomputed = await t.db.query<{ row: string }>(
      `SELECT concat_ws('|', service_type, size_band, area, score, count(*)) AS row
         FROM completed_audits
        CROSS JOIN LATERAL (VALUES ('operational', operational_score), ('compliance', compliance_score),
                                   ('quality', quality_score), ('training', training_score),
                                   ('data', data_score)) AS s(area, score)
        WHERE replaced_by IS NULL
        GROUP BY service_type, size_band, area, score
        ORDER BY 1`,
    );
    expect(kept.rows).toEqual(recomputed.rows);
  }

  it('takes the earlier audit out of the counts and counts the retake in its place', async () => {
    const first = await store(40, { profile: { serviceType: 'nursing' } });
    await store(80, { retakes: first, profile: { serviceType: 'nursing', size: '25_99' } });
    expect(await counted()).toEqual({ audits: 2, counted: [{ key: expect.any(String), overall: 80 }] });
    expect((await counted()).counted[0]?.key).not.toBe(first);
    await expectCountsMatchTheCountedAudits();
    expect(await readBenchmark(t.db, {}, 1)).toMatchObject({ status: 'available', responses: 1 });
    // The earlier audit's segment is empty now; the retake's holds it.
    expect(await readBenchmark(t.db, { serviceType: 'nursing', size: '25_99' }, 1)).toMatchObject({
      basis: 'segment',
      responses: 1,
      areas: { quality: { median: 80 } },
    });
  });

  it('counts a chain of three once, by its latest audit, whichever earlier key a retake names', async () => {
    const first = await store(40);
    const second = await store(60, { retakes: first });
    await store(72, { retakes: second });
    expect((await counted()).counted).toEqual([{ key: expect.any(String), overall: 72 }]);
    // "Retake with these answers" on the first result's link, after the chain moved on: the chain's
    // latest gives way, not the first audit again (which is in no count).
    await store(88, { retakes: first });
    expect(await counted()).toEqual({ audits: 4, counted: [{ key: expect.any(String), overall: 88 }] });
    await expectCountsMatchTheCountedAudits();
    expect(await readBenchmark(t.db, {}, 1)).toMatchObject({ responses: 1, areas: { data: { median: 88 } } });
  });

  it('counts a retake whose key names no audit as an audit of its own', async () => {
    await store(40);
    await store(60, { retakes: randomUUID() });
    expect((await counted()).counted.map((audit) => audit.overall)).toEqual([40, 60]);
    await expectCountsMatchTheCountedAudits();
  });

  it('counts a retried retake once and replaces nothing more', async () => {
    const first = await store(40);
    const other = await store(52);
    const retake = audit(60, { retakes: first });
    expect(await storeCompletedAudit(t.db, retake)).toBe(true);
    expect(await storeCompletedAudit(t.db, retake)).toBe(false);
    // The same retake sent again naming another audit (a tampered retry) changes nothing either.
    expect(await storeCompletedAudit(t.db, { ...retake, retakes: other })).toBe(false);
    expect((await counted()).counted.map((audit) => audit.overall)).toEqual([52, 60]);
    await expectCountsMatchTheCountedAudits();
  });

  it('does not re-file a replaced audit under a profile given later: a later result holds the chain', async () => {
    const first = await store(40);
    await store(60, { retakes: first });
    expect(await refileCompletedAudit(t.db, first, { serviceType: 'residential' })).toBe(false);
    await expectCountsMatchTheCountedAudits();
    expect(await readBenchmark(t.db, { serviceType: 'residential' }, 1)).toMatchObject({ basis: 'all' });
  });

  it('keeps a chain counted once when two retakes of one audit are stored at the same moment', async () => {
    const first = await store(40);
    const retakes = [
      audit(60, { retakes: first }),
      audit(64, { retakes: first }),
      audit(68, { retakes: first }),
    ];
    const stored = await Promise.all(retakes.map((retake) => storeCompletedAudit(t.db, retake)));
    expect(stored).toEqual([true, true, true]);
    const after = await counted();
    expect(after.audits).toBe(4);
    // Exactly one of them is counted: whichever was stored last replaced the others in turn.
    expect(after.counted).toHaveLength(1);
    expect(retakes.map((retake) => retake.idempotencyKey)).toContain(after.counted[0]?.key);
    await expectCountsMatchTheCountedAudits();
    // The chain is one line: every audit but the latest replaced by exactly one other.
    const { rows } = await t.db.query<{ replaced: number; distinct_by: number }>(
      `SELECT count(replaced_by)::int AS replaced, count(DISTINCT replaced_by)::int AS distinct_by
         FROM completed_audits`,
    );
    expect(rows[0]).toEqual({ replaced: 3, distinct_by: 3 });
  });

  it('reaches the threshold with distinct providers only: 9 providers with retakes are too few, 10 are enough', async () => {
    const threshold = 10;
    // Nine providers, each a first audit and two retakes: 27 audits, 9 providers.
    for (let provider = 0; provider < 9; provider++) {
      const first = await store(40, { profile: { serviceType: 'home_care' } });
      const second = await store(60, { retakes: first, profile: { serviceType: 'home_care' } });
      await store(80, { retakes: second, profile: { serviceType: 'home_care' } });
    }
    expect(await readBenchmark(t.db, { serviceType: 'home_care' }, threshold)).toEqual({
      status: 'too_few',
      minResponses: threshold,
    });
    // A retake of one of them adds an audit, not a provider.
    const { rows } = await t.db.query<{ key: string }>(
      'SELECT submission_key::text AS key FROM completed_audits WHERE replaced_by IS NULL LIMIT 1',
    );
    await store(84, { retakes: rows[0]?.key, profile: { serviceType: 'home_care' } });
    expect(await readBenchmark(t.db, { serviceType: 'home_care' }, threshold)).toMatchObject({
      status: 'too_few',
    });
    // A tenth provider is enough, and every figure is of the providers' latest audits.
    await store(40, { profile: { serviceType: 'home_care' } });
    expect(await readBenchmark(t.db, { serviceType: 'home_care' }, threshold)).toMatchObject({
      status: 'available',
      basis: 'segment',
      responses: 10,
      areas: { operational: { lowerQuartile: 80, median: 80, upperQuartile: 80 } },
    });
    await expectCountsMatchTheCountedAudits();
  });
});
