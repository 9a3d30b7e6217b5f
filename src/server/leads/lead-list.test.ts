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
import { addLeadNote, setFollowUpDay, setFollowUpStatus, setLeadOwner } from './lead-follow-up';
import { leadSources, listLeads } from './lead-list';

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
      contact: { name: 'Ann Smith', organisation: 'Sunrise Care', phone: '01632 960001' },
      profile: { serviceType: 'nursing', size: '25_99' },
      source: { utmSource: 'newsletter', utmMedium: 'email', referrerHost: 'www.example.co.uk' },
      createdAt: new Date('2026-11-19T09:00:00.000Z'),
    });
    await storeLead(t.db, { email: 'plain@example.org', createdAt: new Date('2026-11-18T09:00:00.000Z') });
    await addLeadNote(t.db, id, 'Called, left a message', MEMBER);
    await setFollowUpStatus(t.db, id, 'contacted', MEMBER);
    await setLeadOwner(t.db, id, MEMBER, MEMBER);
    await setFollowUpDay(t.db, id, '2026-12-01', MEMBER);

    const { leads, total } = await listLeads(t.db, { page: 1 });
    expect(total).toBe(2);
    expect(leads[0]).toEqual({
      id,
      createdAt: new Date('2026-11-19T09:00:00.000Z'),
      results: 1,
      returnedAt: null,
      email: 'Care.Manager@Example.COM',
      name: 'Ann Smith',
      organisation: 'Sunrise Care',
      overallScore: EXPECTED_SCORES.overall,
      followUpStatus: 'contacted',
      delivery: 'pending',
      consent: true,
      hasNote: true,
      serviceType: 'nursing',
      size: '25_99',
      source: 'newsletter',
      owner: MEMBER,
      followUpOn: '2026-12-01',
      waitingSince: null,
    });
    expect(leads[1]).toEqual({
      id: expect.any(String),
      createdAt: new Date('2026-11-18T09:00:00.000Z'),
      results: 1,
      returnedAt: null,
      email: 'plain@example.org',
      name: null,
      organisation: null,
      overallScore: EXPECTED_SCORES.overall,
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

    it('by service type and by size', async () => {
      await storeLead(t.db, {
        email: 'nursing-small@example.org',
        profile: { serviceType: 'nursing', size: 'under_25' },
        createdAt: new Date('2026-11-01'),
      });
      await storeLead(t.db, {
        email: 'nursing@example.org',
        profile: { serviceType: 'nursing' },
        createdAt: new Date('2026-11-02'),
      });
      await storeLead(t.db, {
        email: 'home-small@example.org',
        profile: { serviceType: 'home_care', size: 'under_25' },
        createdAt: new Date('2026-11-03'),
      });
      await storeLead(t.db, { email: 'none@example.org', createdAt: new Date('2026-11-04') });
      expect(await emails({ page: 1, serviceType: 'nursing' })).toEqual([
        'nursing@example.org',
        'nursing-small@example.org',
      ]);
      expect(await emails({ page: 1, size: 'under_25' })).toEqual([
        'home-small@example.org',
        'nursing-small@example.org',
      ]);
      expect(await emails({ page: 1, serviceType: 'nursing', size: 'under_25' })).toEqual([
        'nursing-small@example.org',
      ]);
      expect(await listLeads(t.db, { page: 1, serviceType: 'other' })).toEqual({ leads: [], total: 0 });
    });

    it('by source: the campaign’s utm_source, else the referring host, else "direct", matched exactly', async () => {
      await storeLead(t.db, {
        email: 'campaign@example.org',
        source: { utmSource: 'newsletter', referrerHost: 'mail.example.com' },
        createdAt: new Date('2026-11-01'),
      });
      await storeLead(t.db, {
        email: 'referred@example.org',
        source: { referrerHost: 'www.google.com' },
        createdAt: new Date('2026-11-02'),
      });
      await storeLead(t.db, {
        email: 'medium-only@example.org',
        source: { utmMedium: 'email' },
        createdAt: new Date('2026-11-03'),
      });
      await storeLead(t.db, { email: 'direct@example.org', createdAt: new Date('2026-11-04') });
      expect(await emails({ page: 1, source: 'newsletter' })).toEqual(['campaign@example.org']);
      expect(await emails({ page: 1, source: 'www.google.com' })).toEqual(['referred@example.org']);
      // A referring host behind a campaign's source goes by the campaign.
      expect(await emails({ page: 1, source: 'mail.example.com' })).toEqual([]);
      expect(await emails({ page: 1, source: 'direct' })).toEqual([
        'direct@example.org',
        'medium-only@example.org',
      ]);
      // Exact: no part of a name, no other case.
      expect(await emails({ page: 1, source: 'news' })).toEqual([]);
      expect(await emails({ page: 1, source: 'Newsletter' })).toEqual([]);
    });

    it('by owner: one member’s, or nobody’s', async () => {
      const mine = await storeLead(t.db, { email: 'mine@example.org', createdAt: new Date('2026-11-01') });
      const theirs = await storeLead(t.db, {
        email: 'theirs@example.org',
        createdAt: new Date('2026-11-02'),
      });
      await storeLead(t.db, { email: 'nobodys@example.org', createdAt: new Date('2026-11-03') });
      await setLeadOwner(t.db, mine, MEMBER, MEMBER);
      await setLeadOwner(t.db, theirs, 'alex@care-audit.example', MEMBER);
      expect(await emails({ page: 1, owner: MEMBER })).toEqual(['mine@example.org']);
      expect(await emails({ page: 1, owner: null })).toEqual(['nobodys@example.org']);
      expect(await emails({ page: 1, owner: 'nobody@care-audit.example' })).toEqual([]);
      expect((await listLeads(t.db, { page: 1 })).total).toBe(3);
    });

    it('by due: a follow-up day on or before the day given, not after it, and never a lead without one', async () => {
      const days = ['2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16', null];
      for (const [i, day] of days.entries()) {
        const id = await storeLead(t.db, {
          email: `day-${day ?? 'none'}@example.org`,
          createdAt: new Date(Date.UTC(2026, 6, 1 + i)),
        });
        await setFollowUpDay(t.db, id, day, MEMBER);
      }
      // Today exactly, and everything overdue.
      expect(await emails({ page: 1, dueBy: '2026-07-15' })).toEqual([
        'day-2026-07-15@example.org',
        'day-2026-07-14@example.org',
        'day-2026-07-13@example.org',
      ]);
      expect(await emails({ page: 1, dueBy: '2026-07-12' })).toEqual([]);
      expect((await listLeads(t.db, { page: 1, dueBy: '9999-12-31' })).total).toBe(4);
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

    it('combines every filter at once, each one able to exclude the match', async () => {
      const lead = {
        email: 'all@care.example',
        profile: { serviceType: 'residential', size: '100_plus' },
        source: { utmSource: 'newsletter' },
      } as const;
      const match = await storeLead(t.db, { ...lead, createdAt: new Date('2026-11-01') });
      await setFollowUpStatus(t.db, match, 'qualified', MEMBER);
      await setLeadOwner(t.db, match, MEMBER, MEMBER);
      await setFollowUpDay(t.db, match, '2026-11-20', MEMBER);
      const all = {
        page: 1,
        search: 'all@',
        followUpStatus: 'qualified',
        delivery: 'pending',
        serviceType: 'residential',
        size: '100_plus',
        source: 'newsletter',
        owner: MEMBER,
        dueBy: '2026-11-20',
      } as const;
      expect(await listLeads(t.db, all)).toMatchObject({ total: 1, leads: [{ id: match }] });
      for (const miss of [
        { search: 'other' },
        { followUpStatus: 'new' },
        { delivery: 'sent' },
        { serviceType: 'nursing' },
        { size: 'under_25' },
        { source: 'direct' },
        { owner: null },
        { owner: 'alex@care-audit.example' },
        { dueBy: '2026-11-19' },
      ] as const) {
        expect((await listLeads(t.db, { ...all, ...miss })).total, JSON.stringify(miss)).toBe(0);
      }
    });
  });

  describe('leadSources', () => {
    it('gives nothing when there are no leads', async () => {
      expect(await leadSources(t.db)).toEqual([]);
    });

    it('names every source with its count, most leads first, then by name; an erased lead no longer counts', async () => {
      await storeLead(t.db, { email: 'a@example.org', source: { utmSource: 'newsletter' } });
      await storeLead(t.db, { email: 'b@example.org', source: { utmSource: 'newsletter' } });
      await storeLead(t.db, { email: 'c@example.org', source: { referrerHost: 'www.bing.com' } });
      await storeLead(t.db, { email: 'd@example.org', source: { referrerHost: 'www.google.com' } });
      await storeLead(t.db, { email: 'e@example.org', source: { referrerHost: 'www.google.com' } });
      await storeLead(t.db, { email: 'f@example.org' });
      expect(await leadSources(t.db)).toEqual([
        { name: 'newsletter', count: 2 },
        { name: 'www.google.com', count: 2 },
        { name: 'direct', count: 1 },
        { name: 'www.bing.com', count: 1 },
      ]);
      await t.db.query("DELETE FROM email_requests WHERE email = 'c@example.org'");
      expect((await leadSources(t.db)).map((s) => s.name)).not.toContain('www.bing.com');
    });
  });
});
