import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FirstContact, LeadPage, Overview } from '../../shared/team-api';
import type { Config } from '../config';
import { sessionCookieName } from '../team-sign-in/team-auth';
import { createSession } from '../team-sign-in/team-sessions';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const MEMBER = 'sam@care-audit.example';
// Friday 17:00 BST before the clocks go back; its working day ends on Monday at 17:00 GMT.
const FRIDAY_EVENING = new Date('2026-10-23T16:00:00.000Z');
const MONDAY_AFTER = new Date('2026-10-26T17:00:00.000Z');

describe.each(DATABASE_KINDS)('speed to lead through the API, on the app’s clock, on %s', (kind) => {
  let t: TestDatabase;
  let config: Config;
  let cookie: string;
  let clock = FRIDAY_EVENING;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    config = testConfig({
      ...apiOnlyEnv(t.dataDir),
      TEAM_EMAILS: MEMBER,
      RATE_LIMIT_PER_CLIENT: '1000',
      RATE_LIMIT_PER_RECIPIENT: '1',
    });
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({ config, deps: { db: t.db, now: () => clock } }));
  beforeEach(async () => {
    await t.reset();
    clock = FRIDAY_EVENING;
    const { secret } = await createSession(t.db, MEMBER);
    cookie = `${sessionCookieName(config.publicUrl)}=${secret}`;
  });

  const get = (url: string) => teamRequest(server.app, 'GET', url, { cookie });
  const post = (url: string, body?: unknown) => teamRequest(server.app, 'POST', url, { cookie, body });
  const request = async (email: string, consent = true) => {
    const res = await postEmailRequest(server.app, validBody({ email, consent }));
    expect(res.statusCode).toBe(202);
    return res.json<{ id: string }>().id;
  };
  const leadIdOf = async (requestId: string) =>
    (await t.db.query<{ lead_id: string }>('SELECT lead_id FROM email_requests WHERE id = $1', [requestId]))
      .rows[0]!.lead_id;

  it('stamps a request, its consent and its per-recipient window with the app’s clock', async () => {
    const id = await request('manager@example.org');
    const { rows } = await t.db.query<{ created_at: Date; consent_at: Date }>(
      'SELECT created_at, consent_at FROM email_requests WHERE id = $1',
      [id],
    );
    expect(new Date(rows[0]!.created_at)).toEqual(FRIDAY_EVENING);
    expect(new Date(rows[0]!.consent_at)).toEqual(FRIDAY_EVENING);
    // One request a day per recipient here: a minute later by the app's clock is refused…
    clock = new Date(FRIDAY_EVENING.getTime() + 60_000);
    const refused = await postEmailRequest(server.app, validBody({ email: 'manager@example.org' }));
    expect(refused.statusCode).toBe(429);
    // …and a day and a second later taken, though the database's own clock has barely moved.
    clock = new Date(FRIDAY_EVENING.getTime() + 86_401_000);
    expect((await postEmailRequest(server.app, validBody({ email: 'manager@example.org' }))).statusCode).toBe(
      202,
    );
  });

  it('lists a lead as waiting once its working day is over, and filters by it', async () => {
    const lead = await leadIdOf(await request('waiting@example.org'));
    await leadIdOf(await request('results-only@example.org', false));

    clock = MONDAY_AFTER;
    expect((await get('/api/team/leads?waiting=true')).json<LeadPage>().total).toBe(0);
    clock = new Date(MONDAY_AFTER.getTime() + 1);
    const waiting = (await get('/api/team/leads?waiting=true')).json<LeadPage>();
    expect(waiting.leads.map((l) => [l.id, l.waitingSince])).toEqual([[lead, FRIDAY_EVENING.toISOString()]]);
    const all = (await get('/api/team/leads?waiting=false')).json<LeadPage>();
    expect(all.total).toBe(2);
    // Combined with another filter, as every filter is.
    expect((await get('/api/team/leads?waiting=true&status=contacted')).json<LeadPage>().total).toBe(0);
    expect(
      (await get(`/api/team/leads/${lead}`)).json<{ firstContact: FirstContact }>().firstContact,
    ).toMatchObject({
      waiting: true,
      dueBy: MONDAY_AFTER.toISOString(),
    });
  });

  it('refuses a waiting filter that is not true or false, naming it', async () => {
    for (const value of ['yes', '1', '', 'TRUE']) {
      const res = await get(`/api/team/leads?waiting=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error.fields, value).toHaveProperty('waiting');
    }
  });

  it('refuses the waiting list without a session or with an ended one', async () => {
    expect((await teamRequest(server.app, 'GET', '/api/team/leads?waiting=true')).statusCode).toBe(401);
    await t.db.query('DELETE FROM team_sessions');
    expect((await get('/api/team/leads?waiting=true')).statusCode).toBe(401);
  });

  it('records the first contact at the app’s time, keeps it when set back to new, and shows it on the overview', async () => {
    const lead = await leadIdOf(await request('answered@example.org'));
    clock = new Date('2026-10-26T16:30:00.000Z');
    expect((await post(`/api/team/leads/${lead}/status`, { status: 'contacted' })).statusCode).toBe(200);
    clock = new Date('2026-10-27T09:00:00.000Z');
    expect((await post(`/api/team/leads/${lead}/status`, { status: 'new' })).statusCode).toBe(200);

    const { firstContact } = (await get(`/api/team/leads/${lead}`)).json<{ firstContact: FirstContact }>();
    expect(firstContact).toEqual({
      since: FRIDAY_EVENING.toISOString(),
      dueBy: MONDAY_AFTER.toISOString(),
      contactedAt: '2026-10-26T16:30:00.000Z',
      timeToContactMs: 72.5 * 3_600_000,
      withinOneWorkingDay: true,
      waiting: false,
    });
    const overview = (await get('/api/team/overview')).json<Overview>();
    expect(overview.period.last).toBe('2026-10-27');
    expect(overview.speedToLead.waitingNow).toBe(0);
    expect(overview.speedToLead.current).toEqual({
      leads: 1,
      contacted: 1,
      medianMs: 72.5 * 3_600_000,
      settled: 1,
      withinOneWorkingDay: 1,
      waiting: 0,
    });
  });
});
