import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import { STORABLE_DATE_MESSAGE } from '../../shared/storable-dates';
import type { Config } from '../config';
import { exportLeadsCsv } from './lead-export';
import { setFollowUpDay, setLeadOwner } from './lead-follow-up';
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
const ALEX = 'alex@care-audit.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('the team leads API on %s', (kind) => {
  let t: TestDatabase;
  let config: Config;
  let cookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    config = testConfig({ ...apiOnlyEnv(t.dataDir), TEAM_EMAILS: `${MEMBER}, Alex@Care-Audit.example` });
  });
  afterAll(async () => {
    await t?.destroy();
  });
  // The tests read the messages a lead's request stored ("queued", the CSV's delivery columns): the
  // outbox sending them meanwhile would change them under the test. The messages' own states are
  // set by hand where a test needs one.
  const server = useTestApp(() => ({ config, deps: { db: t.db, runOutbox: false } }));
  beforeEach(async () => {
    await t.reset();
    // After the reset, which empties team_sessions too.
    const { secret } = await createSession(t.db, MEMBER);
    cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
  });

  const get = (url: string) => teamRequest(server.app, 'GET', url, { cookie });
  const post = (url: string, body?: unknown) => teamRequest(server.app, 'POST', url, { cookie, body });

  /** The log's entries with the lead each names (its link and masked address). */
  async function leadActivity() {
    const { rows } = await t.db.query<{
      action: string;
      lead_id: string | null;
      lead_label: string | null;
      detail: string | null;
    }>('SELECT action, lead_id, lead_label, detail FROM team_activity ORDER BY id');
    return rows;
  }

  it('answers every leads route 401 without a session, and 403 for a POST from another origin', async () => {
    const lead = await storeLead(t.db, { email: 'lead@example.org' });
    for (const url of [
      '/api/team/leads',
      '/api/team/leads?due=true&owner=mine',
      '/api/team/leads/sources',
      '/api/team/members',
      `/api/team/leads/${lead}`,
      '/api/team/failed',
      '/api/team/export.csv',
    ]) {
      const res = await teamRequest(server.app, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code, url).toBe('unauthorized');
    }
    expect((await teamRequest(server.app, 'HEAD', '/api/team/export.csv')).statusCode).toBe(401);
    const changes: [string, unknown][] = [
      [`/api/team/leads/${lead}/status`, { status: 'closed' }],
      [`/api/team/leads/${lead}/owner`, { owner: MEMBER }],
      [`/api/team/leads/${lead}/follow-up`, { followUpOn: '2026-12-01' }],
      [`/api/team/leads/${lead}/notes`, { body: 'hello' }],
    ];
    for (const [url, body] of changes) {
      // Same origin, no session.
      expect((await teamRequest(server.app, 'POST', url, { body })).statusCode, url).toBe(401);
      // A session, from another origin, or with none.
      for (const origin of ['https://evil.example', null]) {
        const foreign = await teamRequest(server.app, 'POST', url, { cookie, origin, body });
        expect(foreign.statusCode, `${url} from ${origin}`).toBe(403);
        expect(foreign.json().error.code).toBe('forbidden_origin');
      }
    }
    expect((await get(`/api/team/leads/${lead}`)).json()).toMatchObject({
      followUpStatus: 'new',
      owner: null,
      followUpOn: null,
      notes: [],
    });
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
        results: 1,
        returnedAt: null,
        email: 'lead1@example.org',
        name: null,
        organisation: null,
        overallScore: 50,
        followUpStatus: 'new',
        delivery: 'pending',
        consent: false,
        hasNote: false,
        serviceType: null,
        size: null,
        source: 'direct',
        owner: null,
        followUpOn: null,
        waitingSince: null,
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

    it('gives the contact, profile, source, owner and follow-up day, and filters by each', async () => {
      const a = await storeLead(t.db, {
        email: 'a@care.example',
        consent: true,
        contact: { name: 'Ann Smith', organisation: 'Sunrise Care' },
        profile: { serviceType: 'nursing', size: '25_99' },
        source: { utmSource: 'newsletter' },
        createdAt: new Date('2026-11-01'),
      });
      const b = await storeLead(t.db, {
        email: 'b@care.example',
        profile: { serviceType: 'home_care', size: '25_99' },
        source: { referrerHost: 'www.google.com' },
        createdAt: new Date('2026-11-02'),
      });
      const c = await storeLead(t.db, { email: 'c@care.example', createdAt: new Date('2026-11-03') });
      await setLeadOwner(t.db, a, MEMBER, MEMBER);
      await setLeadOwner(t.db, b, ALEX, MEMBER);
      await setFollowUpDay(t.db, a, '2020-01-01', MEMBER);
      await setFollowUpDay(t.db, c, '2999-01-01', MEMBER);

      const ids = async (query: string) => {
        const res = await get(`/api/team/leads?${query}`);
        expect(res.statusCode, query).toBe(200);
        const body = res.json() as { total: number; leads: { id: string }[] };
        expect(body.total, query).toBe(body.leads.length);
        return body.leads.map((lead) => lead.id);
      };
      expect((await get('/api/team/leads')).json().leads[2]).toMatchObject({
        id: a,
        name: 'Ann Smith',
        organisation: 'Sunrise Care',
        serviceType: 'nursing',
        size: '25_99',
        source: 'newsletter',
        owner: MEMBER,
        followUpOn: '2020-01-01',
      });
      expect(await ids('serviceType=nursing')).toEqual([a]);
      expect(await ids('size=25_99')).toEqual([b, a]);
      expect(await ids('source=www.google.com')).toEqual([b]);
      expect(await ids('source=direct')).toEqual([c]);
      expect(await ids(`source=${'x'.repeat(253)}`)).toEqual([]);
      // "mine" is the signed-in member's.
      expect(await ids('owner=mine')).toEqual([a]);
      expect(await ids('owner=unassigned')).toEqual([c]);
      expect(await ids('due=true')).toEqual([a]);
      expect(await ids('due=false')).toEqual([c, b, a]);
      expect(await ids('owner=mine&due=true&serviceType=nursing&size=25_99&source=newsletter&q=A@')).toEqual([
        a,
      ]);
      expect(await ids('owner=mine&due=true&source=direct')).toEqual([]);

      expect((await get('/api/team/leads/sources')).json()).toEqual({
        sources: [
          { name: 'direct', count: 1 },
          { name: 'newsletter', count: 1 },
          { name: 'www.google.com', count: 1 },
        ],
      });
    });

    describe('due: today or earlier, today in the UK', () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      /**
       * Moves the clock the route reads to `moment` (PGlite, in this process, reads it too; the
       * PostgreSQL server keeps its own), with a session started then, so it is fresh on both.
       */
      async function at(moment: string): Promise<void> {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date(moment));
        const { secret } = await createSession(t.db, MEMBER);
        cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
      }

      async function leadDueOn(day: string): Promise<string> {
        const id = await storeLead(t.db, { email: `due-${day}@example.org` });
        await setFollowUpDay(t.db, id, day, MEMBER);
        return id;
      }

      const dueIds = async () => {
        const res = await get('/api/team/leads?due=true');
        expect(res.statusCode).toBe(200);
        return (res.json().leads as { id: string }[]).map((l) => l.id).sort();
      };

      it('at 23:30 UTC in summer, the next UTC day is already due (it is 00:30 in the UK)', async () => {
        const today = await leadDueOn('2026-07-14');
        const tomorrow = await leadDueOn('2026-07-15');
        const later = await leadDueOn('2026-07-16');
        await at('2026-07-14T22:59:59.999Z');
        expect(await dueIds()).toEqual([today]);
        await at('2026-07-14T23:30:00.000Z');
        expect(await dueIds()).toEqual([today, tomorrow].sort());
        await at('2026-07-15T23:00:00.000Z');
        expect(await dueIds()).toEqual([today, tomorrow, later].sort());
      });

      it('in winter, 23:30 UTC is still the same day in the UK; midnight UTC is the next', async () => {
        const id = await leadDueOn('2026-12-15');
        await at('2026-12-14T23:30:00.000Z');
        expect(await dueIds()).toEqual([]);
        await at('2026-12-15T00:00:00.000Z');
        expect(await dueIds()).toEqual([id]);
      });
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
      ['q=jo%00e', 'q'],
      ['q=%1B%5B31m', 'q'],
      ['q=%7F', 'q'],
      ['sort=oldest', 'sort'],
      ['serviceType=spa', 'serviceType'],
      ['serviceType=', 'serviceType'],
      ['size=huge', 'size'],
      ['source=', 'source'],
      [`source=${'x'.repeat(254)}`, 'source'],
      ['source=news%00letter', 'source'],
      ['source=a&source=b', 'source'],
      ['owner=theirs', 'owner'],
      ['owner=', 'owner'],
      ['due=yes', 'due'],
      ['due=1', 'due'],
      ['due=true&due=true', 'due'],
    ])('answers ?%s with 400 naming the field %s', async (query, field) => {
      const res = await get(`/api/team/leads?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        fields: { [field]: expect.any(String) },
      });
    });

    it('names the plain-text rule for U+0000, a tab, a line break or a lone surrogate in the search and the source', async () => {
      const characters = ['%00', '%0D', '%0A', '%09', '%ED%A0%80', '%ED%B0%80', '%FF'];
      for (const [query, field] of characters.flatMap((c) => [
        [`q=a${c}b`, 'q'],
        [`source=a${c}b`, 'source'],
      ])) {
        expect((await get(`/api/team/leads?${query}`)).json().error.fields, query).toEqual({
          [field!]: PLAIN_TEXT_MESSAGE,
        });
      }
    });
  });

  describe('GET /api/team/leads/sources and /api/team/members', () => {
    it('gives no sources before the first lead', async () => {
      expect((await get('/api/team/leads/sources')).json()).toEqual({ sources: [] });
    });

    it('gives every member of TEAM_EMAILS (normalised) and who is asking', async () => {
      const res = await get('/api/team/members');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ members: [MEMBER, ALEX], me: MEMBER });
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
          'actionPlan',
          'answers',
          'consent',
          'contact',
          'createdAt',
          'email',
          'firstContact',
          'followUpOn',
          'followUpStatus',
          'id',
          'messages',
          'note',
          'notes',
          'overallScore',
          'results',
          'returnedAt',
          'owner',
          'profile',
          'scores',
          'source',
          'teamAudits',
          'timeline',
        ].sort(),
      );
      expect(lead).toMatchObject({ contact: null, profile: {}, source: {}, owner: null, followUpOn: null });
      expect(lead.actionPlan).toEqual({ planned: 0, inProgress: 0, done: 0 });
      expect(lead.teamAudits).toEqual([]);
      // Made just now with consent: not contacted, within its working day.
      expect(lead.firstContact).toMatchObject({ contactedAt: null, waiting: false });
      expect(lead.timeline).toEqual([
        {
          at: lead.createdAt,
          kind: 'request',
          actor: null,
          summary: 'Asked for the results by e-mail, and agreed to be contacted',
        },
        { at: lead.createdAt, kind: 'delivery', actor: null, summary: 'E-mail to the visitor queued' },
        {
          at: lead.createdAt,
          kind: 'delivery',
          actor: null,
          summary: 'E-mail to the team (LEADS_TO) queued',
        },
        { at: lead.notes[0].createdAt, kind: 'note', actor: MEMBER, summary: 'Note: “First call done”' },
      ]);
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
        { actor: MEMBER, action: 'status_change', subject: null, detail: 'new → contacted' },
        { actor: MEMBER, action: 'note_added', subject: null, detail: null },
      ]);
      // GET /api/team/activity names the lead by its masked address, with a link while it is held.
      const activity = (await get('/api/team/activity')).json();
      expect(
        activity.entries.map((e: { action: string; lead: unknown; subject: unknown }) => [
          e.action,
          e.lead,
          e.subject,
        ]),
      ).toEqual([
        ['note_added', { id, label: 'l•••@example.org' }, null],
        ['status_change', { id, label: 'l•••@example.org' }, null],
      ]);
      await post('/api/team/erase', { email: 'lead@example.org' });
      const after = (await get('/api/team/activity')).json();
      expect(after.entries.map((e: { lead: unknown; subject: unknown }) => [e.lead, e.subject])).toEqual([
        [null, 'l•••@example.org'],
        [{ id: null, label: 'l•••@example.org' }, null],
        [{ id: null, label: 'l•••@example.org' }, null],
      ]);
      expect(JSON.stringify(after)).not.toContain(id);
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

    it.each([
      ['U+0000', 'Called\u0000 back'],
      ['a bell', 'Called\u0007 back'],
      ['a lone surrogate', 'Called \ud83d back'],
    ])(
      'refuses a note with %s, naming the body and the plain-text rule, storing nothing',
      async (_what, body) => {
        const id = await storeLead(t.db, { email: 'lead@example.org' });
        const res = await post(`/api/team/leads/${id}/notes`, { body });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'invalid_request',
          fields: { body: PLAIN_TEXT_MESSAGE },
        });
        expect((await get(`/api/team/leads/${id}`)).json().notes).toEqual([]);
        expect(await activityLog(t.db)).toEqual([]);
      },
    );

    it('answers 404 for an unknown lead or a non-id, and 400 before 404 for a bad body', async () => {
      for (const id of [UNKNOWN_ID, 'nope']) {
        expect((await post(`/api/team/leads/${id}/status`, { status: 'closed' })).statusCode).toBe(404);
        expect((await post(`/api/team/leads/${id}/notes`, { body: 'hello' })).statusCode).toBe(404);
      }
      expect((await post(`/api/team/leads/${UNKNOWN_ID}/status`, { status: 'won' })).statusCode).toBe(400);
      expect(await activityLog(t.db)).toEqual([]);
    });
  });

  describe('POST /api/team/leads/:id/owner', () => {
    it('sets a member as owner (any case, stored normalised), another, then nobody; each change recorded', async () => {
      const id = await storeLead(t.db, { email: 'Lead@Example.org' });
      const set = await post(`/api/team/leads/${id}/owner`, { owner: '  SAM@Care-Audit.example ' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ owner: MEMBER });
      expect((await post(`/api/team/leads/${id}/owner`, { owner: ALEX })).json()).toEqual({ owner: ALEX });
      // The same owner again: nothing changes, nothing is recorded.
      expect(
        (await post(`/api/team/leads/${id}/owner`, { owner: 'alex@care-audit.example' })).json(),
      ).toEqual({
        owner: ALEX,
      });
      expect((await post(`/api/team/leads/${id}/owner`, { owner: null })).json()).toEqual({ owner: null });
      expect((await get(`/api/team/leads/${id}`)).json().owner).toBeNull();
      // Named by its mailbox, masked: the lead's own name, whichever spelling each result came with.
      const named = { action: 'owner_change', lead_id: id, lead_label: 'l•••@example.org' };
      expect(await leadActivity()).toEqual([
        { ...named, detail: `nobody → ${MEMBER}` },
        { ...named, detail: `${MEMBER} → ${ALEX}` },
        { ...named, detail: `${ALEX} → nobody` },
      ]);
      expect((await activityLog(t.db)).map((e) => e.actor)).toEqual([MEMBER, MEMBER, MEMBER]);
      const timeline = (await get(`/api/team/leads/${id}`)).json().timeline as {
        kind: string;
        summary: string;
      }[];
      expect(timeline.filter((e) => e.kind === 'owner_change').map((e) => e.summary)).toEqual([
        `Owner changed: nobody → ${MEMBER}`,
        `Owner changed: ${MEMBER} → ${ALEX}`,
        `Owner changed: ${ALEX} → nobody`,
      ]);
    });

    it.each([
      [{ owner: 'someone@else.example' }, 'owner'],
      [{ owner: 'sam@care-audit.example.evil' }, 'owner'],
      [{ owner: '' }, 'owner'],
      [{ owner: 42 }, 'owner'],
      [{ owner: [MEMBER] }, 'owner'],
      [{}, 'owner'],
      [{ owner: MEMBER, extra: true }, 'extra'],
    ])('refuses %j with 400 naming %s, changing nothing', async (body, field) => {
      const id = await storeLead(t.db, { email: 'lead@example.org' });
      const res = await post(`/api/team/leads/${id}/owner`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        fields: { [field]: expect.any(String) },
      });
      expect((await get(`/api/team/leads/${id}`)).json().owner).toBeNull();
      expect(await activityLog(t.db)).toEqual([]);
    });

    it('answers 404 for an unknown, malformed or erased lead', async () => {
      const id = await storeLead(t.db, { email: 'lead@example.org' });
      await post('/api/team/erase', { email: 'lead@example.org' });
      for (const lead of [UNKNOWN_ID, 'nope', id]) {
        const res = await post(`/api/team/leads/${lead}/owner`, { owner: MEMBER });
        expect(res.statusCode, lead).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
      expect((await activityLog(t.db)).map((e) => e.action)).toEqual(['erase']);
    });
  });

  describe('POST /api/team/leads/:id/follow-up', () => {
    it('sets a day, a past one (then the lead is due), clears it; each change recorded', async () => {
      const id = await storeLead(t.db, { email: 'lead@example.org' });
      const set = await post(`/api/team/leads/${id}/follow-up`, { followUpOn: '2999-12-31' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ followUpOn: '2999-12-31' });
      expect((await get('/api/team/leads?due=true')).json().total).toBe(0);
      expect((await post(`/api/team/leads/${id}/follow-up`, { followUpOn: '2020-02-29' })).json()).toEqual({
        followUpOn: '2020-02-29',
      });
      expect((await get('/api/team/leads?due=true')).json()).toMatchObject({ total: 1, leads: [{ id }] });
      // The same day again records nothing.
      await post(`/api/team/leads/${id}/follow-up`, { followUpOn: '2020-02-29' });
      expect((await post(`/api/team/leads/${id}/follow-up`, { followUpOn: null })).json()).toEqual({
        followUpOn: null,
      });
      expect((await get(`/api/team/leads/${id}`)).json().followUpOn).toBeNull();
      const named = { action: 'follow_up_date', lead_id: id, lead_label: 'l•••@example.org' };
      expect(await leadActivity()).toEqual([
        { ...named, detail: '2999-12-31' },
        { ...named, detail: '2020-02-29' },
        { ...named, detail: 'cleared' },
      ]);
      const timeline = (await get(`/api/team/leads/${id}`)).json().timeline as {
        kind: string;
        summary: string;
      }[];
      expect(timeline.filter((e) => e.kind === 'follow_up_date').map((e) => e.summary)).toEqual([
        'Follow-up date set to 31 December 2999',
        'Follow-up date set to 29 February 2020',
        'Follow-up date cleared',
      ]);
    });

    it.each([
      [{ followUpOn: '2026-02-29' }, 'followUpOn'],
      [{ followUpOn: '2026-11-31' }, 'followUpOn'],
      [{ followUpOn: '2026-1-5' }, 'followUpOn'],
      [{ followUpOn: '2026-12-01T00:00:00Z' }, 'followUpOn'],
      [{ followUpOn: '0000-01-01' }, 'followUpOn'],
      [{ followUpOn: '' }, 'followUpOn'],
      [{ followUpOn: 20261201 }, 'followUpOn'],
      [{}, 'followUpOn'],
      [{ followUpOn: null, owner: null }, 'owner'],
    ])('refuses %j with 400 naming %s, changing nothing', async (body, field) => {
      const id = await storeLead(t.db, { email: 'lead@example.org' });
      const res = await post(`/api/team/leads/${id}/follow-up`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_request',
        fields: { [field]: expect.any(String) },
      });
      expect((await get(`/api/team/leads/${id}`)).json().followUpOn).toBeNull();
      expect(await activityLog(t.db)).toEqual([]);
    });

    // Every date the API takes is held to 2000-01-01..9999-12-31 (decision 0081).
    it.each(['1999-12-31', '0100-01-01'])(
      'refuses followUpOn %s, outside the range of dates',
      async (day) => {
        const id = await storeLead(t.db, { email: 'lead@example.org' });
        const res = await post(`/api/team/leads/${id}/follow-up`, { followUpOn: day });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ followUpOn: STORABLE_DATE_MESSAGE });
        expect((await get(`/api/team/leads/${id}`)).json().followUpOn).toBeNull();
      },
    );

    it.each(['2000-01-01', '9999-12-31'])(
      'takes followUpOn %s, the range’s first and last day',
      async (day) => {
        const id = await storeLead(t.db, { email: 'lead@example.org' });
        expect((await post(`/api/team/leads/${id}/follow-up`, { followUpOn: day })).json()).toEqual({
          followUpOn: day,
        });
        expect((await get(`/api/team/leads/${id}`)).json().followUpOn).toBe(day);
      },
    );

    it('answers 404 for an unknown or malformed lead, 400 before 404 for a bad body', async () => {
      for (const lead of [UNKNOWN_ID, 'nope']) {
        expect(
          (await post(`/api/team/leads/${lead}/follow-up`, { followUpOn: '2026-12-01' })).statusCode,
        ).toBe(404);
      }
      expect((await post(`/api/team/leads/${UNKNOWN_ID}/follow-up`, { followUpOn: 'soon' })).statusCode).toBe(
        400,
      );
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
      // Queued with a fresh set of attempts.
      expect((await messageRow(t.db, failed))?.attempts).toBe(0);

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
      // The log names the message's lead, and shows no id.
      const [entry] = (await get('/api/team/activity')).json().entries;
      expect(entry).toMatchObject({
        action: 'retry',
        lead: { id, label: 'l•••@example.org' },
        subject: null,
      });
    });
  });

  describe('POST /api/team/erase', () => {
    it('erases every request of the address and says how many, recorded with a masked address', async () => {
      await storeLead(t.db, { email: 'Jo.Bloggs@Example.org', team: true });
      await storeLead(t.db, { email: 'kept@example.org' });
      const res = await post('/api/team/erase', { email: ' jo.bloggs@EXAMPLE.org ' });
      expect(res.statusCode).toBe(200);
      // No outbox runs here, so none of the two was being sent.
      const removed = res.json();
      expect(removed).toMatchObject({ requests: 1, messages: 2, messagesBeingSent: 0 });
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
      [{ email: 'kept\u0000@example.org' }],
      [{ email: 'kept@example.org\u0000' }],
      [{ email: 'kept@example\u0007.org' }],
      [{ email: 'kept\ud800@example.org' }],
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
      expect(parseCsv(res.body).map((row) => row[3])).toEqual(['Email', 'on@example.org']);
      const none = await get('/api/team/export.csv?since=2027-01-01');
      expect(parseCsv(none.body)).toHaveLength(1);
      expect((await activityLog(t.db)).map((e) => e.detail)).toContain('1 lead since 2026-11-01');
    });

    it('answers HEAD with the download’s headers and no body, reading nothing and recording no export', async () => {
      await storeLead(t.db, { email: 'lead@example.org' });
      const head = await teamRequest(server.app, 'HEAD', '/api/team/export.csv', { cookie });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(head.headers['content-disposition']).toMatch(
        /^attachment; filename="care-audit-leads-\d{4}-\d\d-\d\d\.csv"$/,
      );
      expect(head.headers['cache-control']).toBe('no-store');
      expect(head.body).toBe('');
      expect(await activityLog(t.db)).toEqual([]);
      // A bad day is as bad in a HEAD.
      expect(
        (await teamRequest(server.app, 'HEAD', '/api/team/export.csv?since=never', { cookie })).statusCode,
      ).toBe(400);
      // The GET that follows is the export, recorded once.
      expect((await get('/api/team/export.csv')).statusCode).toBe(200);
      expect((await activityLog(t.db)).map((e) => [e.action, e.detail])).toEqual([['export', '1 lead']]);
    });

    it.each(['1999-12-31', '0100-01-01'])('refuses since=%s, outside the range of dates', async (since) => {
      const res = await get(`/api/team/export.csv?since=${since}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ since: STORABLE_DATE_MESSAGE });
      expect(await activityLog(t.db)).toEqual([]);
    });

    it.each(['2000-01-01', '9999-12-31'])(
      'exports since=%s, the range’s first and last day',
      async (since) => {
        await storeLead(t.db, { email: 'lead@example.org' });
        const res = await get(`/api/team/export.csv?since=${since}`);
        expect(res.statusCode, res.body).toBe(200);
      },
    );

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
