import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildReport, sanitizeResponses } from '../../src/core';
import type { Database } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open-database';
import { storeEmailRequest } from '../../src/server/leads/email-requests';
import { COMPLETE_RESPONSES } from '../../test/support/requests';
import { round } from './stats';

/** What storing one request costs the database alone, one after another on one connection. */
export interface StoreCost {
  database: 'pglite' | 'postgres';
  requests: number;
  msPerRequest: number;
  /** 1000 / msPerRequest: the most one connection (for PGlite, the whole database) can store per second. */
  ceilingPerSecond: number;
}

const RESPONSES = sanitizeResponses(COMPLETE_RESPONSES);
const REPORT = buildReport(RESPONSES);

async function time(db: Database, requests: number): Promise<StoreCost> {
  const store = (i: number) =>
    storeEmailRequest(
      db,
      {
        email: `isolated-${i}@care-home.example`,
        note: 'Please call me.',
        responses: RESPONSES,
        report: REPORT,
      },
      { visitor: `isolated-${i}@care-home.example`, team: 'team@care-audit.test' },
      { max: 1_000_000, windowMs: 24 * 60 * 60 * 1000 },
    );
  // Warm up: the first calls plan the function's statements and fill caches.
  for (let i = 0; i < 100; i++) await store(-1 - i);
  const start = performance.now();
  for (let i = 0; i < requests; i++) await store(i);
  const ms = (performance.now() - start) / requests;
  return { database: db.kind, requests, msPerRequest: round(ms, 3), ceilingPerSecond: round(1000 / ms) };
}

/**
 * Times the same call the API makes (storeEmailRequest) with nothing else running in the process:
 * on PGlite this is the single WebAssembly thread's limit, before any HTTP work shares it.
 */
export async function measureStoreInIsolation(options: {
  requests: number;
  postgresUrl: string;
}): Promise<StoreCost[]> {
  const results: StoreCost[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-bench-store-'));
  try {
    const pglite = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      results.push(await time(pglite, options.requests));
    } finally {
      await pglite.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const postgres = await openDatabase({ databaseUrl: options.postgresUrl, dataDir });
  try {
    results.push(await time(postgres, options.requests));
  } finally {
    await postgres.close();
  }
  return results;
}
