import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../shared/team-api';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { utcDay } from './usage-counters';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'sam@care-audit.example';

describe.each(DATABASE_KINDS)('GET /api/team/overview on %s', (kind) => {
  const t = useTestDatabase(kind);
  // Two app instances on one database, as two servers behind a load balancer: on PostgreSQL each
  // with its own connection pool; a PGlite folder opens in one process only, so there they share it.
  let config: Config;
  let secondDb: Database | undefined;
  beforeAll(async () => {
    config = testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: MEMBER });
    secondDb = t.url ? await openDatabase({ databaseUrl: t.url, dataDir: t.dataDir }) : undefined;
  });
  // Registered before the apps: after-hooks run in reverse, so the apps close first, the database last.
  afterAll(() => secondDb?.close());
  const apps = [
    useTestApp(() => ({ config, deps: { db: t.db } })),
    useTestApp(() => ({ config, deps: { db: secondDb ?? t.db } })),
  ];

  /** A session of the team member, made after the database was emptied for the test. */
  async function signedIn(): Promise<Record<string, string>> {
    const { secret } = await createSession(t.db, MEMBER);
    return { cookie: `${sessionCookieName(config.publicUrl)}=${secret}` };
  }
  const overview = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/team/overview', headers });
  const postEvent = (app: FastifyInstance, event: object) =>
    app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(event),
    });

  it('answers 401 without a session, and with a session that is not one', async () => {
    const res = await overview(apps[0]!.app, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    const forged = await overview(apps[0]!.app, { cookie: `${sessionCookieName(config.publicUrl)}=forged` });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 30 zero days ending today and the 30 before, not cached, on an empty database', async () => {
    const res = await overview(apps[0]!.app, await signedIn());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Overview>();
    expect(body.days).toHaveLength(30);
    expect(body.period.last).toBe(utcDay(new Date()));
    expect(body.days[29]).toEqual({
      date: utcDay(new Date()),
      started: 0,
      completed: 0,
      pdfDownloaded: 0,
      emailRequested: 0,
    });
    expect(body.funnel.every((s) => s.current.shown === 0 && s.previous.counted === 0)).toBe(true);
    expect(body.leads.total).toBe(0);
    expect(body.areaAverages.every((a) => a.average === null)).toBe(true);
  });

  it('counts events sent to either instance in the same counters, and both show the same overview', async () => {
    const headers = await signedIn();
    const sends = [];
    for (let i = 0; i < 20; i++) {
      const app = apps[i % 2]!.app;
      sends.push(
        postEvent(app, { event: 'started' }),
        postEvent(app, { event: 'section_reached', section: 1 }),
        postEvent(app, { event: 'section_reached', section: 2 }),
      );
      if (i < 5) sends.push(postEvent(app, { event: 'completed' }));
    }
    expect((await Promise.all(sends)).map((r) => r.statusCode)).toEqual(sends.map(() => 204));

    const [first, second] = await Promise.all(apps.map(({ app }) => overview(app, headers)));
    expect(first?.json()).toEqual(second?.json());
    const body = first!.json<Overview>();
    expect(body.days[29]).toMatchObject({ started: 20, completed: 5, pdfDownloaded: 0, emailRequested: 0 });
    expect(body.funnel.find((s) => s.id === 'section_2_reached')?.current).toEqual({
      counted: 20,
      shown: 20,
    });
    // Section 5 was never reached: the 5 completions are counted, and shown as none.
    expect(body.funnel.find((s) => s.id === 'completed')?.current).toEqual({ counted: 5, shown: 0 });
  });

  it('counts the stored leads by status, source and consent', async () => {
    await storeLead(t.db, { email: 'a@example.org', consent: true });
    await storeLead(t.db, { email: 'b@example.org' });
    const body = (await overview(apps[1]!.app, await signedIn())).json<Overview>();
    expect(body.leads.total).toBe(2);
    expect(body.leads.byStatus[0]).toEqual({ key: 'new', count: 2 });
    expect(body.leads.bySource).toEqual([{ key: 'direct', count: 2 }]);
    expect(body.funnel.find((s) => s.id === 'consent_given')?.current.counted).toBe(1);
  });
});
