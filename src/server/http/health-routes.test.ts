import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { registerErrorHandler } from './http-errors';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { healthRoutes } from './health-routes';

describe.each(DATABASE_KINDS)('GET /api/health on %s', (kind) => {
  let t: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** The health route on `db`, counting the write probes that reach the database. */
  async function healthApp(writesFail: () => boolean, writeProbeIntervalMs: number) {
    const probes = { count: 0 };
    const db: Database = {
      ...t.db,
      query: (sql, params) => {
        if (sql.startsWith('UPDATE health_probe')) {
          probes.count++;
          if (writesFail()) {
            const error = Object.assign(
              new Error('could not extend file "base/5/16400": No space left on device'),
              {
                code: '53100',
              },
            );
            return Promise.reject(error);
          }
        }
        return t.db.query(sql, params);
      },
    };
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(healthRoutes, { db, writeProbeIntervalMs });
    apps.push(app);
    return { app, probes };
  }

  const status = async (app: FastifyInstance) => (await app.inject({ url: '/api/health' })).statusCode;

  it('answers 503 once the process is draining, and 200 until then', async () => {
    let draining = false;
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(healthRoutes, { db: t.db, draining: () => draining });
    apps.push(app);
    expect(await status(app)).toBe(200);
    draining = true;
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('proves writes with a real UPDATE, at most once per interval while they work', async () => {
    const { app, probes } = await healthApp(() => false, 60_000);
    const before = await t.db.query<{ checked_at: Date }>('SELECT checked_at FROM health_probe');
    expect(await status(app)).toBe(200);
    const after = await t.db.query<{ checked_at: Date }>('SELECT checked_at FROM health_probe');
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]?.checked_at.getTime()).toBeGreaterThanOrEqual(
      before.rows[0]?.checked_at.getTime() ?? 0,
    );
    expect(await Promise.all([status(app), status(app), status(app)])).toEqual([200, 200, 200]);
    expect(probes.count).toBe(1);
  });

  it('answers 503 while writes fail, probing on every check until they work again', async () => {
    let failing = true;
    const { app, probes } = await healthApp(() => failing, 60_000);
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    expect(await status(app)).toBe(503);
    expect(probes.count).toBe(2);
    failing = false;
    expect(await status(app)).toBe(200);
    expect(await status(app)).toBe(200);
    expect(probes.count).toBe(3);
  });

  it('probes again once the interval has passed', async () => {
    let failing = false;
    const { app } = await healthApp(() => failing, 50);
    expect(await status(app)).toBe(200);
    failing = true;
    await new Promise((r) => setTimeout(r, 60));
    expect(await status(app)).toBe(503);
  });
});
