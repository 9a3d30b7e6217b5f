import { describe, expect, it } from 'vitest';
import { claimDue, markSent, recordFailure } from '../outbox/outbox-store';
import { DATABASE_KINDS, rowCounts } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { commandLineActor } from '../activity/team-activity';
import {
  activityLog,
  daysAgo,
  setMessageState,
  storeLead,
  TEAM_ADDRESS,
} from '../../../test/support/lead-fixtures';
import { EXPECTED_AREA_SCORES, EXPECTED_SCORES } from '../../../test/support/requests';
import {
  eraseAddress,
  isErasableAddress,
  purgeExpiredRequests,
  readLeadRecords,
  type LeadRecord,
} from './lead-records';
import { setFollowUpDay, setLeadOwner } from './lead-follow-up';

const ACTOR = 'member@care-audit.example';

describe('isErasableAddress', () => {
  it('takes something@something of up to 254 characters, trimmed, looser than the form', () => {
    for (const address of [
      'a@b',
      ' Jo.Bloggs@Example.org ',
      `${'a'.repeat(244)}@x.example`,
      'under_score@localhost',
    ]) {
      expect(isErasableAddress(address), address).toBe(true);
    }
  });

  it('refuses anything else, and any character the plain-text rule refuses', () => {
    for (const address of [
      '',
      'no-at-sign',
      'two@at@signs',
      'space @example.org',
      `${'a'.repeat(245)}@x.example`,
      'nul\u0000@example.org',
      'bell\u0007@example.org',
      'del\u007f@example.org',
      'half\ud800@example.org',
    ]) {
      expect(isErasableAddress(address), JSON.stringify(address)).toBe(false);
    }
  });
});

