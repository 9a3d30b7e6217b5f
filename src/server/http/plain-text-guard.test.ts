import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_REQUEST_MESSAGES } from '../../shared/email-request-rules';
import { PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { TEAM_ORIGIN, teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { unstorableFields, WHOLE_REQUEST_FIELD } from './plain-text-guard';

const refused = (fields: Record<string, string>) => ({
  error: {
    code: 'invalid_request',
    message: PLAIN_TEXT_MESSAGE,
    fields: Object.fromEntries(Object.entries(fields).map(([k]) => [k, PLAIN_TEXT_MESSAGE])),
  },
});
const fieldsOf = (...names: string[]) => Object.fromEntries(names.map((name) => [name, PLAIN_TEXT_MESSAGE]));

describe('unstorableFields', () => {
  const only = (body: unknown) => unstorableFields({ params: {}, query: {}, body });

  it('finds nothing in plain text, tabs and line breaks, emoji and an empty request', () => {
    expect(unstorableFields({ params: {}, query: {}, body: undefined })).toEqual({});
    expect(unstorableFields({ params: null as never, query: null as never, body: null })).toEqual({});
    expect(only({ note: 'Line one\r\n\tLine two 😀 é \u0020 \u007E \u0080 \u00A0', n: 5, ok: true })).toEqual(
      {},
    );
    expect(only('')).toEqual({});
    expect(only([])).toEqual({});
  });

  it('refuses each control character the rule names, at both ends of its ranges, and lone surrogates', () => {
    for (const character of [
      '\u0000',
      '\u0008',
      '\u000B',
      '\u000C',
      '\u000E',
      '\u001F',
      '\u007F',
      '\uD800',
      '\uDBFF',
      '\uDC00',
      '\uDFFF',
    ]) {
      const code = character.codePointAt(0)!.toString(16);
      expect(only({ note: `a${character}b` }), code).toEqual(fieldsOf('note'));
    }
    // A whole pair is a character; its halves the wrong way round are two lone halves.
    expect(only({ note: '\uD83D\uDE00' })).toEqual({});
    expect(only({ note: '\uDE00\uD83D' })).toEqual(fieldsOf('note'));
  });

  it('names each field by its dotted path, in the order the request gives them', () => {
    const fields = unstorableFields({
      params: { id: 'fine' },
      query: { q: 'a\u0000', page: '2', tag: ['x', 'y\u0000'] },
      body: {
        email: 'x\u0000@example.org',
        contact: { name: 'Sam\u0007', phone: '0770' },
        responses: { quality: [1, 2, 'three\u0000'] },
      },
    });
    expect(Object.keys(fields)).toEqual(['q', 'tag.1', 'email', 'contact.name', 'responses.quality.2']);
    expect(new Set(Object.values(fields))).toEqual(new Set([PLAIN_TEXT_MESSAGE]));
  });

  it(`names a path parameter, a key and a bare string body "${WHOLE_REQUEST_FIELD}", or the object holding the key`, () => {
    expect(unstorableFields({ params: { id: '1\u0000' }, query: {}, body: undefined })).toEqual(
      fieldsOf(WHOLE_REQUEST_FIELD),
    );
    expect(only('\u0000')).toEqual(fieldsOf(WHOLE_REQUEST_FIELD));
    expect(only({ 'bad\u0000key': 'x' })).toEqual(fieldsOf(WHOLE_REQUEST_FIELD));
    expect(only({ contact: { 'na\u0000me': 'x' } })).toEqual(fieldsOf('contact'));
  });

  it('names 20 fields at most, and reads a body nested thousands deep', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, '\u0000']));
    const fields = only(many);
    expect(Object.keys(fields)).toHaveLength(20);
    expect(fields).not.toHaveProperty('f20');
    expect(only(Object.fromEntries(Object.entries(many).slice(0, 20)))).toHaveProperty('f19');

    let deep: unknown = '\u0000';
    for (let i = 0; i < 8_000; i++) deep = [deep];
    expect(Object.keys(only(deep))).toEqual(['0.'.repeat(8_000).slice(0, -1)]);
  });
});

const MEMBER = 'sam@care-audit.example';
const LEAD = 'guarded.lead@example.org';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * What a note, a search, an erasure or an e-mail request could have changed: the requests, the
 * notes, the activity log and which messages exist (not their state: the outbox sends meanwhile).
 */
async function snapshot(db: Database): Promise<unknown> {
  const { rows } = await db.query(
    `SELECT (SELECT json_agg(json_build_array(id, email, note) ORDER BY id) FROM email_requests) AS requests,
            (SELECT json_agg(n ORDER BY id) FROM lead_notes n) AS notes,
            (SELECT json_agg(a ORDER BY id) FROM team_activity a) AS activity,
            (SELECT json_agg(json_build_array(id, kind, recipient) ORDER BY id) FROM outbox_messages) AS messages`,
  );
  return rows[0];
}

