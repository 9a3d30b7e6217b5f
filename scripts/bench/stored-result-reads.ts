import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildReport } from '../../src/core';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open-database';
import { newSecret } from '../../src/server/http/secrets';
import { storeEmailRequest } from '../../src/server/leads/email-requests';
import { COMPLETE_ANSWERS } from '../../test/support/requests';
import { testConfig } from '../../test/support/test-config';
import { table } from './markdown-table';
import { median, percentile, round } from './stats';

/**
 * A stored result read back (issue 34: "the results API and the PDF no slower than today"): its
 * private page's API (`GET /api/results/<token>`) and its PDF (`POST /api/results/<token>/report`),
 * timed in process with app.inject on PGlite, so the figures are the server's own work. Written to
 * run on a checkout from before versions too (it names no version), to measure before and after;
 * `publish` makes a second version live first and stores the result in it.
 */
export interface StoredResultReads {
  version: number;
  resultsApi: Timing;
  pdf: Timing;
}

export interface Timing {
  runs: number;
  medianMs: number;
  p95Ms: number;
}

const PUBLIC_URL = 'https://audit.example.org';
const API_RUNS = 300;
const PDF_RUNS = 30;
/** Not timed: the first calls warm the PDF thread, the caches and the JIT. */
const WARM_UP = 5;

function timing(times: readonly number[]): Timing {
  return { runs: times.length, medianMs: round(median(times), 2), p95Ms: round(percentile(times, 95), 2) };
}

async function timed(runs: number, call: () => Promise<{ statusCode: number }>): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await call();
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`the route answered ${res.statusCode}`);
  }
  return timing(times);
}

/** Measures one stored result's reads; `publish` stores it in a second version (after only). */
export async function measureStoredResultReads(
  publish?: (db: Database) => Promise<number>,
): Promise<StoredResultReads> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-bench-reads-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  // Every read from one client: its per-client limits are not what is measured.
  const config = testConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    RATE_LIMIT_REPORTS_PER_CLIENT: '1000',
    RATE_LIMIT_PER_CLIENT: '1000',
  });
  const app = await buildApp({ ...config, siteDir: path.join(dataDir, 'no-site') }, { db });
  try {
    await app.ready();
    const version = publish ? await publish(db) : 1;
    const token = newSecret();
    const stored = await storeEmailRequest(
      db,
      {
        email: 'manager@care-home.example',
        note: null,
        responses: COMPLETE_ANSWERS,
        report: buildReport(COMPLETE_ANSWERS),
        resultsToken: token,
        ...(version === 1 ? {} : { contentVersion: version }),
      },
      { visitor: 'manager@care-home.example', team: undefined },
      { max: 1_000, windowMs: 60_000 },
    );
    if (!stored.stored) throw new Error('the request was not stored');
    const resultsApi = await timed(API_RUNS, () => app.inject({ url: `/api/results/${token}` }));
    const pdf = await timed(PDF_RUNS, () =>
      app.inject({
        method: 'POST',
        url: `/api/results/${token}/report`,
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
        payload: '{}',
      }),
    );
    return { version, resultsApi, pdf };
  } finally {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function storedResultReadsMarkdown(rows: readonly (StoredResultReads & { label: string })[]): string {
  return table(
    ['stored result', 'results API median', 'p95', 'PDF median', 'p95'],
    rows.map((r) => [
      r.label,
      `${r.resultsApi.medianMs} ms`,
      `${r.resultsApi.p95Ms} ms`,
      `${r.pdf.medianMs} ms`,
      `${r.pdf.p95Ms} ms`,
    ]),
  );
}

// Run alone (`npx tsx scripts/bench/stored-result-reads.ts`): version 1's figures, as JSON, so a
// checkout from before versions can be measured with this same file.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureStoredResultReads()));
}
