import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database';
import { watchAvailability } from '../db/availability-watch';
import type { Database } from '../db/database';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import {
  clientLimitStoreFor,
  countClientHit,
  databaseClientLimitStore,
  storedClientKey,
  sweepExpiredClientLimits,
} from './client-limit-store';
import { faultLog } from './fault-log';
import { registerErrorHandler } from './http-errors';
import { registerPerClientLimit } from './request-guards';

const EMAIL_LIMIT = 'POST /api/email-results';
const MINUTE_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small app with one limited route, counted by the database store, as the real routes are. */
async function limitedApp(db: Database, max: number, windowMs: number) {
  const app = Fastify();
  registerErrorHandler(app);
  await registerPerClientLimit(app, { store: databaseClientLimitStore(db) });
  app.post('/limited', { config: { rateLimit: { max, timeWindow: windowMs } } }, async () => ({ ok: true }));
  app.post('/other', { config: { rateLimit: { max, timeWindow: windowMs } } }, async () => ({ ok: true }));
  return app;
}

const post = (app: FastifyInstance, url: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url, remoteAddress });

async function storedRows(db: Database) {
  const { rows } = await db.query<{ limit_name: string; client_key: string; hits: number }>(
    'SELECT limit_name, client_key, hits FROM client_limits ORDER BY limit_name, client_key',
  );
  return rows;
}

describe('the client-limit store on PostgreSQL', () => {
  const t = useTestDatabase('postgres');
  let otherPool: Database;
  beforeAll(async () => {
    // A second pool of its own, as a second server instance has.
    otherPool = await openDatabase({ databaseUrl: t.url, dataDir: t.dataDir });
  });
  afterAll(async () => {
    await otherPool?.close();
  });

  it('counts 50 hits sent at once from two pools exactly: each count from 1 to 50 once', async () => {
    const hits = Array.from({ length: 50 }, (_, i) =>
      countClientHit(i % 2 === 0 ? t.db : otherPool, EMAIL_LIMIT, '203.0.113.7', 15 * MINUTE_MS),
    );
    const counts = (await Promise.all(hits)).map((count) => count.current);
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await storedRows(t.db)).toEqual([
      { limit_name: EMAIL_LIMIT, client_key: storedClientKey('203.0.113.7'), hits: 50 },
    ]);
  });

  it('counts each limit and each client apart, and stores a hash of the address, not the address', async () => {
    await countClientHit(t.db, EMAIL_LIMIT, '203.0.113.7', MINUTE_MS);
    await countClientHit(t.db, EMAIL_LIMIT, '203.0.113.7', MINUTE_MS);
    await countClientHit(t.db, EMAIL_LIMIT, '198.51.100.2', MINUTE_MS);
    await countClientHit(t.db, 'POST /api/events', '203.0.113.7', MINUTE_MS);

    const rows = await storedRows(t.db);
    expect(rows.map((r) => [r.limit_name, r.hits]).sort()).toEqual(
      [
        [EMAIL_LIMIT, 2],
        [EMAIL_LIMIT, 1],
        ['POST /api/events', 1],
      ].sort(),
    );
    for (const row of rows) {
      expect(row.client_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.client_key).not.toContain('203.0.113');
      expect(row.client_key).not.toContain('198.51.100');
    }
  });

  it('answers the time left in the window, and starts a new window at 1 once it has ended', async () => {
    const first = await countClientHit(t.db, EMAIL_LIMIT, '203.0.113.7', 1_500);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(1_000);
    expect(first.ttl).toBeLessThanOrEqual(1_500);
    const second = await countClientHit(t.db, EMAIL_LIMIT, '203.0.113.7', 1_500);
    expect(second.current).toBe(2);
    // The same window: it ends when it ends, not a window after the latest hit.
    expect(second.ttl).toBeLessThanOrEqual(first.ttl);

    await sleep(1_700);
    const fresh = await countClientHit(t.db, EMAIL_LIMIT, '203.0.113.7', 1_500);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(1_000);
    expect(fresh.ttl).toBeLessThanOrEqual(1_500);
    expect((await storedRows(t.db)).map((r) => r.hits)).toEqual([1]);
  });

  it('sweeps only the rows whose window has ended, and answers how many', async () => {
    await countClientHit(t.db, EMAIL_LIMIT, 'ended-1', MINUTE_MS);
    await countClientHit(t.db, 'POST /api/events', 'ended-2', MINUTE_MS);
    await countClientHit(t.db, EMAIL_LIMIT, 'live', MINUTE_MS);
    await countClientHit(t.db, 'POST /api/audits', 'live-just', MINUTE_MS);
    await t.db.query(
      `UPDATE client_limits SET window_ends_at = now() - interval '1 second'
        WHERE client_key IN ($1, $2)`,
      [storedClientKey('ended-1'), storedClientKey('ended-2')],
    );
    // Still running for a little while: kept.
    await t.db.query(
      `UPDATE client_limits SET window_ends_at = now() + interval '2 seconds' WHERE client_key = $1`,
      [storedClientKey('live-just')],
    );

    expect(await sweepExpiredClientLimits(t.db)).toBe(2);
    expect((await storedRows(t.db)).map((r) => r.client_key).sort()).toEqual(
      [storedClientKey('live'), storedClientKey('live-just')].sort(),
    );
    expect(await sweepExpiredClientLimits(t.db)).toBe(0);
  });

  it('answers 429 over the limit, with Retry-After and the message from the window stored', async () => {
    const app = await limitedApp(t.db, 2, 15 * MINUTE_MS);
    try {
      expect((await post(app, '/limited')).statusCode).toBe(200);
      expect((await post(app, '/limited')).statusCode).toBe(200);
      const over = await post(app, '/limited');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(15 * 60 - 10);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(over.json()).toEqual({
        error: { code: 'rate_limited', message: 'Too many requests. Please try again in 15 minutes.' },
      });

      // The window's end is the database's: moved there, the answer follows it.
      await t.db.query(`UPDATE client_limits SET window_ends_at = now() + interval '90 seconds'`);
      const later = await post(app, '/limited');
      expect(later.statusCode).toBe(429);
      expect(Number(later.headers['retry-after'])).toBeGreaterThan(80);
      expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(90);
      expect(later.json().error.message).toBe('Too many requests. Please try again in 2 minutes.');

      // Another route and another client each have their own count.
      expect((await post(app, '/other')).statusCode).toBe(200);
      expect((await post(app, '/limited', '198.51.100.2')).statusCode).toBe(200);
      // Every IPv6 address of one /64 is one client.
      expect((await post(app, '/limited', '2001:db8:1:2::1')).statusCode).toBe(200);
      expect((await post(app, '/limited', '2001:db8:1:2:ffff::9')).statusCode).toBe(200);
      expect((await post(app, '/limited', '2001:db8:1:2:abcd::7')).statusCode).toBe(429);
      expect((await storedRows(t.db)).map((r) => r.limit_name).sort()).toEqual([
        'POST /limited',
        'POST /limited',
        'POST /limited',
        'POST /other',
      ]);
    } finally {
      await app.close();
    }
  });

  it('refuses a setting it would not honour, rather than count differently', async () => {
    const app = Fastify();
    await registerPerClientLimit(app, { store: databaseClientLimitStore(t.db) });
    expect(() =>
      app.post(
        '/backoff',
        { config: { rateLimit: { max: 1, timeWindow: MINUTE_MS, exponentialBackoff: true } } },
        async () => 'ok',
      ),
    ).toThrow('fixed window only');
    await app.close();
  });
});

