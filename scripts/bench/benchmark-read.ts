import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AREA_IDS, parseSegment, sanitizeResponses } from '../../src/core';
import { buildApp } from '../../src/server/app';
import { storeCompletedAudit } from '../../src/server/benchmark/completed-audits';
import { readBenchmark } from '../../src/server/benchmark/read-benchmark';
import type { Database } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open-database';
import { answersScoring } from '../../test/support/audit-fixtures';
import { testConfig } from '../../test/support/test-config';
import { table } from './markdown-table';
import { round, timed } from './stats';

/** What the comparison with other providers costs with many audits stored, on PGlite. */
export interface BenchmarkReadFigures {
  database: 'pglite';
  audits: number;
  runs: number;
  /** Rows of benchmark_score_counts the reads go through. */
  countRows: number;
  /** GET /api/benchmark through the real app in process, per segment. */
  api: { segment: string; basis: string; responses: number; medianMs: number; maxMs: number }[];
  /** For comparison (decision 0023): percentile_cont over the stored audits at each read instead. */
  aggregateOnRead: { segment: string; medianMs: number; maxMs: number }[];
  /** Storing one audit with its counts (storeCompletedAudit, as the API does), one after another. */
  store: { audits: number; msPerAudit: number };
  /** The counts give exactly what percentile_cont gives over the audits, for every segment timed. */
  countsMatchAggregate: boolean;
}

const SEGMENTS = ['all', 'residential:any', 'residential:25_99', 'any:100_plus'] as const;

// Each audit gets a maturity of its own and ratings around it, so scores spread as real ones would
// rather than all bunching at 60; a quarter skip the profile question, some answer half of it.
const RATING = `least(5, greatest(1, round(m + (random() - 0.5) * 3)))::int`;
function seedSql(audits: number): string {
  const ratings = AREA_IDS.map((id, a) => {
    const questions = [0, 1, 2, 3, 4].map((q) => `'${q}', r[${a * 5 + q + 1}]`).join(', ');
    return `'${id}', jsonb_build_object(${questions})`;
  }).join(', ');
  // An area's score is its mean rating × 20: the sum of its five ratings × 4.
  const areaScore = (a: number) => [0, 1, 2, 3, 4].map((q) => `r[${a * 5 + q + 1}]`).join(' + ');
  return `
    INSERT INTO completed_audits (completed_on, service_type, size_band, ratings,
      ${AREA_IDS.map((id) => `${id}_score`).join(', ')}, overall_score)
    SELECT current_date - (g % 700), t, s, jsonb_build_object(${ratings}),
           ${AREA_IDS.map((_, a) => `(${areaScore(a)}) * 4`).join(', ')},
           round((${AREA_IDS.map((_, a) => `(${areaScore(a)}) * 4`).join(' + ')})::numeric / 5)
      FROM (
        SELECT g, (ARRAY['home_care', 'residential', 'nursing', 'supported_living', 'other', NULL])[1 + g % 6] AS t,
               (ARRAY['under_25', '25_99', '100_plus', NULL])[1 + (g / 6) % 4] AS s,
               ARRAY(SELECT ${RATING} FROM generate_series(1, 25) WHERE g IS NOT NULL) AS r
          FROM (SELECT g, 1 + random() * 4 AS m FROM generate_series(1, ${audits}) AS g) AS maturity
      ) AS drawn;
    INSERT INTO benchmark_score_counts (service_type, size_band, area, score, count)
    SELECT service_type, size_band, s.area, s.score, count(*)
      FROM completed_audits
     CROSS JOIN LATERAL (VALUES ${AREA_IDS.map((id) => `('${id}', ${id}_score)`).join(', ')}) AS s(area, score)
     GROUP BY 1, 2, 3, 4;
    ANALYZE;`;
}

/** The other way to read it: PostgreSQL's percentile_cont over every stored audit of the segment. */
function aggregateSql(): string {
  const columns = AREA_IDS.flatMap((id) =>
    [0.25, 0.5, 0.75].map(
      (p) =>
        `round((percentile_cont(${p}) WITHIN GROUP (ORDER BY ${id}_score))::numeric)::int AS ${id}_${p * 100}`,
    ),
  );
  return `SELECT count(*)::int AS n, ${columns.join(', ')} FROM completed_audits
           WHERE ($1::text IS NULL OR service_type = $1) AND ($2::text IS NULL OR size_band = $2)`;
}

