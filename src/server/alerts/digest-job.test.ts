import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { leadGlancesBetween } from '../leads/lead-glance';
import { setFollowUpStatus, setLeadOwner } from '../leads/lead-follow-up';
import { eraseAddress } from '../leads/lead-records';
import type { ClaimedMessage } from '../outbox/outbox-store';
import { digestPayload, digestPeriodOf, gatherLeadDigest } from '../mail/team-alert-facts';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { chooseAlert, chooseAlerts, membersToAlert } from './alert-preferences';
import { dueDigest, forgetOldDigests, queueDueDigests, digestJob } from './digest-job';
import { startJobs, type RunningJobs } from '../jobs/job-scheduler';
import { recordingJobLog, until } from '../../../test/support/job-log';

const at = (iso: string) => new Date(iso);

describe('dueDigest: the digest due at a moment', () => {
  it.each([
    // Winter (GMT = UTC): 08:00 UK is 08:00Z.
    ['2026-01-15T07:59:59.999Z', '2026-01-14', '2026-01-13T08:00:00.000Z', '2026-01-14T08:00:00.000Z'],
    ['2026-01-15T08:00:00.000Z', '2026-01-15', '2026-01-14T08:00:00.000Z', '2026-01-15T08:00:00.000Z'],
    // Summer (BST = UTC+1): 08:00 UK is 07:00Z.
    ['2026-07-15T06:59:59.999Z', '2026-07-14', '2026-07-13T07:00:00.000Z', '2026-07-14T07:00:00.000Z'],
    ['2026-07-15T07:00:00.000Z', '2026-07-15', '2026-07-14T07:00:00.000Z', '2026-07-15T07:00:00.000Z'],
    // Just after midnight UK in summer is still the evening before in UTC, and the UK day counts.
    ['2026-07-15T23:30:00.000Z', '2026-07-15', '2026-07-14T07:00:00.000Z', '2026-07-15T07:00:00.000Z'],
    // Sunday 29 March 2026, BST starts at 01:00Z: the period is 23 hours.
    ['2026-03-29T06:59:59.999Z', '2026-03-28', '2026-03-27T08:00:00.000Z', '2026-03-28T08:00:00.000Z'],
    ['2026-03-29T07:00:00.000Z', '2026-03-29', '2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z'],
    // Sunday 25 October 2026, BST ends at 01:00Z: the period is 25 hours.
    ['2026-10-25T07:59:59.999Z', '2026-10-24', '2026-10-23T07:00:00.000Z', '2026-10-24T07:00:00.000Z'],
    ['2026-10-25T08:00:00.000Z', '2026-10-25', '2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z'],
    // New Year.
    ['2027-01-01T08:00:00.000Z', '2027-01-01', '2026-12-31T08:00:00.000Z', '2027-01-01T08:00:00.000Z'],
  ])('at %s: the digest of %s, from %s to %s', (now, day, from, to) => {
    const due = dueDigest(at(now));
    expect({ day: due.day, from: due.from.toISOString(), to: due.to.toISOString() }).toEqual({
      day,
      from,
      to,
    });
  });

  it('covers 23 hours across the March change, 25 across the October change and 24 otherwise', () => {
    const hours = (now: string) => {
      const due = dueDigest(at(now));
      return (due.to.getTime() - due.from.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-29T12:00:00Z')).toBe(23);
    expect(hours('2026-03-30T12:00:00Z')).toBe(24);
    expect(hours('2026-10-25T12:00:00Z')).toBe(25);
    expect(hours('2026-10-26T12:00:00Z')).toBe(24);
    expect(hours('2026-01-15T12:00:00Z')).toBe(24);
  });
});

const EACH = 'each@care-audit.example';
const DIGEST = 'digest@care-audit.example';
const SECOND = 'second@care-audit.example';
const NONE = 'none@care-audit.example';
const MEMBERS = [EACH, DIGEST, SECOND, NONE];

async function digestMessages(db: Database) {
  const { rows } = await db.query<{
    recipient: string;
    request_id: string | null;
    status: string;
    payload: unknown;
  }>(`SELECT recipient, request_id, status, payload FROM outbox_messages WHERE kind = 'lead_digest'
       ORDER BY recipient, created_at`);
  return rows;
}

async function digestRecords(db: Database) {
  const { rows } = await db.query<{ email: string; day: string }>(
    `SELECT email, to_char(digest_day, 'YYYY-MM-DD') AS day FROM lead_digests ORDER BY email, digest_day`,
  );
  return rows;
}

describe.each(DATABASE_KINDS)('the daily digest on %s', (kind) => {
  const t = useTestDatabase(kind);
  beforeEach(async () => {
    await chooseAlert(t.db, DIGEST, 'daily_digest');
    await chooseAlert(t.db, SECOND, 'daily_digest');
    await chooseAlert(t.db, NONE, 'none');
  });

  it('queues one digest per member who chose it, once per UK day however often it ticks', async () => {
    await storeLead(t.db, {
      consent: true,
      email: 'lead@example.org',
      createdAt: at('2026-01-14T12:00:00Z'),
    });
    const first = await queueDueDigests(t.db, MEMBERS, at('2026-01-15T08:00:00Z'));
    expect(first).toEqual({ day: '2026-01-15', queued: [DIGEST, SECOND], empty: [] });
    const period = { from: '2026-01-14T08:00:00.000Z', to: '2026-01-15T08:00:00.000Z' };
    expect(await digestMessages(t.db)).toEqual([
      { recipient: DIGEST, request_id: null, status: 'queued', payload: period },
      { recipient: SECOND, request_id: null, status: 'queued', payload: period },
    ]);
    for (const later of ['2026-01-15T08:01:00Z', '2026-01-15T23:59:59Z', '2026-01-16T07:59:59Z']) {
      expect(await queueDueDigests(t.db, MEMBERS, at(later))).toMatchObject({ queued: [], empty: [] });
    }
    expect(await digestMessages(t.db)).toHaveLength(2);

    // The next day's digest, with a lead of its own.
    await storeLead(t.db, {
      consent: true,
      email: 'next@example.org',
      createdAt: at('2026-01-15T09:00:00Z'),
    });
    expect(await queueDueDigests(t.db, MEMBERS, at('2026-01-16T08:00:00Z'))).toMatchObject({
      queued: [DIGEST, SECOND],
    });
    expect(await digestMessages(t.db)).toHaveLength(4);
    expect(await digestRecords(t.db)).toEqual([
      { email: DIGEST, day: '2026-01-15' },
      { email: DIGEST, day: '2026-01-16' },
      { email: SECOND, day: '2026-01-15' },
      { email: SECOND, day: '2026-01-16' },
    ]);
  });

  it('counts a day with only requests without consent as empty, but for a member who chose them', async () => {
    await chooseAlerts(t.db, SECOND, { requestsWithoutConsent: true });
    await storeLead(t.db, { email: 'results@example.org', createdAt: at('2026-01-14T12:00:00Z') });
    const tick = await queueDueDigests(t.db, MEMBERS, at('2026-01-15T08:00:00Z'));
    expect(tick).toEqual({ day: '2026-01-15', queued: [SECOND], empty: [DIGEST] });
    expect(await digestMessages(t.db)).toEqual([
      {
        recipient: SECOND,
        request_id: null,
        status: 'queued',
        payload: {
          from: '2026-01-14T08:00:00.000Z',
          to: '2026-01-15T08:00:00.000Z',
          requestsWithoutConsent: true,
        },
      },
    ]);
  });

  it('alerts of a request as it comes: each lead’s members; without consent, only those who chose it', async () => {
    await chooseAlerts(t.db, NONE, { requestsWithoutConsent: true });
    await chooseAlerts(t.db, SECOND, { requestsWithoutConsent: true });
    expect(await membersToAlert(t.db, MEMBERS, { consent: true })).toEqual([EACH]);
    // The default is off; a digest or no e-mails stays so, whatever the other choice.
    expect(await membersToAlert(t.db, MEMBERS, { consent: false })).toEqual([]);
    await chooseAlerts(t.db, EACH, { requestsWithoutConsent: true });
    expect(await membersToAlert(t.db, MEMBERS, { consent: false })).toEqual([EACH]);
    await chooseAlerts(t.db, EACH, { requestsWithoutConsent: false });
    expect(await membersToAlert(t.db, MEMBERS, { consent: false })).toEqual([]);
  });

  it('queues each digest once when two jobs tick at the same moment', async () => {
    await storeLead(t.db, {
      consent: true,
      email: 'lead@example.org',
      createdAt: at('2026-01-14T12:00:00Z'),
    });
    const now = at('2026-01-15T08:00:00Z');
    const ticks = await Promise.all([
      queueDueDigests(t.db, MEMBERS, now),
      queueDueDigests(t.db, MEMBERS, now),
      queueDueDigests(t.db, MEMBERS, now),
    ]);
    expect(ticks.flatMap((tick) => tick.queued).sort()).toEqual([DIGEST, SECOND]);
    expect((await digestMessages(t.db)).map((m) => m.recipient)).toEqual([DIGEST, SECOND]);
  });

  it.each([
    ['winter (GMT)', '2026-01-14T12:00:00Z', '2026-01-15T07:59:59.999Z', '2026-01-15T08:00:00.000Z'],
    ['summer (BST)', '2026-07-14T12:00:00Z', '2026-07-15T06:59:59.999Z', '2026-07-15T07:00:00.000Z'],
  ])('in %s, is not due at 07:59 UK time and is at 08:00', async (_season, leadAt, before, eight) => {
    await storeLead(t.db, { consent: true, email: 'lead@example.org', createdAt: at(leadAt) });
    // The day before's digest was sent that morning (its period held no lead).
    const dayBefore = new Date(at(before).getTime() - 20 * 3_600_000);
    expect(await queueDueDigests(t.db, MEMBERS, dayBefore)).toMatchObject({
      queued: [],
      empty: [DIGEST, SECOND],
    });

    expect(await queueDueDigests(t.db, MEMBERS, at(before))).toMatchObject({ queued: [], empty: [] });
    expect(await digestMessages(t.db)).toEqual([]);
    expect(await queueDueDigests(t.db, MEMBERS, at(eight))).toMatchObject({ queued: [DIGEST, SECOND] });
    expect(await digestMessages(t.db)).toHaveLength(2);
  });

  it.each([
    // Sunday 29 March 2026: from 08:00 GMT Saturday to 08:00 BST Sunday, 23 hours.
    {
      change: 'March',
      eight: '2026-03-29T07:00:00.000Z',
      from: '2026-03-28T08:00:00.000Z',
      inside: ['2026-03-28T08:00:00.000Z', '2026-03-29T00:59:59.000Z', '2026-03-29T06:59:59.999Z'],
      outside: ['2026-03-28T07:59:59.999Z', '2026-03-29T07:00:00.000Z'],
    },
    // Sunday 25 October 2026: from 08:00 BST Saturday to 08:00 GMT Sunday, 25 hours.
    {
      change: 'October',
      eight: '2026-10-25T08:00:00.000Z',
      from: '2026-10-24T07:00:00.000Z',
      inside: ['2026-10-24T07:00:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T07:59:59.999Z'],
      outside: ['2026-10-24T06:59:59.999Z', '2026-10-25T08:00:00.000Z'],
    },
  ])('across the $change clock change, covers the leads from 08:00 to 08:00 UK time', async (c) => {
    const ids = new Map<string, string>();
    for (const [i, createdAt] of [...c.inside, ...c.outside].entries()) {
      ids.set(
        createdAt,
        await storeLead(t.db, { consent: true, email: `lead${i}@example.org`, createdAt: at(createdAt) }),
      );
    }
    // Not yet: a millisecond before 08:00 UK time the day before's is the one due.
    const justBefore = new Date(at(c.eight).getTime() - 1);
    expect((await queueDueDigests(t.db, [DIGEST], justBefore)).day).toBe(c.from.slice(0, 10));
    const tick = await queueDueDigests(t.db, [DIGEST], at(c.eight));
    expect(tick).toEqual({ day: c.eight.slice(0, 10), queued: [DIGEST], empty: [] });

    const [, today] = await digestMessages(t.db);
    expect(today?.payload).toEqual({ from: c.from, to: c.eight });
    const period = digestPeriodOf(today?.payload);
    if (!period) throw new Error('the digest has no period');
    const { leads, total } = await leadGlancesBetween(t.db, period.from, period.to, 100);
    expect(total).toBe(c.inside.length);
    expect(leads.map((lead) => lead.id)).toEqual(c.inside.map((createdAt) => ids.get(createdAt)));
  });

  it('records a day without leads, and queues nothing for it', async () => {
    // A lead of the day before, contacted in time: neither new in this period nor waiting at its end.
    const old = await storeLead(t.db, {
      consent: true,
      email: 'old@example.org',
      createdAt: at('2026-01-13T12:00:00Z'),
    });
    await setFollowUpStatus(t.db, old, 'contacted', DIGEST, at('2026-01-13T15:00:00Z'));
    expect(await queueDueDigests(t.db, MEMBERS, at('2026-01-15T09:00:00Z'))).toEqual({
      day: '2026-01-15',
      queued: [],
      empty: [DIGEST, SECOND],
    });
    expect(await digestMessages(t.db)).toEqual([]);
    expect(await digestRecords(t.db)).toEqual([
      { email: DIGEST, day: '2026-01-15' },
      { email: SECOND, day: '2026-01-15' },
    ]);
    // A lead erased before 08:00 leaves its day as empty as one that never had a lead.
    await storeLead(t.db, {
      consent: true,
      email: 'erased@example.org',
      createdAt: at('2026-01-15T10:00:00Z'),
    });
    await eraseAddress(t.db, 'erased@example.org', 'test');
    expect(await queueDueDigests(t.db, MEMBERS, at('2026-01-16T08:00:00Z'))).toMatchObject({
      queued: [],
      empty: [DIGEST, SECOND],
    });
  });

  it('queues nothing for an address no longer in TEAM_EMAILS, nor when nobody chose the digest', async () => {
    await storeLead(t.db, {
      consent: true,
      email: 'lead@example.org',
      createdAt: at('2026-01-14T12:00:00Z'),
    });
    const now = at('2026-01-15T08:00:00Z');
    expect(await queueDueDigests(t.db, [EACH, NONE], now)).toEqual({
      day: '2026-01-15',
      queued: [],
      empty: [],
    });
    expect(await queueDueDigests(t.db, [], now)).toEqual({ day: '2026-01-15', queued: [], empty: [] });
    expect(await digestRecords(t.db)).toEqual([]);
    // TEAM_EMAILS as configured is normalised; a member is found whatever the case.
    expect(await queueDueDigests(t.db, ['Digest@Care-Audit.example'], now)).toMatchObject({
      queued: [DIGEST],
    });
  });

  it('forgets digest records older than the retention period, and keeps the one exactly at it', async () => {
    for (const day of ['2025-11-24', '2025-11-25', '2025-11-26', '2026-11-26']) {
      await t.db.query('INSERT INTO lead_digests (email, digest_day) VALUES ($1, $2::date)', [DIGEST, day]);
    }
    expect(await forgetOldDigests(t.db, '2026-11-26', 365)).toBe(2);
    expect((await digestRecords(t.db)).map((r) => r.day)).toEqual(['2025-11-26', '2026-11-26']);
    expect(await forgetOldDigests(t.db, '2026-11-26', 365)).toBe(0);
  });

  describe('headed by the leads waiting at 08:00', () => {
    // 2026: the clocks go back at 02:00 BST on Sunday 25 October; Monday 31 August is a bank holiday.
    const FRIDAY_OCTOBER = at('2026-10-23T16:00:00Z'); // 17:00 BST: its working day ends Monday 17:00 GMT
    const MONDAY_26 = at('2026-10-26T08:00:00Z'); // 08:00 GMT
    const TUESDAY_27 = at('2026-10-27T08:00:00Z');
    let made = 0;
    const lead = (createdAt: Date, consent = true) =>
      storeLead(t.db, { consent, email: `waiting${++made}@example.org`, createdAt });
    /** The digest of the day due at `now` to `recipient`, as its sender gathers it. */
    const gathered = (now: Date, recipient = DIGEST) => {
      const message: ClaimedMessage = {
        id: '00000000-0000-4000-8000-000000000001',
        requestId: null,
        kind: 'lead_digest',
        recipient,
        attempts: 1,
        payload: digestPayload(dueDigest(now)),
      };
      return gatherLeadDigest(t.db, message);
    };

    it('queues a digest for a day with no new lead but a waiting one, the same list for every member', async () => {
      const waiting = await lead(FRIDAY_OCTOBER);
      await setLeadOwner(t.db, waiting, SECOND, SECOND);
      expect(await queueDueDigests(t.db, MEMBERS, TUESDAY_27)).toEqual({
        day: '2026-10-27',
        queued: [DIGEST, SECOND],
        empty: [],
      });
      const expected = {
        leads: [{ id: waiting, waitingSince: FRIDAY_OCTOBER, overallScore: 66, owner: SECOND }],
        total: 1,
      };
      for (const member of [DIGEST, SECOND]) {
        expect(await gathered(TUESDAY_27, member)).toMatchObject({ leads: [], total: 0, waiting: expected });
      }
    });

    it('waits a Friday 17:00 BST lead from Monday 17:00 GMT: not in Monday 26 October’s digest, in Tuesday’s', async () => {
      const waiting = await lead(FRIDAY_OCTOBER);
      // A server down at 08:00 queues Monday's digest at 17:30, when the lead does wait: the digest
      // is of 08:00, and so is the check whether it is worth sending.
      expect(await queueDueDigests(t.db, MEMBERS, at('2026-10-26T17:30:00Z'))).toEqual({
        day: '2026-10-26',
        queued: [],
        empty: [DIGEST, SECOND],
      });
      expect(await gathered(MONDAY_26)).toBeUndefined();
      expect(await queueDueDigests(t.db, MEMBERS, TUESDAY_27)).toMatchObject({ queued: [DIGEST, SECOND] });
      expect((await gathered(TUESDAY_27))?.waiting?.leads.map((l) => l.id)).toEqual([waiting]);
    });

    it('gives a lead of the Friday before the August bank holiday until Tuesday: waiting on Wednesday 2 September', async () => {
      const waiting = await lead(at('2026-08-28T15:00:00Z')); // Friday 16:00 BST
      const tuesday = at('2026-09-01T07:00:00Z'); // 08:00 BST
      const wednesday = at('2026-09-02T07:00:00Z');
      expect(await queueDueDigests(t.db, [DIGEST], tuesday)).toMatchObject({ queued: [], empty: [DIGEST] });
      expect(await gathered(tuesday)).toBeUndefined();
      expect(await queueDueDigests(t.db, [DIGEST], wednesday)).toMatchObject({ queued: [DIGEST] });
      expect((await gathered(wednesday))?.waiting?.leads.map((l) => l.id)).toEqual([waiting]);
    });

    it('never waits a lead contacted then set back to new, nor a request without consent', async () => {
      const called = await lead(FRIDAY_OCTOBER);
      await setFollowUpStatus(t.db, called, 'contacted', DIGEST, at('2026-10-23T18:00:00Z'));
      await setFollowUpStatus(t.db, called, 'new', DIGEST, at('2026-10-26T09:00:00Z'));
      await lead(FRIDAY_OCTOBER, false);
      // Even to a member who hears of requests without consent: that one came in an earlier period.
      await chooseAlerts(t.db, SECOND, { requestsWithoutConsent: true });
      for (const day of ['2026-10-27', '2026-10-28', '2026-11-05']) {
        const now = at(`${day}T08:00:00Z`);
        expect(await queueDueDigests(t.db, MEMBERS, now)).toEqual({
          day,
          queued: [],
          empty: [DIGEST, SECOND],
        });
        expect(await gathered(now)).toBeUndefined();
      }
    });

    it('leaves out a lead contacted after 08:00 before the digest went, and an erased one', async () => {
      const contacted = await lead(FRIDAY_OCTOBER);
      const erased = await storeLead(t.db, {
        consent: true,
        email: 'erased@example.org',
        createdAt: at('2026-10-22T10:00:00Z'),
      });
      const still = await lead(at('2026-10-23T09:00:00Z'));
      expect(await queueDueDigests(t.db, [DIGEST], TUESDAY_27)).toMatchObject({ queued: [DIGEST] });
      expect((await gathered(TUESDAY_27))?.waiting).toEqual({
        leads: [erased, still, contacted].map((id) => expect.objectContaining({ id })),
        total: 3,
      });
      // Read at send time, as at 08:00: a first contact made since then takes it off the digest.
      await setFollowUpStatus(t.db, contacted, 'contacted', DIGEST, at('2026-10-27T08:05:00Z'));
      await eraseAddress(t.db, 'erased@example.org', 'test');
      expect((await gathered(TUESDAY_27))?.waiting).toEqual({
        leads: [expect.objectContaining({ id: still })],
        total: 1,
      });
      // None left: nothing is sent.
      await setFollowUpStatus(t.db, still, 'contacted', DIGEST, at('2026-10-27T08:06:00Z'));
      expect(await gathered(TUESDAY_27)).toBeUndefined();
    });
  });

  describe('the job', () => {
    let jobs: RunningJobs | undefined;
    afterEach(async () => {
      await jobs?.stop();
      jobs = undefined;
    });

    it('runs by its clock each minute, wakes the outbox when it queued, forgets old records, and logs no address', async () => {
      await storeLead(t.db, {
        consent: true,
        email: 'lead@example.org',
        createdAt: at('2026-07-14T12:00:00Z'),
      });
      await t.db.query(`INSERT INTO lead_digests (email, digest_day) VALUES ($1, '2025-01-01')`, [NONE]);
      let now = at('2026-07-15T06:30:00Z');
      let woken = 0;
      const log = recordingJobLog();
      const job = digestJob({ members: MEMBERS, retentionDays: 365, onQueued: () => (woken += 1) });
      expect(job.everyMs).toBe(60_000);
      jobs = startJobs(t.db, [job], { tickMs: 10, firstTickMs: 0, log, clock: () => now });
      // Before 08:00 BST: the day before's digest (no leads in its period) is recorded; the old record goes.
      await until(() => log.lines.length >= 1);
      expect(woken).toBe(0);
      now = at('2026-07-15T07:00:00Z');
      // Due again a minute after its last run began, by the database's clock: made so here.
      await t.db.query(`UPDATE job_runs SET started_at = started_at - interval '1 minute'`);
      await until(() => woken === 1);
      // A minute later again, nothing is left to do: the run is idle, logged at debug only.
      await t.db.query(`UPDATE job_runs SET started_at = started_at - interval '1 minute'`);
      await until(() => log.lines.length >= 3);
      await jobs.stop();
      expect(woken).toBe(1);
      expect(await digestMessages(t.db)).toHaveLength(2);
      expect(await digestRecords(t.db)).toEqual([
        { email: DIGEST, day: '2026-07-14' },
        { email: DIGEST, day: '2026-07-15' },
        { email: SECOND, day: '2026-07-14' },
        { email: SECOND, day: '2026-07-15' },
      ]);
      expect(log.lines.map((line) => [line.level, line.message])).toEqual([
        [
          'info',
          'jobs: digest ran: queued 0 digest(s) for 2026-07-14, 2 with no leads; forgot 1 old digest record(s)',
        ],
        [
          'info',
          'jobs: digest ran: queued 2 digest(s) for 2026-07-15, 0 with no leads; forgot 0 old digest record(s)',
        ],
        [
          'debug',
          'jobs: digest ran: queued 0 digest(s) for 2026-07-15, 0 with no leads; forgot 0 old digest record(s)',
        ],
      ]);
      expect(log.lines[1]?.object).toEqual({
        job: 'digest',
        day: '2026-07-15',
        queued: 2,
        empty: 0,
        forgotten: 0,
        ms: expect.any(Number),
      });
      expect(JSON.stringify(log.lines)).not.toContain('@');
    });
  });
});
