import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBody } from '../../test/support/audit-fixtures';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { COMPLETE_RESPONSES, postJson, validBody } from '../../test/support/requests';
import { TEAM_ORIGIN } from '../../test/support/team-sign-in';
import { useTestApp, type TestApp } from '../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';

const LIMIT = 3;
const LIMITS_ENV = {
  RATE_LIMIT_PER_CLIENT: String(LIMIT),
  RATE_LIMIT_EVENTS_PER_CLIENT: String(LIMIT),
  RATE_LIMIT_AUDITS_PER_CLIENT: String(LIMIT),
  RATE_LIMIT_REPORTS_PER_CLIENT: String(LIMIT),
  PUBLIC_URL: TEAM_ORIGIN,
  TEAM_EMAILS: 'member@care-audit.example',
};

/**
 * One family of limited routes: a request from a client (its address), and what an accepted one
 * answers. Each request is new (a fresh address to e-mail, a fresh audit), so only the per-client
 * limit can refuse it.
 */
interface LimitedRoute {
  name: string;
  accepted: number;
  send(app: FastifyInstance, client: string, n: number): Promise<LightMyRequestResponse>;
}

const teamHeaders = { 'content-type': 'application/json', origin: TEAM_ORIGIN };

const ROUTES: LimitedRoute[] = [
  {
    name: 'POST /api/email-results',
    accepted: 202,
    send: (app, client, n) =>
      postJson(app, '/api/email-results', validBody({ email: `visitor-${n}@example.org` }), {
        remoteAddress: client,
      }),
  },
  {
    name: 'POST /api/team/sign-in',
    accepted: 202,
    send: (app, client, n) =>
      postJson(
        app,
        '/api/team/sign-in',
        { email: `stranger-${n}@example.org`, website: '' },
        { remoteAddress: client, headers: teamHeaders },
      ),
  },
  {
    name: 'POST /api/team/auth',
    // A token that is no token: refused, but counted, as a guess at a link is.
    accepted: 400,
    send: (app, client) =>
      postJson(
        app,
        '/api/team/auth',
        { token: 'not-a-token' },
        { remoteAddress: client, headers: teamHeaders },
      ),
  },
  {
    name: 'POST /api/events',
    accepted: 204,
    send: (app, client) => postJson(app, '/api/events', { event: 'started' }, { remoteAddress: client }),
  },
  {
    name: 'POST /api/audits',
    accepted: 202,
    send: (app, client) => postJson(app, '/api/audits', auditBody(), { remoteAddress: client }),
  },
  {
    name: 'POST /api/report',
    accepted: 200,
    send: (app, client) =>
      postJson(
        app,
        '/api/report',
        { date: '2026-11-23', responses: COMPLETE_RESPONSES },
        { remoteAddress: client },
      ),
  },
];

describe('per-client limits with two instances on one PostgreSQL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await t?.destroy();
  });
  // Each instance opens its own pool from DATABASE_URL, as two server processes would.
  const instance = (): TestApp =>
    useTestApp(() => ({
      config: testConfig({ ...apiOnlyEnv(t.dataDir), DATABASE_URL: t.url, ...LIMITS_ENV }),
    }));
  const instances = [instance(), instance()];

  it.each(ROUTES.map((route, i) => [route.name, route, i] as const))(
    '%s: requests alternating between the instances share one limit',
    async (_name, route, i) => {
      const client = `203.0.113.${10 + i}`;
      const apps = instances.map((instance) => instance.app);
      for (let n = 0; n < LIMIT; n++) {
        const accepted = await route.send(apps[n % 2]!, client, n);
        expect(accepted.statusCode, accepted.body).toBe(route.accepted);
      }
      // The fourth overall: the first instance has seen two, the second one, and both refuse it.
      for (const app of apps) {
        const refused = await route.send(app, client, LIMIT);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.code).toBe('rate_limited');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another client still has its own limit.
      const other = await route.send(apps[1]!, `198.51.100.${10 + i}`, LIMIT + 1);
      expect(other.statusCode).toBe(route.accepted);

      const { rows } = await t.db.query<{ hits: number }>(
        'SELECT hits FROM client_limits WHERE limit_name = $1 ORDER BY hits',
        [route.name],
      );
      expect(rows.map((row) => row.hits)).toEqual([1, LIMIT + 2]);
    },
    60_000,
  );

  it('an event is refused with its own message, and the window is the same on both instances', async () => {
    const client = '203.0.113.99';
    const [first, second] = instances.map((instance) => instance.app) as [FastifyInstance, FastifyInstance];
    const events = ROUTES.find((route) => route.name === 'POST /api/events')!;
    for (let n = 0; n < LIMIT; n++) await events.send(n % 2 ? second : first, client, n);
    const fromFirst = await events.send(first, client, LIMIT);
    const fromSecond = await events.send(second, client, LIMIT);
    expect(fromSecond.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many events. Please try again later.' },
    });
    // One window, read from the database by both: the times left differ by the moment between.
    const retryFirst = Number(fromFirst.headers['retry-after']);
    const retrySecond = Number(fromSecond.headers['retry-after']);
    expect(retryFirst).toBeLessThanOrEqual(60);
    expect(Math.abs(retryFirst - retrySecond)).toBeLessThanOrEqual(1);
  });
});

describe('per-client limits on PGlite', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({
    config: testConfig({ ...apiOnlyEnv(t.dataDir), ...LIMITS_ENV }),
    deps: { db: t.db },
  }));

  it.each(ROUTES.map((route, i) => [route.name, route, i] as const))(
    '%s: counted in memory, and still limited',
    async (_name, route, i) => {
      const client = `203.0.113.${10 + i}`;
      for (let n = 0; n < LIMIT; n++) {
        expect((await route.send(server.app, client, n)).statusCode).toBe(route.accepted);
      }
      expect((await route.send(server.app, client, LIMIT)).statusCode).toBe(429);
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_limits');
      expect(rows[0]?.n).toBe(0);
    },
    60_000,
  );
});
