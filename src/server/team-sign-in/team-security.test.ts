import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import {
  memoryTransport,
  signInThroughApi,
  TEAM_ORIGIN,
  teamRequest,
} from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'member@care-audit.example';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The routes that answer without a session; every other /api/team/ route must refuse. The session
 * route answers whether one is signed in, and signed out says only that (decision 0084).
 */
const OPEN = new Set([
  'GET /api/team/setup',
  'POST /api/team/sign-in',
  'POST /api/team/auth',
  'GET /api/team/session',
]);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
interface TeamRoute {
  method: Method;
  url: string;
  /** The URL with each parameter filled in (a made-up id). */
  path: string;
}

function fillParams(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*/g, 'x');
}

// Every route is listed from the app itself as it is registered, so one added later is checked
// without anyone remembering to add it here.
describe.each(DATABASE_KINDS)('every /api/team/ route on %s', (kind) => {
  let t: TestDatabase;
  const routes: TeamRoute[] = [];
  const mail = memoryTransport();
  let signedOutCookie: string;
  let liveCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/team/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method: method as Method, url: route.url, path: fillParams(route.url) });
    }
  };
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        PUBLIC_URL: TEAM_ORIGIN,
        TEAM_EMAILS: MEMBER,
        MAIL_RETRY_BASE_MS: '50',
        RATE_LIMIT_PER_CLIENT: '100000',
      }),
      deps: { db: t.db, mailTransport: mail, onRoute: collect },
    }),
    { ready: true },
  );
  beforeAll(async () => {
    signedOutCookie = await signInThroughApi(server.app, mail.sent, MEMBER);
    expect(
      (await teamRequest(server.app, 'POST', '/api/team/sign-out', { cookie: signedOutCookie })).statusCode,
    ).toBe(204);
    liveCookie = await signInThroughApi(server.app, mail.sent, MEMBER);
  });

  const closed = () =>
    routes.filter(
      (r) => !OPEN.has(`${r.method} ${r.url}`) && !(r.method === 'HEAD' && OPEN.has(`GET ${r.url}`)),
    );

  it('finds the team routes, the open ones among them', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const name of [
      ...OPEN,
      'POST /api/team/sign-out',
      'GET /api/team/session',
      'GET /api/team/activity',
    ]) {
      expect(names).toContain(name);
    }
    expect(closed().length).toBeGreaterThanOrEqual(3);
  });

  const cases: [string, () => string | undefined][] = [
    ['without a session', () => undefined],
    ['with a made-up session cookie', () => 'care_audit_team=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['with a malformed session cookie', () => 'care_audit_team=%00not-a-session'],
    ['with a session cookie from before sign-out', () => signedOutCookie],
  ];
  for (const [label, cookie] of cases) {
    it(`says only "signed out" ${label} when asked whether one is signed in`, async () => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await teamRequest(server.app, method, '/api/team/session', { cookie: cookie() });
        expect(res.statusCode, method).toBe(200);
        expect(res.headers['cache-control'], method).toBe('no-store');
        expect(res.headers['set-cookie'], method).toBeUndefined();
        if (method === 'GET') expect(res.json()).toEqual({ signedIn: false });
      }
    });

    it(`answers 401 JSON ${label} on every route but the open ones`, async () => {
      for (const route of closed()) {
        const res = await teamRequest(server.app, route.method, route.path, {
          cookie: cookie(),
          ...(STATE_CHANGING.has(route.method) ? { body: {} } : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
        expect(res.headers['set-cookie'], `${route.method} ${route.url}`).toBeUndefined();
        if (route.method !== 'HEAD') {
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.json(), `${route.method} ${route.url}`).toEqual({
            error: { code: 'unauthorized', message: expect.any(String) },
          });
        }
      }
    });
  }

  it('answers 403 forbidden_origin to every state-changing route from another origin, or none, even signed in', async () => {
    const changing = routes.filter((r) => STATE_CHANGING.has(r.method));
    expect(changing.length).toBeGreaterThanOrEqual(3);
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM team_activity');
    for (const route of changing) {
      for (const origin of ['http://evil.example', null]) {
        const res = await teamRequest(server.app, route.method, route.path, {
          cookie: liveCookie,
          origin,
          body: {},
        });
        expect(res.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(res.json().error.code).toBe('forbidden_origin');
      }
    }
    // Nothing happened: no sign-out, no action recorded, the session still good.
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM team_activity');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(
      (await teamRequest(server.app, 'GET', '/api/team/session', { cookie: liveCookie })).json(),
    ).toMatchObject({ signedIn: true, email: MEMBER });
  });

  it('lets the live session through on the same routes (so the refusals above are about the session)', async () => {
    for (const route of closed().filter((r) => r.method === 'GET')) {
      const res = await teamRequest(server.app, 'GET', route.path, { cookie: liveCookie });
      expect(res.statusCode, `GET ${route.url}`).not.toBe(401);
      expect(res.headers['cache-control'], `GET ${route.url}`).toBe('no-store');
    }
  });
});
