import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import type { FirstContact } from '../../shared/team-api';
import type { Database } from '../db/database';
import { overviewPeriods, periodBounds } from '../usage/overview';
import { leadDetail } from './lead-detail';
import { setFollowUpStatus } from './lead-follow-up';
import { listLeads } from './lead-list';
import { countWaitingLeads, firstContactOf, median, readSpeedToLead, speedToLeadOf } from './speed-to-lead';

const MEMBER = 'sam@care-audit.example';
// 2026: the clocks go back at 02:00 BST on Sunday 25 October; Monday 31 August is a bank holiday.
const FRIDAY_EVENING = new Date('2026-10-23T16:00:00.000Z'); // 17:00 BST
const MONDAY_AFTER = new Date('2026-10-26T17:00:00.000Z'); // 17:00 GMT: its working day's end

describe('firstContactOf', () => {
  const facts = {
    firstConsentAt: FRIDAY_EVENING,
    consent: true,
    firstContactedAt: null,
    status: 'new' as const,
  };

  it('is null for a lead that never consented, or whose latest request withdrew it', () => {
    expect(firstContactOf({ ...facts, firstConsentAt: null, consent: false }, MONDAY_AFTER)).toBeNull();
    expect(firstContactOf({ ...facts, consent: false }, MONDAY_AFTER)).toBeNull();
  });

  it('waits from the first millisecond after its working day, and not at its end', () => {
    expect(firstContactOf(facts, MONDAY_AFTER)).toEqual({
      since: FRIDAY_EVENING.toISOString(),
      dueBy: MONDAY_AFTER.toISOString(),
      contactedAt: null,
      timeToContactMs: null,
      withinOneWorkingDay: null,
      waiting: false,
    });
    expect(firstContactOf(facts, new Date(MONDAY_AFTER.getTime() + 1))?.waiting).toBe(true);
  });

  it('does not wait once contacted, nor when closed or qualified without a recorded contact', () => {
    const late = new Date('2026-10-28T09:00:00.000Z');
    expect(firstContactOf({ ...facts, status: 'closed' }, late)?.waiting).toBe(false);
    expect(firstContactOf({ ...facts, status: 'qualified' }, late)?.waiting).toBe(false);
    const contacted = firstContactOf({ ...facts, firstContactedAt: late }, late);
    expect(contacted).toMatchObject({ waiting: false, withinOneWorkingDay: false });
    expect(contacted?.timeToContactMs).toBe(late.getTime() - FRIDAY_EVENING.getTime());
  });

  it('counts a contact made before the lead consented as no wait at all', () => {
    const before = new Date(FRIDAY_EVENING.getTime() - 3_600_000);
    expect(firstContactOf({ ...facts, firstContactedAt: before }, MONDAY_AFTER)).toMatchObject({
      timeToContactMs: 0,
      withinOneWorkingDay: true,
    });
  });
});

describe('median and speedToLeadOf', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[9, 1], 5],
    [[3, 1, 2], 2],
    [[4, 4, 4, 4], 4],
  ])('the median of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  const lead = (change: Partial<FirstContact>): FirstContact => ({
    since: FRIDAY_EVENING.toISOString(),
    dueBy: MONDAY_AFTER.toISOString(),
    contactedAt: null,
    timeToContactMs: null,
    withinOneWorkingDay: null,
    waiting: false,
    ...change,
  });

  it('gives nothing to share, and no median, for no leads', () => {
    expect(speedToLeadOf([], MONDAY_AFTER)).toEqual({
      leads: 0,
      contacted: 0,
      medianMs: null,
      settled: 0,
      withinOneWorkingDay: 0,
      waiting: 0,
    });
  });

  it('leaves a lead still inside its working day out of the share, and counts one past it against', () => {
    const now = new Date(MONDAY_AFTER.getTime() + 1);
    const figures = speedToLeadOf(
      [
        lead({
          contactedAt: FRIDAY_EVENING.toISOString(),
          timeToContactMs: 60_000,
          withinOneWorkingDay: true,
        }),
        lead({
          contactedAt: MONDAY_AFTER.toISOString(),
          timeToContactMs: 180_000,
          withinOneWorkingDay: false,
        }),
        lead({ waiting: true }), // past its day: against
        lead({ dueBy: '2026-10-27T17:00:00.000Z' }), // a Monday lead: not yet either way
      ],
      now,
    );
    expect(figures).toEqual({
      leads: 4,
      contacted: 2,
      medianMs: 120_000,
      settled: 3,
      withinOneWorkingDay: 1,
      waiting: 1,
    });
  });
});