async function countsMatchAggregate(db: Database): Promise<boolean> {
  for (const segment of SEGMENTS) {
    const profile = parseSegment(segment) ?? {};
    const benchmark = await readBenchmark(db, profile, 1);
    const { rows } = await db.query<Record<string, number>>(aggregateSql(), [
      profile.serviceType ?? null,
      profile.size ?? null,
    ]);
    const row = rows[0];
    if (benchmark.status !== 'available' || !row || benchmark.responses !== row.n) return false;
    for (const id of AREA_IDS) {
      const area = benchmark.areas[id];
      // round(numeric) takes a half away from zero, as Math.round does for these positive scores.
      if (
        area.lowerQuartile !== row[`${id}_25`] ||
        area.median !== row[`${id}_50`] ||
        area.upperQuartile !== row[`${id}_75`]
      )
        return false;
    }
  }
  return true;
}

/**
 * Seeds `audits` completed audits (and their counts) in a fresh embedded database and times
 * GET /api/benchmark through the real app, percentile_cont over the audits for comparison, and
 * storing further audits as the API does.
 */
export async function measureBenchmarkRead(options: {
  audits: number;
  runs: number;
  stores: number;
}): Promise<BenchmarkReadFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-bench-benchmark-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await db.runScript(seedSql(options.audits));
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM benchmark_score_counts');
    const countRows = rows[0]?.n ?? 0;
    const matches = await countsMatchAggregate(db);

    const aggregateOnRead: BenchmarkReadFigures['aggregateOnRead'] = [];
    for (const segment of SEGMENTS) {
      const profile = parseSegment(segment) ?? {};
      const params = [profile.serviceType ?? null, profile.size ?? null];
      aggregateOnRead.push({
        segment,
        ...(await timed(options.runs, () => db.query(aggregateSql(), params), 2)),
      });
    }

    const config = testConfig({ DATA_DIR: dataDir });
    const app = await buildApp({ ...config, siteDir: path.join(dataDir, 'no-site') }, { db });
    const api: BenchmarkReadFigures['api'] = [];
    try {
      await app.ready();
      for (const segment of SEGMENTS) {
        const get = () => app.inject({ url: `/api/benchmark?segment=${segment}` });
        const first = await get();
        if (first.statusCode !== 200)
          throw new Error(`GET /api/benchmark?segment=${segment}: ${first.statusCode}`);
        const body = first.json<{ basis?: string; responses?: number }>();
        api.push({
          segment,
          basis: body.basis ?? 'too few',
          responses: body.responses ?? 0,
          ...(await timed(options.runs, get, 2)),
        });
      }
    } finally {
      await app.close();
    }

    const responses = sanitizeResponses(answersScoring({ operational: 72, data: 44 }));
    const store = () =>
      storeCompletedAudit(db, {
        idempotencyKey: randomUUID(),
        profile: { serviceType: 'nursing' },
        responses,
      });
    for (let i = 0; i < 50; i++) await store();
    const start = performance.now();
    for (let i = 0; i < options.stores; i++) await store();
    const msPerAudit = round((performance.now() - start) / options.stores, 3);

    return {
      database: 'pglite',
      audits: options.audits,
      runs: options.runs,
      countRows,
      api,
      aggregateOnRead,
      store: { audits: options.stores, msPerAudit },
      countsMatchAggregate: matches,
    };
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function benchmarkReadMarkdown(figures: BenchmarkReadFigures): string {
  return [
    `**Comparison with other providers** on PGlite with ${figures.audits.toLocaleString('en-GB')} stored audits (${figures.countRows.toLocaleString('en-GB')} rows of score counts; median and slowest of ${figures.runs} calls after 3 warm-up calls). \`GET /api/benchmark\` is the real app in process, reading the counts; percentile_cont is the same figures aggregated from the audits at each read, for comparison (decision 0023). The counts ${figures.countsMatchAggregate ? 'gave exactly' : '**did not give**'} percentile_cont's figures.`,
    '',
    table(
      [
        'segment',
        'compared with',
        '`GET /api/benchmark` median',
        'slowest',
        'percentile_cont median',
        'slowest',
      ],
      figures.api.map((a, i) => {
        const aggregate = figures.aggregateOnRead[i];
        return [
          `\`${a.segment}\``,
          `${a.basis} (${a.responses.toLocaleString('en-GB')})`,
          `${a.medianMs} ms`,
          `${a.maxMs} ms`,
          `${aggregate?.medianMs} ms`,
          `${aggregate?.maxMs} ms`,
        ];
      }),
    ),
    '',
    `Storing one audit with its counts (\`storeCompletedAudit\`, as \`POST /api/audits\` does), ${figures.store.audits.toLocaleString('en-GB')} one after another: ${figures.store.msPerAudit} ms each.`,
  ].join('\n');
}