describe('the client-limit store when PostgreSQL stops', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('postgres', { ownServer: true });
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('fails closed (503, nothing served); the outage is logged once as it starts and once as it heals', async () => {
    // The app's watch on its database, which logs an outage whoever meets it (here: the limit).
    const lines: { level: string; message: string; fields: object }[] = [];
    const record = (level: string) => (fields: object, message: string) => {
      lines.push({ level, message, fields });
    };
    const outage = faultLog(
      { error: record('error'), warn: record('warn') },
      {
        started: 'database unavailable',
        healed: 'database available again',
      },
    );
    const app = await limitedApp(watchAvailability(t.db, outage), 5, MINUTE_MS);
    try {
      expect((await post(app, '/limited')).statusCode).toBe(200);
      await t.server!.stop();
      for (let i = 0; i < 4; i++) {
        const refused = await post(app, '/limited');
        expect(refused.statusCode).toBe(503);
        expect(refused.json().error.code).toBe('service_unavailable');
      }
      expect(lines.map(({ level, message }) => [level, message])).toEqual([
        ['error', 'database unavailable'],
      ]);

      await t.server!.start();
      expect((await post(app, '/limited')).statusCode).toBe(200);
      expect((await post(app, '/limited')).statusCode).toBe(200);
      expect(lines.slice(1)).toEqual([
        {
          level: 'error',
          message: 'database available again',
          fields: expect.objectContaining({ failures: 4 }),
        },
      ]);
      // The count went on where it was: the requests refused in the outage counted nothing.
      expect((await storedRows(t.db)).map((r) => r.hits)).toEqual([3]);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe.each(DATABASE_KINDS)('the store chosen for %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });

  it(kind === 'postgres' ? 'is the database store' : 'is memory (undefined): one process', () => {
    const store = clientLimitStoreFor(t.db);
    if (kind === 'postgres') expect(store).toBeTypeOf('function');
    else expect(store).toBeUndefined();
  });
});
