import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { clearActivityLog, storeLead } from '../../../test/support/lead-fixtures';
import {
  commandLineActor,
  ERASED_LEAD_LABEL,
  listActivity,
  maskAddress,
  readAllActivity,
  recordActivity,
  type Activity,
} from './team-activity';

describe('maskAddress', () => {
  it.each([
    ['jo.bloggs@example.org', 'j•••@example.org'],
    ['J@example.org', 'J•••@example.org'],
    // The first character as a person sees it, not half of a surrogate pair.
    ['😀smile@example.org', '😀•••@example.org'],
    // The last @ separates the domain (a quoted local part may hold one).
    ['"a@b"@example.org', '"•••@example.org'],
    ['@example.org', '•••'],
    ['no-at-sign', '•••'],
    ['', '•••'],
  ])('masks %j as %j', (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });
});

describe('commandLineActor', () => {
  it('names the operating-system user', () => {
    expect(commandLineActor('alice')).toBe('command line (alice)');
  });
});

describe.each(DATABASE_KINDS)('the activity log on %s', (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await clearActivityLog(t.db);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** `count` entries, actor n0 … n<count-1>, one second apart (the last is the newest). */
  async function record(count: number): Promise<void> {
    await t.db.query(
      `INSERT INTO team_activity (actor, action, subject, detail, at)
       SELECT 'n' || n, 'export', NULL, n || ' leads', now() - (($1::int - n) * interval '1 second')
         FROM generate_series(0, $1::int - 1) AS n`,
      [count],
    );
  }

  it('records an action with its time, and lead, subject and detail empty when not given', async () => {
    const before = Date.now();
    await recordActivity(t.db, { actor: 'sam@care-audit.example', action: 'sign_in' });
    await recordActivity(t.db, {
      actor: 'sam@care-audit.example',
      action: 'erase',
      subject: 'j•••@example.org',
      detail: '1 request and 1 message',
    });
    const { entries, total } = await listActivity(t.db, { page: 1, pageSize: 50 });
    expect(total).toBe(2);
    expect(entries).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        at: expect.any(Date),
        actor: 'sam@care-audit.example',
        action: 'erase',
        lead: null,
        subject: 'j•••@example.org',
        detail: '1 request and 1 message',
      },
      {
        id: expect.stringMatching(/^\d+$/),
        at: expect.any(Date),
        actor: 'sam@care-audit.example',
        action: 'sign_in',
        lead: null,
        subject: null,
        detail: null,
      },
    ]);
    expect(entries[1]!.at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  describe('naming the lead', () => {
    it('keeps a link to the lead while it is held and its address masked for good', async () => {
      const lead = await storeLead(t.db, { email: 'Jo.Bloggs@Example.org' });
      const kept = await storeLead(t.db, { email: 'kept@example.org' });
      for (const [id, email] of [
        [lead, 'Jo.Bloggs@Example.org'],
        [kept, 'kept@example.org'],
      ] as const) {
        await recordActivity(t.db, {
          actor: 'sam@care-audit.example',
          action: 'owner_change',
          lead: { id, email },
          detail: 'nobody → sam@care-audit.example',
        });
      }
      const named = (await listActivity(t.db, { page: 1, pageSize: 50 })).entries.map((e) => e.lead);
      expect(named).toEqual([
        { id: kept, label: 'k•••@example.org' },
        { id: lead, label: 'J•••@Example.org' },
      ]);
      // Erased: the link goes (the database clears it), the masked address stays.
      await t.db.query('DELETE FROM leads WHERE id = $1', [lead]);
      const { entries } = await listActivity(t.db, { page: 1, pageSize: 50 });
      expect(entries.map((e) => [e.lead, e.subject, e.detail])).toEqual([
        [{ id: kept, label: 'k•••@example.org' }, null, 'nobody → sam@care-audit.example'],
        [{ id: null, label: 'J•••@Example.org' }, null, 'nobody → sam@care-audit.example'],
      ]);
    });

    it('never shows an id: an entry from before the log named leads says its lead was erased', async () => {
      const messageId = '0b6f3c1e-5d0a-4a57-9f54-8c2d1e7a9b10';
      const leadId = '11111111-2222-4333-8444-555555555555';
      await t.db.query(
        `INSERT INTO team_activity (actor, action, subject, detail, at) VALUES
           ('sam@care-audit.example', 'status_change', $1, 'new → contacted', '2026-11-01T10:00:00Z'),
           ('sam@care-audit.example', 'note_added', upper($1), NULL, '2026-11-01T10:01:00Z'),
           ('sam@care-audit.example', 'retry', $2, 'team message', '2026-11-01T10:02:00Z')`,
        [leadId, messageId],
      );
      const { entries } = await listActivity(t.db, { page: 1, pageSize: 50 });
      expect(entries.map((e) => [e.action, e.lead, e.subject, e.detail])).toEqual([
        ['retry', null, null, 'team message'],
        ['note_added', { id: null, label: ERASED_LEAD_LABEL }, null, null],
        ['status_change', { id: null, label: ERASED_LEAD_LABEL }, null, 'new → contacted'],
      ]);
      const all: Activity[] = [];
      await readAllActivity(t.db, async (batch) => {
        all.push(...batch);
      });
      expect(all.map((e) => e.subject)).toEqual([null, null, null]);
    });

    it('names a retried message’s lead while keeping the message’s id out of sight', async () => {
      const lead = await storeLead(t.db, { email: 'lead@example.org' });
      await recordActivity(t.db, {
        actor: 'sam@care-audit.example',
        action: 'retry',
        subject: '0b6f3c1e-5d0a-4a57-9f54-8c2d1e7a9b10',
        detail: 'visitor message',
        lead: { id: lead, email: 'lead@example.org' },
      });
      expect((await listActivity(t.db, { page: 1, pageSize: 50 })).entries[0]).toMatchObject({
        action: 'retry',
        lead: { id: lead, label: 'l•••@example.org' },
        subject: null,
        detail: 'visitor message',
      });
    });

    it('records the lead desk’s actions: owner and follow-up date changes, alert choices', async () => {
      for (const action of ['owner_change', 'follow_up_date', 'alert_preference'] as const) {
        await recordActivity(t.db, { actor: 'sam@care-audit.example', action });
      }
      const { entries } = await listActivity(t.db, { page: 1, pageSize: 50 });
      expect(entries.map((e) => e.action).sort()).toEqual([
        'alert_preference',
        'follow_up_date',
        'owner_change',
      ]);
    });
  });

  it('refuses an action it does not know, keeping nothing', async () => {
    await expect(
      recordActivity(t.db, { actor: 'x', action: 'delete_everything' as 'export' }),
    ).rejects.toThrow();
    expect((await listActivity(t.db, { page: 1, pageSize: 50 })).total).toBe(0);
  });

  describe('listActivity', () => {
    it('gives an empty page and 0 on an empty log', async () => {
      expect(await listActivity(t.db, { page: 1, pageSize: 50 })).toEqual({ entries: [], total: 0 });
    });

    it('pages newest first: 51 entries are a page of 50 and a page of 1, and a page past the end is empty', async () => {
      await record(51);
      const first = await listActivity(t.db, { page: 1, pageSize: 50 });
      expect(first.total).toBe(51);
      expect(first.entries).toHaveLength(50);
      expect(first.entries[0]?.actor).toBe('n50');
      expect(first.entries[49]?.actor).toBe('n1');
      const second = await listActivity(t.db, { page: 2, pageSize: 50 });
      expect(second.entries.map((e) => e.actor)).toEqual(['n0']);
      expect(await listActivity(t.db, { page: 3, pageSize: 50 })).toEqual({ entries: [], total: 51 });
    });

    it('fits exactly 50 on the first page', async () => {
      await record(50);
      expect((await listActivity(t.db, { page: 1, pageSize: 50 })).entries).toHaveLength(50);
      expect((await listActivity(t.db, { page: 2, pageSize: 50 })).entries).toEqual([]);
    });

    it('orders entries of the same instant newest id first', async () => {
      await t.db.query(
        "INSERT INTO team_activity (actor, action, at) VALUES ('first', 'export', '2026-11-23T10:00:00Z'), ('second', 'export', '2026-11-23T10:00:00Z')",
      );
      const { entries } = await listActivity(t.db, { page: 1, pageSize: 50 });
      expect(entries.map((e) => e.actor)).toEqual(['second', 'first']);
    });
  });

  describe('readAllActivity', () => {
    async function readAll(batchSize?: number) {
      const batches: Activity[][] = [];
      const total = await readAllActivity(
        t.db,
        async (entries) => {
          batches.push(entries);
        },
        batchSize,
      );
      return { total, batches };
    }

    it('calls back for nothing on an empty log', async () => {
      expect(await readAll()).toEqual({ total: 0, batches: [] });
    });

    it('hands over every entry once, oldest first, in batches (an exact multiple of the batch size too)', async () => {
      await record(6);
      const exact = await readAll(3);
      expect(exact.total).toBe(6);
      expect(exact.batches.map((b) => b.length)).toEqual([3, 3]);
      expect(exact.batches.flat().map((e) => e.actor)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5']);
      const uneven = await readAll(4);
      expect(uneven.batches.map((b) => b.length)).toEqual([4, 2]);
    });

    it('reads more than the default batch of 1,000', async () => {
      await record(1_001);
      const { total, batches } = await readAll();
      expect(total).toBe(1_001);
      expect(batches.map((b) => b.length)).toEqual([1_000, 1]);
    });
  });
});