describe.each(DATABASE_KINDS)('the plain-text guard on %s', (kind) => {
  let t: TestDatabase;
  let config: Config;
  let cookie: string;
  let lead: string;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    config = testConfig({
      ...apiOnlyEnv(t.dataDir),
      PUBLIC_URL: TEAM_ORIGIN,
      TEAM_EMAILS: MEMBER,
      RATE_LIMIT_PER_CLIENT: '100000',
      RATE_LIMIT_EVENTS_PER_CLIENT: '100000',
      RATE_LIMIT_AUDITS_PER_CLIENT: '100000',
      RATE_LIMIT_REPORTS_PER_CLIENT: '100000',
    });
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  const server = useTestApp(() => ({ config, deps: { db: t.db, onRoute: collect } }));
  beforeEach(async () => {
    await t.reset();
    const { secret } = await createSession(t.db, MEMBER);
    cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
    lead = await storeLead(t.db, { email: LEAD, note: 'A note' });
  });

  it('answers U+0000 in a team note 400 naming "body", and stores nothing', async () => {
    const before = await snapshot(t.db);
    const res = await teamRequest(server.app, 'POST', `/api/team/leads/${lead}/notes`, {
      cookie,
      body: { body: 'Called\u0000 back' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ body: '' }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers a lone surrogate in a team note 400 too, where it used to become U+FFFD', async () => {
    const before = await snapshot(t.db);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/team/leads/${lead}/notes`,
      headers: { origin: TEAM_ORIGIN, cookie, 'content-type': 'application/json' },
      // The escape as JSON carries it: a UTF-8 body cannot hold half a pair.
      payload: '{"body":"half \\ud83d of a pair"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ body: '' }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers U+0000 in the search 400 naming "q", raw or among other parameters', async () => {
    const before = await snapshot(t.db);
    for (const url of ['/api/team/leads?q=%00', '/api/team/leads?page=1&q=guarded%00.lead']) {
      const res = await teamRequest(server.app, 'GET', url, { cookie });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(refused({ q: '' }));
    }
    expect(await snapshot(t.db)).toEqual(before);
    // The same search without it finds the lead: the guard stops only what it must.
    const plain = await teamRequest(server.app, 'GET', '/api/team/leads?q=guarded', { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().leads.map((l: { id: string }) => l.id)).toEqual([lead]);
  });

  it('answers U+0000 in the address to erase 400 naming "email", and erases nothing', async () => {
    const before = await snapshot(t.db);
    const res = await teamRequest(server.app, 'POST', '/api/team/erase', {
      cookie,
      body: { email: `${LEAD}\u0000` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ email: '' }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  it(`answers U+0000 in a path parameter 400 naming "${WHOLE_REQUEST_FIELD}"`, async () => {
    const res = await teamRequest(server.app, 'GET', `/api/team/leads/${lead}%00`, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ [WHOLE_REQUEST_FIELD]: '' }));
  });

  it("answers the visitor's note and contact with the words the browser has for the note", async () => {
    expect(EMAIL_REQUEST_MESSAGES.messageInvalid).toBe(PLAIN_TEXT_MESSAGE);
    const before = await snapshot(t.db);
    const res = await postEmailRequest(
      server.app,
      validBody({ message: 'Call me\u0000', consent: true, contact: { name: 'Sam\u001F' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused({ message: '', 'contact.name': '' }));
    expect(await snapshot(t.db)).toEqual(before);
    // Tabs and line breaks are text a person types: accepted.
    const fine = await postEmailRequest(server.app, validBody({ message: 'Line one\r\n\tLine two' }));
    expect(fine.statusCode).toBe(202);
  });

  it('guards every route of the app: a refused character in the query is 400 naming it', async () => {
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, url } of routes) {
      const path = url.replace(/:[A-Za-z_]+/g, UNKNOWN_ID);
      const res = await server.app.inject({
        method: method as 'GET',
        url: `${path}?x=%01`,
        headers: {
          origin: TEAM_ORIGIN,
          cookie,
          ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }),
        },
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toEqual(refused({ x: '' }));
    }
    // And an address that is no route at all.
    const nowhere = await server.app.inject({ url: '/api/nowhere?x=%01' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toEqual(refused({ x: '' }));
  });

  it('guards every route that takes a body: a refused character in it is 400 naming the field', async () => {
    const posts = routes.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(8);
    for (const { method, url } of posts) {
      const res = await server.app.inject({
        method: 'POST',
        url: url.replace(/:[A-Za-z_]+/g, UNKNOWN_ID),
        headers: { origin: TEAM_ORIGIN, cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ anything: { nested: ['ok', 'not\u007F ok'] } }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json(), url).toEqual(refused({ 'anything.nested.1': '' }));
    }
  });

  it('leaves the team API saying 401 without a session and 403 from another origin first', async () => {
    const signedOut = await teamRequest(server.app, 'GET', '/api/team/leads?q=%00');
    expect(signedOut.statusCode).toBe(401);
    const foreign = await teamRequest(server.app, 'POST', '/api/team/erase', {
      cookie,
      origin: 'https://elsewhere.example',
      body: { email: '\u0000' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
