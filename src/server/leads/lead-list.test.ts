import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import {
  addWebhookMessage,
  setMessageState,
  storeLead,
  storeManyLeads,
} from '../../../test/support/lead-fixtures';
import { EXPECTED_SCORES } from '../../../test/support/requests';
import { addLeadNote, setFollowUpStatus } from './lead-follow-up';
import { listLeads } from './lead-list';

const MEMBER = 'sam@care-audit.example';
const NEWEST = new Date('2026-11-20T12:00:00.000Z');

describe.each(DATABASE_KINDS)('listLeads on %s', (kind) => {
  const t = useTestDatabase(kind);

  const emails = async (query: Parameters<typeof listLeads>[1]) =>
    (await listLeads(t.db, query)).leads.map((lead) => lead.email);

  describe('pages of 50, newest first', () => {
    it('gives an empty first page and a total of 0 when there are no leads', async () => {
      expect(await listLeads(t.db, { page: 1 })).toEqual({ leads: [], total: 0 });
      expect(await listLeads(t.db, { page: 2 })).toEqual({ leads: [], total: 0 });
    });

    it('fits exactly 50 on one page, and the second is empty', async () => {
      await storeManyLeads(t.db, 50, NEWEST);
      const first = await listLeads(t.db, { page: 1 });
      expect(first.total).toBe(50);
      expect(first.leads).toHaveLength(50);
      expect(first.leads[0]?.email).toBe('lead1@example.org');
      expect(first.leads[49]?.email).toBe('lead50@example.org');
      expect(await listLeads(t.db, { page: 2 })).toEqual({ leads: [], total: 50 });
    });

    it('puts the 51st on a second page of one, and a page past the end is empty with the total', async () => {
      await storeManyLeads(t.db, 51, NEWEST);
      expect((await listLeads(t.db, { page: 1 })).leads).toHaveLength(50);
      expect(await emails({ page: 2 })).toEqual(['lead51@example.org']);
      expect(await listLeads(t.db, { page: 3 })).toEqual({ leads: [], total: 51 });
      expect(await listLeads(t.db, { page: 1_000_000 })).toEqual({ leads: [], total: 51 });
    });

    it('orders leads made in the same instant by id, so no lead shows on two pages', async () => {
      await storeManyLeads(t.db, 60, NEWEST);
      await t.db.query('UPDATE email_requests SET created_at = $1', [NEWEST]);
      const ids = [
        ...(await listLeads(t.db, { page: 1 })).leads,
        ...(await listLeads(t.db, { page: 2 })).leads,
      ].map((lead) => lead.id);
      expect(new Set(ids).size).toBe(60);
      expect(ids).toEqual([...ids].sort().reverse());
    });

    it('refuses a page that is not a whole number of at least 1', async () => {
      for (const page of [0, -1, 1.5, Number.NaN]) {
        await expect(listLeads(t.db, { page })).rejects.toThrow(RangeError);
      }
    });
  });

  it('gives each lead as the list shows it', async () => {
    const id = await storeLead(t.db, {
      email: 'Care.Manager@Example.COM',
      consent: true,
      createdAt: new Date('2026-11-19T09:00:00.000Z'),
    });
    await storeLead(t.db, { email: 'plain@example.org', createdAt: new Date('2026-11-18T09:00:00.000Z') });
    await addLeadNote(t.db, id, 'Called, left a message', MEMBER);
    await setFollowUpStatus(t.db, id, 'contacted', MEMBER);

    const { leads, total } = await listLeads(t.db, { page: 1 });
    expect(total).toBe(2);
    expect(leads[0]).toEqual({
      id,
      createdAt: new Date('2026-11-19T09:00:00.000Z'),
      email: 'Care.Manager@Example.COM',
      overallScore: EXPECTED_SCORES.overall,
      followUpStatus: 'contacted',
      delivery: 'pending',
      consent: true,
      hasNote: true,
    });
    expect(leads[1]).toMatchObject({ followUpStatus: 'new', consent: false, hasNote: false });
  });

  describe('search', () => {
    beforeEach(async () => {
      await storeLead(t.db, { email: 'Jane.Doe@Sunrise-Care.co.uk', createdAt: new Date('2026-11-01') });
      await storeLead(t.db, { email: 'manager@oakhouse.example', createdAt: new Date('2026-11-02') });
      await storeLead(t.db, { email: 'jane_100%@example.org', createdAt: new Date('2026-11-03') });
    });

    it('finds a part of the address in any case, and counts only the matches', async () => {
      expect(await listLeads(t.db, { page: 1, search: 'SUNRISE' })).toMatchObject({
        total: 1,
        leads: [{ email: 'Jane.Doe@Sunrise-Care.co.uk' }],
      });
      expect(await emails({ page: 1, search: ' jane ' })).toEqual([
        'jane_100%@example.org',
        'Jane.Doe@Sunrise-Care.co.uk',
      ]);
      expect(await listLeads(t.db, { page: 1, search: 'nobody' })).toEqual({ leads: [], total: 0 });
    });

    it('matches % and _ as themselves, not as wildcards', async () => {
      expect(await emails({ page: 1, search: '_100%' })).toEqual(['jane_100%@example.org']);
      expect(await emails({ page: 1, search: '%' })).toEqual(['jane_100%@example.org']);
      expect(await emails({ page: 1, search: 'jane_' })).toEqual(['jane_100%@example.org']);
    });

    it('treats a blank search as none', async () => {
      expect((await listLeads(t.db, { page: 1, search: '   ' })).total).toBe(3);
    });
  });

  describe('filters', () => {
    it('by follow-up status', async () => {
      const a = await storeLead(t.db, { email: 'a@example.org', createdAt: new Date('2026-11-01') });
      const b = await storeLead(t.db, { email: 'b@example.org', createdAt: new Date('2026-11-02') });
      await storeLead(t.db, { email: 'c@example.org', createdAt: new Date('2026-11-03') });
      await setFollowUpStatus(t.db, a, 'qualified', MEMBER);
      await setFollowUpStatus(t.db, b, 'closed', MEMBER);
      expect(await emails({ page: 1, followUpStatus: 'qualified' })).toEqual(['a@example.org']);
      expect(await emails({ page: 1, followUpStatus: 'closed' })).toEqual(['b@example.org']);
      expect(await emails({ page: 1, followUpStatus: 'new' })).toEqual(['c@example.org']);
      expect(await listLeads(t.db, { page: 1, followUpStatus: 'contacted' })).toEqual({
        leads: [],
        total: 0,
      });
    });

    it('by delivery: failed if any message failed, else pending while any waits, else sent', async () => {
      const sent = await storeLead(t.db, {
        email: 'sent@example.org',
        team: true,
        createdAt: new Date('2026-11-01'),
      });
      const pending = await storeLead(t.db, {
        email: 'pending@example.org',
        team: true,
        createdAt: new Date('2026-11-02'),
      });
      const failed = await storeLead(t.db, {
        email: 'failed@example.org',
        team: true,
        createdAt: new Date('2026-11-03'),
      });
      const hook = await storeLead(t.db, { email: 'hook@example.org', createdAt: new Date('2026-11-04') });
      const sentState = { status: 'sent', attempts: 1, sentAt: new Date() } as const;
      await setMessageState(t.db, sent, 'visitor', sentState);
      await setMessageState(t.db, sent, 'team', sentState);
      // One sent and one being sent: still pending.
      await setMessageState(t.db, pending, 'visitor', sentState);
      await setMessageState(t.db, pending, 'team', { status: 'sending', attempts: 1, claimedBy: 'worker' });
      // One failed outweighs one queued.
      await setMessageState(t.db, failed, 'team', { status: 'failed', attempts: 8, lastError: '550' });
      // The webhook counts like an e-mail.
      await setMessageState(t.db, hook, 'visitor', sentState);
      await addWebhookMessage(t.db, hook, 'https://hooks.example.test/catch');
      await t.db.query("UPDATE outbox_messages SET status = 'failed' WHERE kind = 'webhook'");

      expect(await emails({ page: 1, delivery: 'sent' })).toEqual(['sent@example.org']);
      expect(await emails({ page: 1, delivery: 'pending' })).toEqual(['pending@example.org']);
      expect(await emails({ page: 1, delivery: 'failed' })).toEqual([
        'hook@example.org',
        'failed@example.org',
      ]);
      expect((await listLeads(t.db, { page: 1, delivery: 'failed' })).total).toBe(2);
    });

    it('combines the filters and the search', async () => {
      const a = await storeLead(t.db, { email: 'alpha@care.example', createdAt: new Date('2026-11-01') });
      const b = await storeLead(t.db, { email: 'beta@care.example', createdAt: new Date('2026-11-02') });
      await storeLead(t.db, { email: 'alpha@other.example', createdAt: new Date('2026-11-03') });
      await setFollowUpStatus(t.db, a, 'contacted', MEMBER);
      await setFollowUpStatus(t.db, b, 'contacted', MEMBER);
      await setMessageState(t.db, b, 'visitor', { status: 'failed', attempts: 8, lastError: '550' });
      expect(
        await listLeads(t.db, { page: 1, search: 'care.', followUpStatus: 'contacted', delivery: 'pending' }),
      ).toMatchObject({ total: 1, leads: [{ id: a }] });
    });
  });
});
