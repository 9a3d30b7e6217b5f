import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { daysAgo, storeLead } from '../../../test/support/lead-fixtures';
import { COMPLETE_ANSWERS } from '../../../test/support/requests';
import { migrate, readMigrations, readRepeatables } from '../db/migrate';
import { leadCreatedEvent } from '../webhooks/lead-created';
import { CONTENT_V1 } from '../../core/content';
import { findEmailRequest } from './email-requests';
import { leadDetail } from './lead-detail';
import { findLeadGlance } from './lead-glance';
import { addLeadNote, setFollowUpStatus, setLeadOwner } from './lead-follow-up';
import { listLeads } from './lead-list';
import { eraseAddress, purgeExpiredRequests, readLeadRecords, type LeadRecord } from './lead-records';

// Issue 32, decision 0058: requests from one mailbox are one lead, listed once with every result.
const SAM = 'sam@care-audit.example';

describe.each(DATABASE_KINDS)('one person, one lead on %s', (kind) => {
  const t = useTestDatabase(kind);

  async function leadRows() {
    const { rows } = await t.db.query<{ id: string; mailbox: string; follow_up_status: string }>(
      'SELECT id, mailbox, follow_up_status FROM leads ORDER BY mailbox',
    );
    return rows;
  }

  it('lists A@x, a+tag@x and a@X as one lead with three results, keeping its owner and status', async () => {
    const first = await storeLead(t.db, { email: 'Ann@Care.example', createdAt: daysAgo(3) });
    await setFollowUpStatus(t.db, first, 'contacted', SAM);
    await setLeadOwner(t.db, first, SAM, SAM);
    const second = await storeLead(t.db, { email: 'ann+retake@care.example', createdAt: daysAgo(2) });
    const third = await storeLead(t.db, { email: 'ann@CARE.example' });
    await storeLead(t.db, { email: 'someone.else@care.example', createdAt: daysAgo(1) });

    const { leads, total } = await listLeads(t.db, { page: 1 });
    expect(total).toBe(2);
    expect(leads[0]).toMatchObject({
      id: first,
      email: 'ann@CARE.example',
      results: 3,
      followUpStatus: 'contacted',
      owner: SAM,
    });
    expect(leads[0]?.returnedAt).toEqual(leads[0]?.createdAt);
    expect(leads[1]).toMatchObject({ results: 1, returnedAt: null, followUpStatus: 'new' });
    // Found by any address it came with; filtered by the lead's own status.
    expect((await listLeads(t.db, { page: 1, search: 'ann+retake' })).leads.map((l) => l.id)).toEqual([
      first,
    ]);
    expect((await listLeads(t.db, { page: 1, followUpStatus: 'contacted' })).total).toBe(1);

    const detail = await leadDetail(t.db, first);
    expect(detail?.results.map((r) => r.id)).toEqual([first, second, third]);
    expect(detail?.returnedAt).toEqual(detail?.results[2]?.createdAt);
    expect(detail?.createdAt).toEqual(detail?.results[0]?.createdAt);
    expect(detail).toMatchObject({
      id: first,
      email: 'ann@CARE.example',
      followUpStatus: 'contacted',
      owner: SAM,
    });
    expect(detail?.timeline.filter((e) => e.kind === 'returned')).toHaveLength(2);
    // A later result's id is not a lead of its own.
    expect(await leadDetail(t.db, second)).toBeUndefined();
  });

  it('keeps the latest consent: a later "no" deletes the contact details, a later "yes" gives new ones', async () => {
    const id = await storeLead(t.db, {
      email: 'b@care.example',
      consent: true,
      contact: { name: 'Bea Jones', phone: '01632 960001' },
      createdAt: daysAgo(3),
    });
    await storeLead(t.db, { email: 'B@care.example', createdAt: daysAgo(2) });
    let detail = await leadDetail(t.db, id);
    expect(detail).toMatchObject({ consent: null, contact: null });
    // Deleted from every result, not only hidden: the first request keeps its consent wording alone.
    const { rows } = await t.db.query<{ contact_name: string | null; consented: boolean }>(
      'SELECT contact_name, consent_at IS NOT NULL AS consented FROM email_requests ORDER BY created_at',
    );
    expect(rows).toEqual([
      { contact_name: null, consented: true },
      { contact_name: null, consented: false },
    ]);

    await storeLead(t.db, { email: 'b@care.example', consent: true, contact: { name: 'Bea Smith' } });
    detail = await leadDetail(t.db, id);
    expect(detail?.consent).not.toBeNull();
    expect(detail?.contact).toEqual({ name: 'Bea Smith' });
    expect(detail?.timeline.filter((e) => e.kind === 'consent_change').map((e) => e.summary)).toEqual([
      'Withdrew consent to be contacted: the contact details were deleted',
      'Agreed to be contacted',
    ]);
    // The timeline never repeats what was withdrawn.
    expect(JSON.stringify(detail?.timeline)).not.toContain('Bea Jones');
    expect((await listLeads(t.db, { page: 1 })).leads[0]).toMatchObject({ consent: true, name: 'Bea Smith' });
  });

  it('erases the whole lead from one spelling of its mailbox: every result, note and the lead', async () => {
    const id = await storeLead(t.db, { email: 'Cat@care.example', consent: true, contact: { name: 'Cat' } });
    await storeLead(t.db, { email: 'cat+2@care.example' });
    await addLeadNote(t.db, id, 'Called', SAM);
    const other = await storeLead(t.db, { email: 'dog@care.example' });

    const removed = await eraseAddress(t.db, 'CAT@care.example', SAM);
    expect(removed).toMatchObject({ requests: 2, messages: 2 });
    expect(await leadDetail(t.db, id)).toBeUndefined();
    expect((await leadRows()).map((l) => l.id)).toEqual([other]);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_notes');
    expect(rows[0]?.n).toBe(0);
  });

  it('makes one lead of two requests from one person stored at the same moment', async () => {
    const ids = await Promise.all(
      ['eve@care.example', 'EVE+a@care.example', 'eve+b@care.example', 'Eve@Care.Example'].map((email) =>
        storeLead(t.db, { email }),
      ),
    );
    expect(new Set(ids).size).toBe(4);
    const leads = await leadRows();
    expect(leads).toHaveLength(1);
    expect(ids).toContain(leads[0]?.id);
    expect((await leadDetail(t.db, leads[0]?.id ?? ''))?.results).toHaveLength(4);
  });

  it('sends lead.created for the first result and lead.updated, with the same data.id, for a later one', async () => {
    const first = await storeLead(t.db, { email: 'fay@care.example', createdAt: daysAgo(1) });
    const later = await storeLead(t.db, { email: 'Fay@care.example' });
    const events = await Promise.all(
      [first, later].map(async (id) => {
        const request = await findEmailRequest(t.db, id);
        if (!request) throw new Error('stored request not found');
        return leadCreatedEvent(request, CONTENT_V1);
      }),
    );
    expect(events.map((e) => [e.type, e.data.id, e.data.resultId])).toEqual([
      ['lead.created', first, first],
      ['lead.updated', first, later],
    ]);
  });

  it('gives an alert the lead’s id and, for a return, the result before this one', async () => {
    const before = daysAgo(2);
    const first = await storeLead(t.db, { email: 'ida@care.example', createdAt: before });
    const later = await storeLead(t.db, { email: 'IDA+2@care.example' });
    expect(await findLeadGlance(t.db, first)).toMatchObject({ id: first, previous: null });
    const glance = await findLeadGlance(t.db, later);
    expect(glance?.id).toBe(first);
    expect(glance?.previous?.createdAt).toEqual(before);
    expect(glance?.previous?.scores).toEqual(glance?.scores);
  });

  it('keeps one CSV record per result, each naming its lead', async () => {
    const first = await storeLead(t.db, { email: 'gil@care.example', createdAt: daysAgo(1) });
    const later = await storeLead(t.db, { email: 'gil+x@care.example' });
    const records: LeadRecord[] = [];
    await readLeadRecords(t.db, {}, async (batch) => {
      records.push(...batch);
    });
    expect(records.map((r) => [r.id, r.leadId])).toEqual([
      [first, first],
      [later, first],
    ]);
  });

  it('keeps the lead while a result is held, and lets it go with its last one', async () => {
    const first = await storeLead(t.db, { email: 'hal@care.example', createdAt: daysAgo(40) });
    await setFollowUpStatus(t.db, first, 'qualified', SAM);
    const later = await storeLead(t.db, { email: 'hal@care.example', createdAt: daysAgo(10) });
    await purgeExpiredRequests(t.db, 30);
    const detail = await leadDetail(t.db, first);
    expect(detail?.results.map((r) => r.id)).toEqual([later]);
    expect(detail).toMatchObject({ followUpStatus: 'qualified', returnedAt: null });
    await purgeExpiredRequests(t.db, 5);
    expect(await leadRows()).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('migrating stored requests to leads on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('makes one lead per mailbox of existing requests, merging what the team set, and loses none', async () => {
    const all = await readMigrations();
    const before = all.filter((m) => m.version < 20);
    await t.db.runScript('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(t.db, before, []);
    // A copy of a database with duplicates, as the lead desk stored them before this round.
    const insert = async (
      email: string,
      at: string,
      status: string,
      owner: string | null,
      followUp: string | null,
    ) => {
      const { rows } = await t.db.query<{ id: string }>(
        `INSERT INTO email_requests (email, email_normalized, responses, operational_score, compliance_score,
                                     quality_score, training_score, data_score, overall_score, created_at,
                                     follow_up_status, owner_email, follow_up_on)
         VALUES ($1, lower($1), $2::jsonb, 50, 50, 50, 50, 50, 50, $3::timestamptz, $4, $5, $6::date)
         RETURNING id`,
        [email, JSON.stringify(COMPLETE_ANSWERS), at, status, owner, followUp],
      );
      return rows[0]?.id ?? '';
    };
    const a1 = await insert('Ann@care.example', '2026-11-01T09:00:00Z', 'contacted', SAM, '2026-11-05');
    const a2 = await insert('ann+2@care.example', '2026-11-10T09:00:00Z', 'new', null, null);
    const a3 = await insert('ANN@care.example', '2026-11-20T09:00:00Z', 'qualified', null, '2026-12-01');
    const b1 = await insert('bob@care.example', '2026-11-15T09:00:00Z', 'new', null, null);
    await t.db.query("INSERT INTO lead_notes (request_id, author, body) VALUES ($1, $2, 'on the second')", [
      a2,
      SAM,
    ]);
    await t.db.query(
      `INSERT INTO team_activity (actor, action, request_id, lead_label) VALUES ($1, 'status_change', $2, 'a•••@care.example')`,
      [SAM, a3],
    );

    await migrate(t.db, all, await readRepeatables());

    const { rows: leads } = await t.db.query(
      `SELECT id, mailbox, follow_up_status, owner_email, to_char(follow_up_on, 'YYYY-MM-DD') AS follow_up_on
         FROM leads ORDER BY mailbox`,
    );
    expect(leads).toEqual([
      // Named by its first request; the latest status set (qualified), owner set (sam) and day set.
      {
        id: a1,
        mailbox: 'ann@care.example',
        follow_up_status: 'qualified',
        owner_email: SAM,
        follow_up_on: '2026-12-01',
      },
      { id: b1, mailbox: 'bob@care.example', follow_up_status: 'new', owner_email: null, follow_up_on: null },
    ]);
    const { rows: requests } = await t.db.query<{ id: string; lead_id: string }>(
      'SELECT id, lead_id FROM email_requests ORDER BY created_at',
    );
    expect(requests).toEqual([
      { id: a1, lead_id: a1 },
      { id: a2, lead_id: a1 },
      { id: b1, lead_id: b1 },
      { id: a3, lead_id: a1 },
    ]);
    const { rows: notes } = await t.db.query('SELECT lead_id FROM lead_notes');
    expect(notes).toEqual([{ lead_id: a1 }]);
    const { rows: activity } = await t.db.query('SELECT lead_id FROM team_activity');
    expect(activity).toEqual([{ lead_id: a1 }]);
    // And a request stored afterwards joins the migrated lead.
    await t.db.query(
      `INSERT INTO email_requests (email, email_normalized, responses, operational_score, compliance_score,
                                   quality_score, training_score, data_score, overall_score)
       VALUES ('ann+3@care.example', 'ann+3@care.example', '{}'::jsonb, 1, 1, 1, 1, 1, 1)`,
    );
    const { rows: joined } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_requests WHERE lead_id = $1',
      [a1],
    );
    expect(joined[0]?.n).toBe(4);
  });
});
