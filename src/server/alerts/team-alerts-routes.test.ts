import { beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { activityLog } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { alertChoiceOf } from './alert-preferences';

const MEMBER = 'sam@care-audit.example';
const OTHER = 'alex@care-audit.example';
const URL = '/api/team/me/alerts';

describe.each(DATABASE_KINDS)('a team member’s alert choice, /api/team/me/alerts, on %s', (kind) => {
  const t = useTestDatabase(kind);
  let config: Config;
  let cookie: string;
  let otherCookie: string;
  const server = useTestApp(() => {
    config = testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: `${MEMBER},${OTHER}` });
    return { config, deps: { db: t.db } };
  });
  beforeEach(async () => {
    // After the database's reset, which empties team_sessions too.
    cookie = `${sessionCookieName(config.publicUrl)}=${(await createSession(t.db, MEMBER)).secret}`;
    otherCookie = `${sessionCookieName(config.publicUrl)}=${(await createSession(t.db, OTHER)).secret}`;
  });

  const get = (as = cookie) => teamRequest(server.app, 'GET', URL, { cookie: as });
  const put = (body: unknown, as = cookie) => teamRequest(server.app, 'PUT', URL, { cookie: as, body });

  it('answers 401 without a session, to GET and PUT, and changes nothing', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await teamRequest(
        server.app,
        method,
        URL,
        method === 'PUT' ? { body: { alert: 'none', requestsWithoutConsent: true } } : {},
      );
      expect(res.statusCode, method).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    }
    expect((await get()).json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: false });
    expect(await activityLog(t.db)).toEqual([]);
  });

  it('answers 403 to a PUT from another origin, or with none, even signed in, and changes nothing', async () => {
    for (const origin of ['https://evil.example', null]) {
      const res = await teamRequest(server.app, 'PUT', URL, {
        cookie,
        origin,
        body: { alert: 'none', requestsWithoutConsent: true },
      });
      expect(res.statusCode, String(origin)).toBe(403);
      expect(res.json().error.code).toBe('forbidden_origin');
    }
    expect((await get()).json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: false });
    expect(await activityLog(t.db)).toEqual([]);
  });

  it('answers an e-mail for each lead until the member chooses, never cached', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: false });
  });

  it('keeps each choice, for this member alone, and logs each change with the choice', async () => {
    for (const alert of ['daily_digest', 'none', 'each_lead'] as const) {
      const res = await put({ alert });
      expect(res.statusCode, alert).toBe(200);
      expect(res.json()).toEqual({ alert, requestsWithoutConsent: false });
      expect((await get()).json()).toEqual({ alert, requestsWithoutConsent: false });
    }
    expect((await get(otherCookie)).json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: false });
    expect(await activityLog(t.db)).toEqual([
      { actor: MEMBER, action: 'alert_preference', subject: null, detail: 'daily_digest' },
      { actor: MEMBER, action: 'alert_preference', subject: null, detail: 'none' },
      { actor: MEMBER, action: 'alert_preference', subject: null, detail: 'each_lead' },
    ]);
  });

  it('keeps a choice of what the member already gets without logging it: nothing changed', async () => {
    expect((await put({ alert: 'each_lead' })).statusCode).toBe(200);
    expect((await put({ alert: 'daily_digest' }, otherCookie)).statusCode).toBe(200);
    expect((await put({ alert: 'daily_digest' }, otherCookie)).statusCode).toBe(200);
    expect(await activityLog(t.db)).toEqual([
      { actor: OTHER, action: 'alert_preference', subject: null, detail: 'daily_digest' },
    ]);
  });

  it('keys the choice by the address as sign-in knows it, whatever its case', async () => {
    await put({ alert: 'none' });
    expect(await alertChoiceOf(t.db, 'SAM@Care-Audit.example ')).toBe('none');
  });

  const CHOOSE = 'Choose one of each_lead, daily_digest, none.';
  const NOTHING = 'Give alert, requestsWithoutConsent, or both.';
  const YES_NO = 'Say true or false.';
  it.each([
    [{ alert: 'weekly' }, 'alert', CHOOSE],
    [{ alert: 'EACH_LEAD' }, 'alert', CHOOSE],
    [{ alert: '' }, 'alert', CHOOSE],
    [{ alert: null }, 'alert', CHOOSE],
    [{ alert: ['none'] }, 'alert', CHOOSE],
    [{}, 'alert', NOTHING],
    ['daily_digest', 'alert', NOTHING],
    [['none'], 'alert', NOTHING],
    [{ requestsWithoutConsent: 'true' }, 'requestsWithoutConsent', YES_NO],
    [{ requestsWithoutConsent: 1 }, 'requestsWithoutConsent', YES_NO],
    [{ requestsWithoutConsent: null }, 'requestsWithoutConsent', YES_NO],
    [{ alert: 'none', requestsWithoutConsent: 'yes' }, 'requestsWithoutConsent', YES_NO],
    [{ alert: 'weekly', requestsWithoutConsent: true }, 'alert', CHOOSE],
    // Refused whichever check sees it first: the app's guard of every text field, or the choice's.
    [{ alert: 'none\u0000' }, 'alert', expect.any(String)],
    [{ alert: 'none', sound: 'on' }, 'sound', expect.any(String)],
  ])('answers %j with 400 naming %s, and changes nothing', async (body, field, message) => {
    await put({ alert: 'daily_digest' });
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', fields: { [field]: message } });
    expect((await get()).json()).toEqual({ alert: 'daily_digest', requestsWithoutConsent: false });
    expect(await activityLog(t.db)).toHaveLength(1);
  });

  it('hears of no request without consent until the member turns it on, and keeps it per member', async () => {
    const on = await put({ requestsWithoutConsent: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: true });
    expect((await get()).json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: true });
    expect((await get(otherCookie)).json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: false });
    const off = await put({ requestsWithoutConsent: false });
    expect(off.json()).toEqual({ alert: 'each_lead', requestsWithoutConsent: false });
    expect(await activityLog(t.db)).toEqual([
      { actor: MEMBER, action: 'alert_preference', subject: null, detail: 'requests_without_consent_on' },
      { actor: MEMBER, action: 'alert_preference', subject: null, detail: 'requests_without_consent_off' },
    ]);
  });

  it('leaves the other choice as it is when a PUT gives one (the older body, {alert}, included)', async () => {
    await put({ requestsWithoutConsent: true });
    const old = await put({ alert: 'daily_digest' });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({ alert: 'daily_digest', requestsWithoutConsent: true });
    expect((await put({ requestsWithoutConsent: false })).json()).toEqual({
      alert: 'daily_digest',
      requestsWithoutConsent: false,
    });
  });

  it('changes both at once, logging each change, and neither when both are as they were', async () => {
    expect((await put({ alert: 'none', requestsWithoutConsent: true })).json()).toEqual({
      alert: 'none',
      requestsWithoutConsent: true,
    });
    expect((await put({ alert: 'none', requestsWithoutConsent: true })).statusCode).toBe(200);
    expect(await activityLog(t.db)).toEqual([
      { actor: MEMBER, action: 'alert_preference', subject: null, detail: 'none' },
      { actor: MEMBER, action: 'alert_preference', subject: null, detail: 'requests_without_consent_on' },
    ]);
  });

  it('answers a PUT without a body with 400 naming the field', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: URL,
      headers: { cookie, origin: config.publicUrl },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ alert: expect.any(String) });
  });
});
