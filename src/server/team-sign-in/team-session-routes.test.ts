import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { SIGN_IN_LIMIT } from './sign-in-tokens';
import { secretHash } from '../http/secrets';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import {
  memoryTransport,
  sessionCookieFrom,
  signedInAs,
  signInThroughApi,
  TEAM_ORIGIN,
  teamRequest,
  tokenFromMail,
} from '../../../test/support/team-sign-in';
import { buildTestApp, useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'member@care-audit.example';
const OTHER = 'other@care-audit.example';
const STRANGER = 'stranger@example.org';

describe.each(DATABASE_KINDS)('team sign-in and session routes on %s', (kind) => {
  let t: TestDatabase;
  const mail = memoryTransport();
  const env = (extra: Record<string, string> = {}) => ({
    ...apiOnlyEnv(t.dataDir),
    PUBLIC_URL: TEAM_ORIGIN,
    TEAM_EMAILS: `${MEMBER}, ${OTHER}`,
    MAIL_RETRY_BASE_MS: '50',
    RATE_LIMIT_PER_CLIENT: '1000',
    ...extra,
  });
  /** Another instance, for this test only. */
  const start = (extra: Record<string, string> = {}): Promise<FastifyInstance> =>
    buildTestApp(testConfig(env(extra)), { db: t.db, mailTransport: mail }, { ready: true });
  const signIn = (email: string, extra: Record<string, unknown> = {}) =>
    teamRequest(server.app, 'POST', '/api/team/sign-in', { body: { email, website: '', ...extra } });
  const signInMessages = async () =>
    (await t.db.query<{ recipient: string }>("SELECT recipient FROM outbox_messages WHERE kind = 'sign_in'"))
      .rows;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await t.db.query(
      'TRUNCATE team_sign_in_tokens, team_sessions, team_activity, outbox_messages, client_limits',
    );
    mail.sent.length = 0;
  });
  afterAll(() => t?.destroy());
  const server = useTestApp(() => ({ config: testConfig(env()), deps: { db: t.db, mailTransport: mail } }), {
    per: 'test',
    ready: true,
  });

  it('answers a known and an unknown address alike, and sends only to the known one', async () => {
    const known = await signIn(MEMBER);
    const unknown = await signIn(STRANGER);
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'sent_if_on_team' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const headerNames = (res: typeof known) =>
      Object.keys(res.headers)
        .filter((name) => !['date', 'x-ratelimit-remaining'].includes(name))
        .sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    expect(unknown.body).toBe(known.body);
    await tokenFromMail(mail.sent, MEMBER);
    expect(mail.sent.map((m) => m.to)).toEqual([MEMBER]);
    expect(await signInMessages()).toEqual([{ recipient: MEMBER }]);
  });

  it('takes the address in any case and with spaces around it', async () => {
    expect((await signIn('  MEMBER@Care-Audit.example ')).statusCode).toBe(202);
    expect(await signInMessages()).toEqual([{ recipient: MEMBER }]);
  });

  it('refuses a malformed address or a filled-in honeypot with 400, and sends nothing', async () => {
    const malformed = await signIn('not-an-address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({
      code: 'invalid_request',
      fields: { email: expect.any(String) },
    });
    const missing = await teamRequest(server.app, 'POST', '/api/team/sign-in', { body: { website: '' } });
    expect(missing.statusCode).toBe(400);
    const bot = await signIn(MEMBER, { website: 'https://spam.example' });
    expect(bot.statusCode).toBe(400);
    expect(bot.json().error.code).toBe('bot_check_failed');
    expect(await signInMessages()).toEqual([]);
  });

  it(`sends at most ${SIGN_IN_LIMIT} links per address in 15 minutes, still answering 202`, async () => {
    for (let i = 0; i < SIGN_IN_LIMIT + 2; i++) {
      const res = await signIn(MEMBER);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'sent_if_on_team' });
    }
    expect(await signInMessages()).toHaveLength(SIGN_IN_LIMIT);
  });

  it('limits sign-in requests per client (429)', async () => {
    const limited = await start({ RATE_LIMIT_PER_CLIENT: '3' });
    const ask = () =>
      teamRequest(limited, 'POST', '/api/team/sign-in', { body: { email: STRANGER, website: '' } });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
  });

  it('signs in from the e-mailed link: session cookie, session, activity; sign-out ends it', async () => {
    expect((await signIn(MEMBER)).statusCode).toBe(202);
    const token = await tokenFromMail(mail.sent, MEMBER);
    // Once sent, the outbox keeps no copy of the token.
    await expect
      .poll(
        async () =>
          (await t.db.query("SELECT status, payload FROM outbox_messages WHERE kind = 'sign_in'")).rows,
      )
      .toEqual([{ status: 'sent', payload: null }]);
    const used = await teamRequest(server.app, 'POST', '/api/team/auth', { body: { token } });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ email: MEMBER });
    const setCookie = String(used.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^care_audit_team=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const cookie = sessionCookieFrom(used);
    // The table keeps only its hash.
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM team_sessions');
    expect(stored.rows).toEqual([{ token_hash: secretHash(cookie.split('=')[1]!) }]);

    const session = await teamRequest(server.app, 'GET', '/api/team/session', { cookie });
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.json()).toEqual({
      signedIn: true,
      email: MEMBER,
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const out = await teamRequest(server.app, 'POST', '/api/team/sign-out', { cookie });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^care_audit_team=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/,
    );
    expect((await t.db.query('SELECT * FROM team_sessions')).rows).toEqual([]);
    // Asking is not refused (decision 0084): the answer says signed out, and nothing more.
    const after = await teamRequest(server.app, 'GET', '/api/team/session', { cookie });
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.json()).toEqual({ signedIn: false });
    expect((await teamRequest(server.app, 'GET', '/api/team/leads', { cookie })).statusCode).toBe(401);

    const again = await signInThroughApi(server.app, mail.sent, MEMBER);
    const activity = await teamRequest(server.app, 'GET', '/api/team/activity', { cookie: again });
    expect(activity.statusCode).toBe(200);
    expect(activity.json()).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(
      activity.json().entries.map((e: { actor: string; action: string }) => [e.actor, e.action]),
    ).toEqual([
      [MEMBER, 'sign_in'],
      [MEMBER, 'sign_out'],
      [MEMBER, 'sign_in'],
    ]);
    expect(activity.json().entries[0]).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      actor: MEMBER,
      action: 'sign_in',
      lead: null,
      subject: null,
      detail: null,
    });
  });

  it('refuses a used, expired, unknown or missing token with its own code and no cookie', async () => {
    const cookie = await signInThroughApi(server.app, mail.sent, MEMBER);
    expect(cookie).toMatch(/^care_audit_team=/);
    const usedToken = await tokenFromMail(mail.sent, MEMBER);
    const auth = (body: unknown) => teamRequest(server.app, 'POST', '/api/team/auth', { body });
    const expectRefused = async (body: unknown, code: string) => {
      const res = await auth(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code, message: expect.stringContaining('Ask for a new one') });
      expect(res.headers['set-cookie']).toBeUndefined();
    };
    await expectRefused({ token: usedToken }, 'token_used');

    expect((await signIn(OTHER)).statusCode).toBe(202);
    const expiring = await tokenFromMail(mail.sent, OTHER);
    await t.db.query(
      "UPDATE team_sign_in_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL",
    );
    await expectRefused({ token: expiring }, 'token_expired');
    await expectRefused({ token: 'A'.repeat(43) }, 'token_invalid');
    await expectRefused({ token: `${usedToken}x` }, 'token_invalid');
    await expectRefused({}, 'token_invalid');
    await expectRefused('just text', 'token_invalid');
  });

  it('refuses the link of an address removed from TEAM_EMAILS since it was sent', async () => {
    expect((await signIn(OTHER)).statusCode).toBe(202);
    const token = await tokenFromMail(mail.sent, OTHER);
    const smaller = await start({ TEAM_EMAILS: MEMBER });
    const res = await teamRequest(smaller, 'POST', '/api/team/auth', { body: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('token_invalid');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('ends a session when its address leaves TEAM_EMAILS, and deletes it at start-up', async () => {
    const member = await signInThroughApi(server.app, mail.sent, MEMBER);
    const other = await signInThroughApi(server.app, mail.sent, OTHER);
    const smaller = await start({ TEAM_EMAILS: OTHER });
    const emails = async () =>
      (await t.db.query<{ email: string }>('SELECT email FROM team_sessions ORDER BY email')).rows.map(
        (r) => r.email,
      );
    expect(await emails()).toEqual([OTHER]);
    expect(await signedInAs(smaller, member)).toBeNull();
    expect(await signedInAs(smaller, other)).toBe(OTHER);
  });

  it('says whether anyone can sign in; with TEAM_EMAILS unset sign-in still answers 202 and sends nothing', async () => {
    const setup = await teamRequest(server.app, 'GET', '/api/team/setup');
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toEqual({ signInEnabled: true });
    const nobody = await start({ TEAM_EMAILS: '' });
    expect((await teamRequest(nobody, 'GET', '/api/team/setup')).json()).toEqual({ signInEnabled: false });
    const res = await teamRequest(nobody, 'POST', '/api/team/sign-in', {
      body: { email: MEMBER, website: '' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'sent_if_on_team' });
    expect(await signInMessages()).toEqual([]);
  });

  it('refuses a state-changing request without an Origin, or from another one, before anything else (403)', async () => {
    for (const origin of [null, 'http://evil.example', `${TEAM_ORIGIN}/`, 'http://localhost:3001', 'null']) {
      const res = await teamRequest(server.app, 'POST', '/api/team/sign-in', {
        body: { email: MEMBER, website: '' },
        origin,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden_origin');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await signInMessages()).toEqual([]);
  });

  it('names the cookie __Host- and marks it Secure when PUBLIC_URL is https', async () => {
    const secure = await start({ PUBLIC_URL: 'https://audit.example.com' });
    // The test's other instance shares the outbox and would write its own PUBLIC_URL into the link
    // if it claimed the message first (it may: the link waits for an outbox's next poll).
    await server.app.close();
    const asked = await teamRequest(secure, 'POST', '/api/team/sign-in', {
      body: { email: MEMBER, website: '' },
      origin: 'https://audit.example.com',
    });
    expect(asked.statusCode).toBe(202);
    const token = await tokenFromMail(mail.sent, MEMBER);
    expect(String(mail.sent[0]!.text)).toContain(`https://audit.example.com/team/auth?token=${token}`);
    const used = await teamRequest(secure, 'POST', '/api/team/auth', {
      body: { token },
      origin: 'https://audit.example.com',
    });
    expect(used.statusCode).toBe(200);
    expect(String(used.headers['set-cookie'])).toMatch(
      /^__Host-care_audit_team=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(await signedInAs(secure, sessionCookieFrom(used))).toBe(MEMBER);
  });

  it('pages the activity log, 50 a page, and refuses a bad page number', async () => {
    const cookie = await signInThroughApi(server.app, mail.sent, MEMBER);
    await t.db.query(
      "INSERT INTO team_activity (actor, action, at) SELECT $1, 'export', now() - n * interval '1 minute' FROM generate_series(1, 60) AS n",
      [MEMBER],
    );
    const page = (n: string) => teamRequest(server.app, 'GET', `/api/team/activity?page=${n}`, { cookie });
    const second = (await page('2')).json();
    expect(second).toMatchObject({ total: 61, page: 2, pageSize: 50 });
    expect(second.entries).toHaveLength(11);
    expect((await page('3')).json().entries).toEqual([]);
    for (const bad of ['0', '-1', 'x', '1.5']) {
      const res = await page(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
  });
});

// Several server instances on one PostgreSQL database: a session started on one is good on every one.
describe('a team session shared by two instances on one PostgreSQL database', () => {
  let t: TestDatabase;
  let secondDb: Database;
  const mail = memoryTransport();
  let config: Config;

  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    secondDb = await openDatabase({ databaseUrl: t.url, dataDir: t.dataDir });
    config = testConfig({
      ...apiOnlyEnv(t.dataDir),
      DATABASE_URL: t.url,
      PUBLIC_URL: TEAM_ORIGIN,
      TEAM_EMAILS: MEMBER,
      MAIL_RETRY_BASE_MS: '50',
    });
  });
  afterAll(async () => {
    await secondDb?.close();
    await t?.destroy();
  });
  const firstServer = useTestApp(() => ({ config, deps: { db: t.db, mailTransport: mail } }), {
    ready: true,
  });
  const secondServer = useTestApp(() => ({ config, deps: { db: secondDb, mailTransport: mail } }), {
    ready: true,
  });

  it('signs in on one, works on the other, and signing out on the other ends it on both', async () => {
    const asked = await teamRequest(firstServer.app, 'POST', '/api/team/sign-in', {
      body: { email: MEMBER, website: '' },
    });
    expect(asked.statusCode).toBe(202);
    const token = await tokenFromMail(mail.sent, MEMBER);
    const used = await teamRequest(secondServer.app, 'POST', '/api/team/auth', { body: { token } });
    expect(used.statusCode).toBe(200);
    // The link is spent for both.
    const reused = await teamRequest(firstServer.app, 'POST', '/api/team/auth', { body: { token } });
    expect(reused.json().error.code).toBe('token_used');
    const cookie = sessionCookieFrom(used);
    expect(await signedInAs(firstServer.app, cookie)).toBe(MEMBER);
    expect(await signedInAs(secondServer.app, cookie)).toBe(MEMBER);
    expect((await teamRequest(secondServer.app, 'POST', '/api/team/sign-out', { cookie })).statusCode).toBe(
      204,
    );
    expect(await signedInAs(firstServer.app, cookie)).toBeNull();
  });
});
