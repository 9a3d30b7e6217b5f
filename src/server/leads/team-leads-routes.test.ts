import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { exportLeadsCsv } from './lead-export';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import {
  DATABASE_KINDS,
  openTestDatabase,
  rowCounts,
  type TestDatabase,
} from '../../../test/support/databases';
import {
  activityLog,
  messageRow,
  setMessageState,
  storeFailedSignIn,
  storeLead,
  storeManyLeads,
} from '../../../test/support/lead-fixtures';
import { parseCsv } from '../../../test/support/parse-csv';
import { teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'sam@care-audit.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('the team leads API on %s', (kind) => {
  let t: TestDatabase;
  let config: Config;
  let cookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    config = testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: MEMBER });
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({ config, deps: { db: t.db } }));
  beforeEach(async () => {
    await t.reset();
    // After the reset, which empties team_sessions too.
    const { secret } = await createSession(t.db, MEMBER);
    cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
  });

  const get = (url: string) => teamRequest(server.app, 'GET', url, { cookie });
  const post = (url: string, body?: unknown) => teamRequest(server.app, 'POST', url, { cookie, body });

  it('answers every leads route 401 without a session, and 403 for a POST from another origin', async () => {
    const lead = await storeLead(t.db, { email: 'lead@example.org' });
    for (const url of [
      '/api/team/leads',
      `/api/team/leads/${lead}`,
      '/api/team/failed',
      '/api/team/export.csv',
    ]) {
      expect((await teamRequest(server.app, 'GET', url)).statusCode, url).toBe(401);
    }
    const foreign = await teamRequest(server.app, 'POST', `/api/team/leads/${lead}/status`, {
      cookie,
      origin: 'https://evil.example',
      body: { status: 'closed' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await get(`/api/team/leads/${lead}`)).json().followUpStatus).toBe('new');
    expect(await activityLog(t.db)).toEqual([]);
  });

  describe('GET /api/team/leads', () => {
    it('answers a page of 50 with the total, not cached', async () => {
      await storeManyLeads(t.db, 51);
      const res = await get('/api/team/leads');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({ total: 51, page: 1, pageSize: 50 });
      expect(body.leads).toHaveLength(50);
      expect(body.leads[0]).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(/Z$/),
        email: 'lead1@example.org',
        overallScore: 50,
        followUpStatus: 'new',
        delivery: 'pending',
        consent: false,
        hasNote: false,
      });
      const second = (await get('/api/team/leads?page=2')).json();
      expect(second).toMatchObject({ total: 51, page: 2, leads: [{ email: 'lead51@example.org' }] });
      expect((await get('/api/team/leads?page=9')).json()).toMatchObject({ total: 51, page: 9, leads: [] });
    });

    it('searches and filters', async () => {
      const a = await storeLead(t.db, { email: 'Alpha@Care.example', createdAt: new Date('2026-11-01') });
      await storeLead(t.db, { email: 'beta@care.example', createdAt: new Date('2026-11-02') });
      await setMessageState(t.db, a, 'visitor', { status: 'failed', attempts: 8, lastError: '550' });
      expect((await get('/api/team/leads?q=ALPHA')).json()).toMatchObject({ total: 1, leads: [{ id: a }] });
      expect((await get('/api/team/leads?delivery=failed')).json()).toMatchObject({
        total: 1,
        leads: [{ id: a }],
      });
      expect((await get('/api/team/leads?status=closed')).json()).toMatchObject({ total: 0, leads: [] });
      expect((await get('/api/team/leads?q=care&status=new&delivery=pending')).json().total).toBe(1);
    });

    it.each([
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['page=two', 'page'],
      ['page=1000001', 'page'],
      ['status=won', 'status'],
      ['delivery=bounced', 'delivery'],
      ['status=new&status=closed', 'status'],
      [`q=${'x'.repeat(255)}`, 'q'],
      ['sort=oldest', 'sort'],
    ])('answers ?%s with 400 naming the field %s', async (query, field) => {
      const res = await get(`/api/team/leads?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        fields: { [field]: expect.any(String) },
      });
    });
  });

  describe('GET /api/team/leads/:id', () => {
    it('answers the lead with its 25 answers, messages and notes', async () => {
      const id = await storeLead(t.db, { email: 'lead@example.org', team: true, consent: true });
      await post(`/api/team/leads/${id}/notes`, { body: 'First call done' });
      const res = await get(`/api/team/leads/${id}`);
      expect(res.statusCode).toBe(200);
      const lead = res.json();
      expect(Object.keys(lead).sort()).toEqual(
        [
          'answers',
          'consent',
          'createdAt',
          'email',
          'followUpStatus',
          'id',
          'messages',
          'note',
          'notes',
          'overallScore',
          'scores',
        ].sort(),
      );
      expect(lead.answers).toHaveLength(25);
      expect(lead.messages.map((m: { kind: string }) => m.kind).sort()).toEqual(['team', 'visitor']);
      expect(lead.notes).toEqual([
        {
          id: expect.any(String),
          author: MEMBER,
          body: 'First call done',
          createdAt: expect.stringMatching(/Z$/),
        },
      ]);
    });

    it.each([UNKNOWN_ID, 'not-a-uuid', '1', UNKNOWN_ID.toUpperCase().replace('0', 'G')])(
      'answers 404 not_found for %j',
      async (id) => {
        const res = await get(`/api/team/leads/${encodeURIComponent(id)}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      },
    );
  });

  describe('POST /api/team/leads/:id/status and /notes', () => {
    it('sets the status and adds a note as the signed-in member, both recorded', async () => {
      const id = await storeLead(t.db, { email: 'lead@example.org' });
      const status = await post(`/api/team/leads/${id}/status`, { status: 'contacted' });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ followUpStatus: 'contacted' });
      const note = await post(`/api/team/leads/${id}/notes`, { body: `  ${'n'.repeat(2_000)}  ` });
      expect(note.statusCode).toBe(201);
      expect(note.json()).toEqual({
        id: expect.any(String),
        author: MEMBER,
        body: 'n'.repeat(2_000),
        createdAt: expect.stringMatching(/Z$/),
      });
      expect(await activityLog(t.db)).toEqual([
        { actor: MEMBER, action: 'status_change', subject: id, detail: 'new → contacted' },
        { actor: MEMBER, action: 'note_added', subject: id, detail: null },
      ]);
    });

    it.each([
      [{ status: 'won' }, 'status'],
      [{}, 'status'],
      [{ status: 'closed', extra: 1 }, 'extra'],
      [{ status: ['closed'] }, 'status'],
    ])('refuses status %j with 400, changing nothing', async (body, field) => {
      const id = await storeLead(t.db, { email: 'lead@example.org' });
      const res = await post(`/api/team/leads/${id}/status`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        fields: { [field]: expect.any(String) },
      });
      expect((await get(`/api/team/leads/${id}`)).json().followUpStatus).toBe('new');
      expect(await activityLog(t.db)).toEqual([]);
    });

    it.each([
      [{ body: 'n'.repeat(2_001) }, 'A note can be at most 2,000 characters (this one has 2,001).'],
      [{ body: ' \n ' }, 'Write a note first.'],
      [{ body: 42 }, undefined],
      [{}, undefined],
    ])('refuses note %#, storing nothing', async (body, message) => {
      const id = await storeLead(t.db, { email: 'lead@example.org' });
      const res = await post(`/api/team/leads/${id}/notes`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        fields: { body: message ?? expect.any(String) },
      });
      expect((await get(`/api/team/leads/${id}`)).json().notes).toEqual([]);
      expect(await activityLog(t.db)).toEqual([]);
    });

    it('answers 404 for an unknown lead or a non-id, and 400 before 404 for a bad body', async () => {
      for (const id of [UNKNOWN_ID, 'nope']) {
        expect((await post(`/api/team/leads/${id}/status`, { status: 'closed' })).statusCode).toBe(404);
        expect((await post(`/api/team/leads/${id}/notes`, { body: 'hello' })).statusCode).toBe(404);
      }
      expect((await post(`/api/team/leads/${UNKNOWN_ID}/status`, { status: 'won' })).statusCode).toBe(400);
      expect(await activityLog(t.db)).toEqual([]);
    });
  });

  describe('POST /api/team/messages/:id/retry and GET /api/team/failed', () => {
    it('lists failed messages of every kind, retries one (recorded), and explains what it cannot retry', async () => {
      const id = await storeLead(t.db, { email: 'lead@example.org', team: true });
      const failed = await setMessageState(t.db, id, 'team', {
        status: 'failed',
        attempts: 8,
        lastError: '550',
      });
      const sent = await setMessageState(t.db, id, 'visitor', {
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      });
      const signIn = await storeFailedSignIn(t.db, MEMBER);

      const list = (await get('/api/team/failed')).json();
      expect(list.messages.map((m: { id: string; kind: string }) => [m.id, m.kind])).toEqual([
        [failed, 'team'],
        [signIn, 'sign_in'],
      ]);
      expect(list.messages[1]).toMatchObject({
        requestId: null,
        recipient: MEMBER,
        lastError: 'Error: 550 no mailbox',
      });

      const retried = await post(`/api/team/messages/${failed}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ status: 'queued' });
      // Queued with a fresh set of attempts, and the outbox woken: it may already be on its first.
      expect((await messageRow(t.db, failed))?.attempts).toBeLessThanOrEqual(1);

      const again = await post(`/api/team/messages/${sent}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('not_failed');
      const link = await post(`/api/team/messages/${signIn}/retry`);
      expect(link.statusCode).toBe(409);
      expect(link.json().error).toMatchObject({
        code: 'not_retryable',
        message: expect.stringContaining('sign-in'),
      });
      for (const unknown of [UNKNOWN_ID, 'x']) {
        expect((await post(`/api/team/messages/${unknown}/retry`)).statusCode).toBe(404);
      }
      expect(await activityLog(t.db)).toEqual([
        { actor: MEMBER, action: 'retry', subject: failed, detail: 'team message' },
      ]);
    });
  });

  describe('POST /api/team/erase', () => {
    it('erases every request of the address and says how many, recorded with a masked address', async () => {
      await storeLead(t.db, { email: 'Jo.Bloggs@Example.org', team: true });
      await storeLead(t.db, { email: 'kept@example.org' });
      const res = await post('/api/team/erase', { email: ' jo.bloggs@EXAMPLE.org ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ requests: 1, messages: 2, messagesBeingSent: 0 });
      expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 1 });
      expect(await activityLog(t.db)).toEqual([
        { actor: MEMBER, action: 'erase', subject: 'j•••@example.org', detail: '1 request and 2 messages' },
      ]);
    });

    it.each([
      [{ email: 'not an address' }],
      [{ email: '' }],
      [{}],
      [{ email: `${'a'.repeat(250)}@x.example` }],
    ])('refuses %j with 400 and erases nothing', async (body) => {
      await storeLead(t.db, { email: 'kept@example.org' });
      const res = await post('/api/team/erase', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        fields: { email: expect.any(String) },
      });
      expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 1 });
      expect(await activityLog(t.db)).toEqual([]);
    });
  });

  describe('GET /api/team/export.csv', () => {
    /** What the CLI's export writes for the same data (through the same function). */
    async function cliCsv(since?: Date): Promise<string> {
      let text = '';
      await exportLeadsCsv(t.db, { since, actor: 'command line (test)' }, async (chunk) => {
        text += chunk;
      });
      return text;
    }

    it('downloads the CLI’s exact CSV as a dated attachment, in more than one batch, recorded', async () => {
      await storeManyLeads(t.db, 1_203, new Date('2026-11-20T12:00:00Z'));
      await storeLead(t.db, {
        email: 'Care.Manager@Example.COM',
        note: '=HYPERLINK("http://evil.example","x"), "quoted"\r\nline two',
        team: true,
        consent: true,
        createdAt: new Date('2026-11-21T08:00:00Z'),
      });
      const res = await get('/api/team/export.csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="care-audit-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      expect(res.body).toBe(await cliCsv());
      expect(parseCsv(res.body)).toHaveLength(1 + 1_204);
      expect((await activityLog(t.db))[0]).toEqual({
        actor: MEMBER,
        action: 'export',
        subject: null,
        detail: '1204 leads',
      });
    });

    it('with since, only leads of that day on; the header alone when there are none', async () => {
      await storeLead(t.db, { email: 'before@example.org', createdAt: new Date('2026-10-31T23:59:59.999Z') });
      await storeLead(t.db, { email: 'on@example.org', createdAt: new Date('2026-11-01T00:00:00Z') });
      const res = await get('/api/team/export.csv?since=2026-11-01');
      expect(res.body).toBe(await cliCsv(new Date('2026-11-01T00:00:00Z')));
      expect(parseCsv(res.body).map((row) => row[2])).toEqual(['email', 'on@example.org']);
      const none = await get('/api/team/export.csv?since=2027-01-01');
      expect(parseCsv(none.body)).toHaveLength(1);
      expect((await activityLog(t.db)).map((e) => e.detail)).toContain('1 lead since 2026-11-01');
    });

    it.each(['2026-02-30', '2026-1-5', 'yesterday', ''])(
      'refuses since=%j with 400, recording nothing',
      async (since) => {
        const res = await get(`/api/team/export.csv?since=${since}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toHaveProperty('since');
        expect(await activityLog(t.db)).toEqual([]);
      },
    );
  });
});
