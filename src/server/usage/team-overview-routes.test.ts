import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { utcDay } from './usage-counters';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'sam@care-audit.example';

describe.each(DATABASE_KINDS)('GET /api/team/overview on %s', (kind) => {
  let t: TestDatabase;
  // Two app instances on one database, as two servers behind a load balancer: on PostgreSQL each
  // with its own connection pool; a PGlite folder opens in one process only, so there they share it.
  let config: Config;
  let secondDb: Database | undefined;
  let cookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    config = testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: MEMBER });
    secondDb = t.url ? await openDatabase({ databaseUrl: t.url, dataDir: t.dataDir }) : undefined;
  });
  afterAll(async () => {
    await secondDb?.close();
    await t?.destroy();
  });
  const apps = [
    useTestApp(() => ({ config, deps: { db: t.db } })),
    useTestApp(() => ({ config, deps: { db: secondDb ?? t.db } })),
  ];
  beforeAll(async () => {
    const { secret } = await createSession(t.db, MEMBER);
    cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
  });
  beforeEach(async () => {
    await t.db.query('TRUNCATE usage_counters');
  });

  const overview = (app: FastifyInstance, headers: Record<string, string> = { cookie }) =>
    app.inject({ method: 'GET', url: '/api/team/overview', headers });
  const postEvent = (app: FastifyInstance, event: object) =>
    app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(event),
    });

  it('answers 401 without a session', async () => {
    const res = await overview(apps[0]!.app, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('answers 30 zero days ending today, not cached, on an empty database', async () => {
    const res = await overview(apps[0]!.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.days).toHaveLength(30);
    expect(body.days[29]).toEqual({
      date: utcDay(new Date()),
      started: 0,
      completed: 0,
      pdfDownloaded: 0,
      emailRequested: 0,
    });
    expect(body.sections.map((s: { reached: number }) => s.reached)).toEqual([0, 0, 0, 0, 0]);
    expect(body.areaAverages.every((a: { average: unknown }) => a.average === null)).toBe(true);
  });

  it('counts events sent to either instance in the same counters, and both show the same overview', async () => {
    const sends = [];
    for (let i = 0; i < 20; i++) {
      const app = apps[i % 2]!.app;
      sends.push(
        postEvent(app, { event: 'started' }),
        postEvent(app, { event: 'section_reached', section: 2 }),
      );
      if (i < 5) sends.push(postEvent(app, { event: 'completed' }));
    }
    expect((await Promise.all(sends)).map((r) => r.statusCode)).toEqual(sends.map(() => 204));

    const [first, second] = await Promise.all(apps.map(({ app }) => overview(app)));
    expect(first?.json()).toEqual(second?.json());
    const body = first?.json();
    expect(body.days[29]).toMatchObject({ started: 20, completed: 5, pdfDownloaded: 0, emailRequested: 0 });
    expect(body.sections[1]).toMatchObject({ section: 2, reached: 20 });
  });
});