describe.each(DATABASE_KINDS)('speed to lead on %s', (kind) => {
  const t = useTestDatabase(kind);
  let made = 0;

  /** A lead with consent (unless told) that came at `at`. */
  const lead = (db: Database, at: Date, consent = true, email = `lead${++made}@example.org`) =>
    storeLead(db, { email, consent, createdAt: at });
  const contact = (
    id: string,
    at: Date,
    status: 'contacted' | 'qualified' | 'closed' | 'new' = 'contacted',
  ) => setFollowUpStatus(t.db, id, status, MEMBER, at);
  const firstContact = async (id: string, now: Date) => (await leadDetail(t.db, id, now))?.firstContact;
  const waitingIds = async (now: Date) =>
    (await listLeads(t.db, { page: 1, waiting: true, now })).leads.map((l) => l.id);

  it('keeps a Friday-evening lead contacted on Monday before 17:00 GMT in time, across the clock change', async () => {
    const inTime = await lead(t.db, FRIDAY_EVENING);
    const late = await lead(t.db, FRIDAY_EVENING);
    await contact(inTime, new Date('2026-10-26T16:30:00.000Z')); // 72.5 hours on, yet in time
    await contact(late, new Date('2026-10-26T17:30:00.000Z'));
    const now = new Date('2026-10-27T09:00:00.000Z');
    expect(await firstContact(inTime, now)).toEqual({
      since: FRIDAY_EVENING.toISOString(),
      dueBy: MONDAY_AFTER.toISOString(),
      contactedAt: '2026-10-26T16:30:00.000Z',
      timeToContactMs: 72.5 * 3_600_000,
      withinOneWorkingDay: true,
      waiting: false,
    });
    expect(await firstContact(late, now)).toMatchObject({ withinOneWorkingDay: false, waiting: false });
  });

  it('gives a lead on the Friday before a bank holiday until Tuesday, and waits from then', async () => {
    const friday = new Date('2026-08-28T15:00:00.000Z'); // 16:00 BST
    const id = await lead(t.db, friday);
    const tuesdayEnd = new Date('2026-09-01T15:00:00.000Z');
    expect(await waitingIds(tuesdayEnd)).toEqual([]);
    expect(await waitingIds(new Date(tuesdayEnd.getTime() + 1))).toEqual([id]);
    const listed = await listLeads(t.db, { page: 1, now: new Date(tuesdayEnd.getTime() + 1) });
    expect(listed.leads[0]?.waitingSince).toEqual(friday);
    expect(await firstContact(id, new Date(tuesdayEnd.getTime() + 1))).toMatchObject({
      dueBy: tuesdayEnd.toISOString(),
      waiting: true,
    });
  });

  it('keeps the first contact of a lead set back to new: it does not wait again', async () => {
    const id = await lead(t.db, FRIDAY_EVENING);
    await contact(id, new Date('2026-10-23T18:00:00.000Z'));
    await contact(id, new Date('2026-10-26T09:00:00.000Z'), 'new');
    await contact(id, new Date('2026-10-28T09:00:00.000Z')); // contacted again: the first stands
    await contact(id, new Date('2026-10-29T09:00:00.000Z'), 'new');
    const now = new Date('2026-11-05T09:00:00.000Z');
    expect(await firstContact(id, now)).toMatchObject({
      contactedAt: '2026-10-23T18:00:00.000Z',
      withinOneWorkingDay: true,
      waiting: false,
    });
    expect(await waitingIds(now)).toEqual([]);
  });

  it('counts qualified as a first contact and closed as none, and neither waits', async () => {
    const qualified = await lead(t.db, FRIDAY_EVENING);
    const closed = await lead(t.db, FRIDAY_EVENING);
    await contact(qualified, new Date('2026-10-26T10:00:00.000Z'), 'qualified');
    await contact(closed, new Date('2026-10-26T10:00:00.000Z'), 'closed');
    const now = new Date('2026-11-02T09:00:00.000Z');
    expect(await firstContact(qualified, now)).toMatchObject({ contactedAt: '2026-10-26T10:00:00.000Z' });
    expect(await firstContact(closed, now)).toMatchObject({ contactedAt: null, waiting: false });
    expect(await waitingIds(now)).toEqual([]);
  });

  it('never makes a request without consent wait, nor a lead whose latest request withdrew consent', async () => {
    const without = await lead(t.db, FRIDAY_EVENING, false);
    const withdrawn = await lead(t.db, FRIDAY_EVENING, true, 'changed-mind@example.org');
    await lead(t.db, new Date('2026-10-23T17:00:00.000Z'), false, 'changed-mind@example.org');
    const now = new Date('2026-11-02T09:00:00.000Z');
    expect(await firstContact(without, now)).toBeNull();
    expect(await firstContact(withdrawn, now)).toBeNull();
    expect(await waitingIds(now)).toEqual([]);
    const listed = await listLeads(t.db, { page: 1, now });
    expect(listed.leads.map((l) => l.waitingSince)).toEqual([null, null]);
  });

  it('starts a returning lead’s clock at its first request with consent, not its latest', async () => {
    const first = new Date('2026-10-19T09:00:00.000Z');
    const id = await lead(t.db, new Date('2026-10-12T09:00:00.000Z'), false, 'back@example.org');
    await lead(t.db, first, true, 'back@example.org');
    await lead(t.db, new Date('2026-10-22T09:00:00.000Z'), true, 'back@example.org');
    const now = new Date('2026-10-22T10:00:00.000Z');
    expect(await firstContact(id, now)).toMatchObject({ since: first.toISOString(), waiting: true });
    expect(await waitingIds(now)).toEqual([id]);
  });

  it('agrees between the list and the lead at each side of the end of the working day', async () => {
    const id = await lead(t.db, FRIDAY_EVENING);
    for (const [now, waiting] of [
      [MONDAY_AFTER, false],
      [new Date(MONDAY_AFTER.getTime() + 1), true],
    ] as const) {
      expect(await waitingIds(now)).toEqual(waiting ? [id] : []);
      expect((await firstContact(id, now))?.waiting).toBe(waiting);
    }
  });

  it('gives the overview each period’s figures, each lead in the period its first consent came in', async () => {
    const now = new Date('2026-11-23T15:00:00.000Z');
    const periods = overviewPeriods(now);
    const bounds = { current: periodBounds(periods.current), previous: periodBounds(periods.previous) };
    // This period: contacted in 1 h and in 3 h, one late (Tuesday for a Friday lead), one waiting,
    // one still inside its working day, one without consent.
    const monday = new Date('2026-11-16T10:00:00.000Z');
    await contact(await lead(t.db, monday), new Date('2026-11-16T11:00:00.000Z'));
    await contact(await lead(t.db, monday), new Date('2026-11-16T13:00:00.000Z'));
    const friday = new Date('2026-11-13T16:00:00.000Z');
    await contact(await lead(t.db, friday), new Date('2026-11-17T09:00:00.000Z'));
    await lead(t.db, new Date('2026-11-19T10:00:00.000Z'));
    await lead(t.db, new Date('2026-11-23T14:00:00.000Z'));
    await lead(t.db, monday, false);
    // The period before: one lead, answered in 30 minutes; and one before both periods.
    const before = new Date('2026-10-20T09:00:00.000Z');
    await contact(await lead(t.db, before), new Date('2026-10-20T09:30:00.000Z'));
    await lead(t.db, new Date('2026-09-01T09:00:00.000Z'));

    expect(await readSpeedToLead(t.db, bounds, now)).toEqual({
      current: {
        leads: 5,
        contacted: 3,
        medianMs: 3 * 3_600_000,
        settled: 4,
        withinOneWorkingDay: 2,
        waiting: 1,
      },
      previous: {
        leads: 1,
        contacted: 1,
        medianMs: 30 * 60_000,
        settled: 1,
        withinOneWorkingDay: 1,
        waiting: 0,
      },
    });
    // Waiting now, whenever they came: this period's, and the one from before both periods.
    expect(await countWaitingLeads(t.db, now)).toBe(2);
  });
});