describe.each(DATABASE_KINDS)('lead records on %s', (kind) => {
  const t = useTestDatabase(kind);

  async function readAll(options: { since?: Date; batchSize?: number } = {}) {
    const batches: LeadRecord[][] = [];
    const total = await readLeadRecords(t.db, options, async (batch) => {
      batches.push(batch);
    });
    return { total, batches, records: batches.flat() };
  }

  describe('readLeadRecords', () => {
    it('gives each request with its scores and the delivery state of both messages', async () => {
      const sentAt = new Date('2026-11-20T10:00:00.000Z');
      const id = await storeLead(t.db, {
        email: 'Care.Manager@Example.COM',
        note: 'Call me, "please"',
        team: true,
        consent: true,
        createdAt: new Date('2026-11-20T09:59:00.000Z'),
      });
      await setMessageState(t.db, id, 'visitor', { status: 'sent', attempts: 1, sentAt });
      await setMessageState(t.db, id, 'team', {
        status: 'failed',
        attempts: 8,
        lastError: 'Error: 550 no mailbox',
      });

      const { records } = await readAll();
      expect(records).toEqual([
        {
          id,
          leadId: id,
          createdAt: new Date('2026-11-20T09:59:00.000Z'),
          email: 'Care.Manager@Example.COM',
          note: 'Call me, "please"',
          consent: {
            wording: 'The team may contact me about a free consultation',
            givenAt: new Date('2026-11-20T09:59:00.000Z'),
          },
          scores: EXPECTED_AREA_SCORES,
          overallScore: EXPECTED_SCORES.overall,
          followUpStatus: 'new',
          contact: null,
          profile: {},
          source: {},
          sourceLabel: 'direct',
          owner: null,
          followUpOn: null,
          visitorMessage: { status: 'sent', attempts: 1, lastError: null, sentAt },
          teamMessage: { status: 'failed', attempts: 8, lastError: 'Error: 550 no mailbox', sentAt: null },
          // Nothing marked on the results link yet.
          actionPlan: { planned: 0, inProgress: 0, done: 0 },
        },
      ]);
    });

    it('gives the contact details, profile, source, owner and follow-up day the export writes', async () => {
      const id = await storeLead(t.db, {
        email: 'lead@example.org',
        consent: true,
        contact: { name: 'Ann Smith', role: 'Manager' },
        profile: { size: '100_plus' },
        source: { utmMedium: 'email', referrerHost: 'mail.example.com' },
      });
      await setLeadOwner(t.db, id, 'sam@care-audit.example', 'sam@care-audit.example');
      await setFollowUpDay(t.db, id, '2026-12-24', 'sam@care-audit.example');
      const { records } = await readAll();
      expect(records[0]).toMatchObject({
        contact: { name: 'Ann Smith', role: 'Manager' },
        profile: { size: '100_plus' },
        source: { utmMedium: 'email', referrerHost: 'mail.example.com' },
        sourceLabel: 'mail.example.com',
        owner: 'sam@care-audit.example',
        followUpOn: '2026-12-24',
      });
      // Parts not given are absent, not null.
      expect(Object.keys(records[0]?.contact ?? {}).sort()).toEqual(['name', 'role']);
    });

    it('leaves the team message out when none was queued', async () => {
      await storeLead(t.db, { email: 'solo@example.org' });
      const { records } = await readAll();
      expect(records[0]?.visitorMessage).toMatchObject({ status: 'queued', attempts: 0 });
      expect(records[0]?.teamMessage).toBeUndefined();
      expect(records[0]?.consent).toBeNull();
    });

    it('reads in batches, oldest first, each request once, even with times equal to the microsecond or a microsecond apart', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push(await storeLead(t.db, { email: `lead${i}@example.org` }));
      // Three share one instant; two differ from it by one microsecond, which a JS Date cannot hold.
      const times = [
        '2026-01-01T00:00:00.000001Z',
        '2026-01-01T00:00:00.000001Z',
        '2026-01-01T00:00:00.000001Z',
        '2026-01-01T00:00:00.000002Z',
        '2026-01-01T00:00:00.000000Z',
        '2026-01-02T00:00:00Z',
        '2025-12-31T23:59:59.999999Z',
      ];
      for (const [n, time] of times.entries()) {
        await t.db.query('UPDATE email_requests SET created_at = $2::timestamptz WHERE id = $1', [
          ids[n] ?? '',
          time,
        ]);
      }
      const { rows: expected } = await t.db.query<{ id: string }>(
        'SELECT id FROM email_requests ORDER BY created_at, id',
      );

      const { total, batches, records } = await readAll({ batchSize: 2 });
      expect(total).toBe(7);
      expect(batches.map((b) => b.length)).toEqual([2, 2, 2, 1]);
      expect(records.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    });

    it('with since, gives only requests made at or after it', async () => {
      await storeLead(t.db, { email: 'old@example.org', createdAt: new Date('2026-03-31T23:59:59.999Z') });
      const onTheDay = await storeLead(t.db, {
        email: 'day@example.org',
        createdAt: new Date('2026-04-01T00:00:00Z'),
      });
      const later = await storeLead(t.db, {
        email: 'later@example.org',
        createdAt: new Date('2026-06-01T12:00:00Z'),
      });
      const { records } = await readAll({ since: new Date('2026-04-01T00:00:00Z') });
      expect(records.map((r) => r.id)).toEqual([onTheDay, later]);
    });

    it('calls back for nothing when there are no requests', async () => {
      const { total, batches } = await readAll();
      expect(total).toBe(0);
      expect(batches).toEqual([]);
    });
  });

  describe('eraseAddress', () => {
    it('erases every request and message for the address in any case, and nothing else', async () => {
      await storeLead(t.db, { email: 'Care.Manager@Example.COM', note: 'first', team: true });
      await storeLead(t.db, { email: 'care.manager@example.com', note: 'second' });
      const kept = await storeLead(t.db, { email: 'someone.else@example.com', team: true });
      expect(await rowCounts(t.db)).toEqual({ requests: 3, messages: 5 });

      expect(await eraseAddress(t.db, '  CARE.manager@example.com ', ACTOR)).toEqual({
        requests: 2,
        messages: 3,
        messagesBeingSent: 0,
      });
      expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 2 });
      const { records } = await readAll();
      expect(records.map((r) => r.id)).toEqual([kept]);

      expect(await eraseAddress(t.db, 'care.manager@example.com', ACTOR)).toEqual({
        requests: 0,
        messages: 0,
        messagesBeingSent: 0,
      });
    });

    it('records each erasure with its actor, the masked address and the counts, in the same transaction', async () => {
      await storeLead(t.db, { email: 'Jo.Bloggs@Example.org', team: true });
      const cli = commandLineActor('alice');
      await eraseAddress(t.db, 'jo.bloggs@example.org', cli);
      await eraseAddress(t.db, 'nobody@example.org', ACTOR);
      expect(await activityLog(t.db)).toEqual([
        { actor: cli, action: 'erase', subject: 'j•••@example.org', detail: '1 request and 2 messages' },
        { actor: ACTOR, action: 'erase', subject: 'n•••@example.org', detail: '0 requests and 0 messages' },
      ]);
      // Nothing in the log holds the erased address.
      const { rows } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM team_activity WHERE concat(actor, subject, detail) ILIKE '%bloggs%'",
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('does not erase a request whose team message went to the erased address', async () => {
      // The team's own address is a recipient, not a person whose requests are held.
      await storeLead(t.db, { email: 'visitor@example.org', team: true });
      expect(await eraseAddress(t.db, TEAM_ADDRESS, ACTOR)).toMatchObject({ requests: 0, messages: 0 });
      expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 2 });
    });

    it('counts a message a worker is sending, and that worker cannot write it back afterwards', async () => {
      const id = await storeLead(t.db, { email: 'Mid.Send@Example.org', team: true });
      const [visitor, team] = await claimDue(t.db, 'worker-a', { limit: 2, leaseMs: 60_000, maxAttempts: 8 });
      expect(visitor?.requestId).toBe(id);
      expect(team?.requestId).toBe(id);

      expect(await eraseAddress(t.db, 'mid.send@example.org', ACTOR)).toEqual({
        requests: 1,
        messages: 2,
        messagesBeingSent: 2,
      });
      // The worker finishes its sends after the erasure: its updates find no row to change.
      expect(await markSent(t.db, visitor?.id ?? '', 'worker-a')).toBe(false);
      expect(
        await recordFailure(t.db, team?.id ?? '', 'worker-a', {
          error: 'relay down',
          retryInMs: 1_000,
          maxAttempts: 8,
          permanent: false,
        }),
      ).toBeUndefined();
      expect(await rowCounts(t.db)).toEqual({ requests: 0, messages: 0 });
    });
  });

  describe('purgeExpiredRequests', () => {
    it('deletes requests older than the retention period with their messages, and keeps the rest', async () => {
      await storeLead(t.db, { email: 'ancient@example.org', team: true, createdAt: daysAgo(800) });
      await storeLead(t.db, { email: 'just-expired@example.org', createdAt: daysAgo(30.01) });
      const justKept = await storeLead(t.db, {
        email: 'just-kept@example.org',
        team: true,
        createdAt: daysAgo(29.99),
      });
      const fresh = await storeLead(t.db, { email: 'fresh@example.org' });

      expect(await purgeExpiredRequests(t.db, 30)).toEqual({
        requests: 2,
        messages: 3,
        messagesBeingSent: 0,
      });
      const { records } = await readAll();
      expect(records.map((r) => r.id)).toEqual([justKept, fresh]);
      expect(await rowCounts(t.db)).toEqual({ requests: 2, messages: 3 });

      expect(await purgeExpiredRequests(t.db, 30)).toEqual({
        requests: 0,
        messages: 0,
        messagesBeingSent: 0,
      });
    });

    it('refuses a retention period that is not a whole number of days', async () => {
      await expect(purgeExpiredRequests(t.db, 0)).rejects.toThrow(RangeError);
      await expect(purgeExpiredRequests(t.db, 1.5)).rejects.toThrow(RangeError);
    });
  });
});
