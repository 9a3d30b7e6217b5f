import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AREA_IDS, parseSegment, sanitizeResponses, type AreaId, type ServiceProfile } from '../../core';
import { storeCompletedAudit } from './completed-audits';
import { readBenchmark } from './read-benchmark';
import {
  answersScoring,
  auditBody,
  emptyBenchmarkTables,
  postAudit,
} from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const flat = (value: number) => ({ lowerQuartile: value, median: value, upperQuartile: value });

describe.each(DATABASE_KINDS)('GET /api/benchmark on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    // BENCHMARK_MIN_RESPONSES left at its default, 10.
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      RATE_LIMIT_AUDITS_PER_CLIENT: '1000',
    }),
    deps: { db: t.db },
  }));
  beforeEach(() => emptyBenchmarkTables(t.db));

  const getBenchmark = (query = '') => server.app.inject({ method: 'GET', url: `/api/benchmark${query}` });

  async function submit(
    count: number,
    profile?: ServiceProfile,
    scores: number | Partial<Record<AreaId, number>> = 60,
  ) {
    for (let i = 0; i < count; i++) {
      const res = await postAudit(server.app, auditBody({ responses: answersScoring(scores), profile }));
      expect(res.statusCode).toBe(202);
    }
  }

  it('says there are too few with no audit at all, and may be cached for five minutes', async () => {
    const res = await getBenchmark();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'too_few', minResponses: 10 });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('shows nothing at 9 audits and the figures at the 10th', async () => {
    // Operational 20, 32, 40, 48, 60, 60, 72, 80, 88, 100 (n 10): the lower quartile lies at
    // position 2.25 (40 + 0.25 × 8 = 42), the median at 4.5 (60), the upper quartile at 6.75
    // (72 + 0.75 × 8 = 78). Every other area scores 60.
    const operational = [100, 20, 60, 88, 32, 72, 40, 60, 48, 80];
    for (const score of operational.slice(0, 9)) await submit(1, undefined, { operational: score });
    expect((await getBenchmark()).json()).toEqual({ status: 'too_few', minResponses: 10 });
    expect((await getBenchmark('?segment=all')).json()).toEqual({ status: 'too_few', minResponses: 10 });

    await submit(1, undefined, { operational: operational[9] });
    expect((await getBenchmark()).json()).toEqual({
      status: 'available',
      basis: 'all',
      profile: {},
      responses: 10,
      areas: {
        operational: { lowerQuartile: 42, median: 60, upperQuartile: 78 },
        compliance: flat(60),
        quality: flat(60),
        training: flat(60),
        data: flat(60),
      },
      minResponses: 10,
    });
  });

  it('falls back to every audit while the segment has 9, and compares with the segment at 10', async () => {
    await submit(9, { serviceType: 'residential', size: 'under_25' }, 80);
    await submit(1, { serviceType: 'home_care', size: 'under_25' }, 40);
    const segment = '?segment=residential:under_25';

    const fallback = (await getBenchmark(segment)).json();
    // The threshold goes with it, so "Compare" can say how many the segment needs.
    expect(fallback).toMatchObject({
      status: 'available',
      basis: 'all',
      profile: {},
      responses: 10,
      minResponses: 10,
    });
    // Nine 80s and one 40: every quartile is 80 (positions 2.25, 4.5, 6.75 are all among the 80s).
    expect(fallback.areas.data).toEqual(flat(80));

    await submit(1, { serviceType: 'residential', size: 'under_25' }, 100);
    const res = await getBenchmark(segment);
    expect(res.json()).toEqual({
      status: 'available',
      basis: 'segment',
      profile: { serviceType: 'residential', size: 'under_25' },
      responses: 10,
      // Nine 80s and one 100, the home care 40 left out.
      areas: Object.fromEntries(AREA_IDS.map((id) => [id, flat(80)])),
      minResponses: 10,
    });
  });

  it('takes "any" as every value of that part, a skipped answer included', async () => {
    await submit(4, { serviceType: 'residential', size: 'under_25' }, 20);
    await submit(3, { serviceType: 'residential', size: '100_plus' }, 60);
    await submit(3, { serviceType: 'residential' }, 100);
    await submit(6, { size: 'under_25' }, 40);

    const residential = (await getBenchmark('?segment=residential:any')).json();
    expect(residential).toMatchObject({
      basis: 'segment',
      profile: { serviceType: 'residential' },
      responses: 10,
    });
    // 20 ×4 (ranks 0–3), 60 ×3 (4–6), 100 ×3 (7–9): positions 2.25 (20), 4.5 (60), and 6.75,
    // three quarters of the way from 60 to 100 (90).
    expect(residential.areas.quality).toEqual({ lowerQuartile: 20, median: 60, upperQuartile: 90 });

    const small = (await getBenchmark('?segment=any:under_25')).json();
    expect(small).toMatchObject({ basis: 'segment', profile: { size: 'under_25' }, responses: 10 });
    // 20 ×4, 40 ×6: positions 2.25 (20), 4.5 (40), 6.75 (40).
    expect(small.areas.training).toEqual({ lowerQuartile: 20, median: 40, upperQuartile: 40 });

    // Nursing has no audit at all: every audit instead, as for "all", "any:any" and no segment.
    for (const query of ['?segment=nursing:any', '?segment=all', '?segment=any:any', '']) {
      expect((await getBenchmark(query)).json()).toMatchObject({ basis: 'all', profile: {}, responses: 16 });
    }
  });

  it.each([
    ['a service type alone', '?segment=residential'],
    ['an unknown service type', '?segment=hospital:any'],
    ['an unknown size', '?segment=residential:huge'],
    ['capitals', '?segment=Residential:any'],
    ['"all:all"', '?segment=all:all'],
    ['an empty segment', '?segment='],
    ['two segments', '?segment=all&segment=residential:any'],
  ])('refuses %s with 400 invalid_request, not cached', async (_what, query) => {
    const res = await getBenchmark(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

/** A small deterministic generator, so a failure can be run again as it was. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe.each(DATABASE_KINDS)('readBenchmark on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  beforeEach(() => emptyBenchmarkTables(t.db));

  it('gives exactly what percentile_cont gives over the stored audits, rounded, for every kind of segment', async () => {
    const next = random(20261123);
    const types = [undefined, 'home_care', 'residential', 'nursing'] as const;
    const sizes = [undefined, 'under_25', '25_99', '100_plus'] as const;
    for (let i = 0; i < 97; i++) {
      const ratings = Object.fromEntries(
        AREA_IDS.map((id) => [
          id,
          Object.fromEntries([0, 1, 2, 3, 4].map((q) => [q, 1 + Math.floor(next() * 5)])),
        ]),
      );
      const serviceType = types[Math.floor(next() * types.length)];
      const size = sizes[Math.floor(next() * sizes.length)];
      await storeCompletedAudit(t.db, {
        idempotencyKey: randomUUID(),
        profile: { ...(serviceType ? { serviceType } : {}), ...(size ? { size } : {}) },
        responses: sanitizeResponses(ratings),
      });
    }

    for (const segment of ['all', 'residential:any', 'any:under_25', 'nursing:25_99', 'home_care:100_plus']) {
      const profile = parseSegment(segment) ?? {};
      const benchmark = await readBenchmark(t.db, profile, 1);
      const { rows } = await t.db.query<{ area: AreaId; n: number; q1: number; q2: number; q3: number }>(
        `SELECT area, count(*)::int AS n,
                percentile_cont(0.25) WITHIN GROUP (ORDER BY score) AS q1,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY score) AS q2,
                percentile_cont(0.75) WITHIN GROUP (ORDER BY score) AS q3
           FROM completed_audits
          CROSS JOIN LATERAL (VALUES ('operational', operational_score), ('compliance', compliance_score),
                                     ('quality', quality_score), ('training', training_score),
                                     ('data', data_score)) AS s(area, score)
          WHERE ($1::text IS NULL OR service_type = $1) AND ($2::text IS NULL OR size_band = $2)
          GROUP BY area`,
        [profile.serviceType ?? null, profile.size ?? null],
      );
      expect(rows).toHaveLength(5);
      expect(benchmark).toMatchObject({ status: 'available', responses: rows[0]?.n });
      if (benchmark.status !== 'available') continue;
      for (const row of rows) {
        expect(benchmark.areas[row.area], `${segment} ${row.area}`).toEqual({
          lowerQuartile: Math.round(row.q1),
          median: Math.round(row.q2),
          upperQuartile: Math.round(row.q3),
        });
      }
    }
  });

  it('uses the threshold it is given: exactly minResponses is enough, one fewer is not', async () => {
    for (let i = 0; i < 3; i++) {
      await storeCompletedAudit(t.db, {
        idempotencyKey: randomUUID(),
        profile: { serviceType: 'nursing' },
        responses: sanitizeResponses(answersScoring(72)),
      });
    }
    expect(await readBenchmark(t.db, { serviceType: 'nursing' }, 4)).toEqual({
      status: 'too_few',
      minResponses: 4,
    });
    expect(await readBenchmark(t.db, { serviceType: 'nursing' }, 3)).toMatchObject({
      status: 'available',
      basis: 'segment',
      responses: 3,
    });
  });
});
