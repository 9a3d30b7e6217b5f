import { describe, expect, it } from 'vitest';
import { AREAS } from '../../core';
import { FUNNEL_STEPS, counterKey, type FunnelStepId } from '../../shared/usage-events';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { EXPECTED_SCORES } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import type { Overview } from '../../shared/team-api';
import { readLeadFigures } from '../leads/lead-figures';
import { overviewPeriods, periodDays, readOverview } from './overview';
import { addToCounter } from './usage-counters';

const TODAY = new Date('2026-11-23T15:00:00.000Z');

/** Adds `times` to a counter at the moment `at`. */
async function count(
  db: Parameters<typeof addToCounter>[0],
  key: Parameters<typeof addToCounter>[1],
  at: string,
  times = 1,
) {
  for (let i = 0; i < times; i++) await addToCounter(db, key, new Date(at));
}

const step = (overview: Overview, id: FunnelStepId) => overview.funnel.find((s) => s.id === id)!;

describe('the periods of the overview', () => {
  it('are the 30 UTC days ending today and the 30 before them, each day once, none between', () => {
    const periods = overviewPeriods(TODAY);
    expect(periods).toEqual({
      current: { first: '2026-10-25', last: '2026-11-23' },
      previous: { first: '2026-09-25', last: '2026-10-24' },
    });
    const days = [...periodDays(periods.previous), ...periodDays(periods.current)];
    expect(days).toHaveLength(60);
    const times = days.map((d) => Date.parse(`${d}T00:00:00Z`));
    expect(times.slice(1).every((time, i) => time - (times[i] as number) === 86_400_000)).toBe(true);
  });

  it('move with the UTC day: at its first millisecond today is already the new day, at its last still the old', () => {
    expect(overviewPeriods(new Date('2026-11-23T23:59:59.999Z')).current.last).toBe('2026-11-23');
    expect(overviewPeriods(new Date('2026-11-24T00:00:00.000Z')).current).toEqual({
      first: '2026-10-26',
      last: '2026-11-24',
    });
  });

  it('cross the clock change and the end of February as whole days', () => {
    // 29 October 2026 is after the UK clocks go back; 2028 is a leap year.
    expect(overviewPeriods(new Date('2026-11-01T00:30:00Z')).current.first).toBe('2026-10-03');
    expect(overviewPeriods(new Date('2028-03-15T12:00:00Z'))).toEqual({
      current: { first: '2028-02-15', last: '2028-03-15' },
      previous: { first: '2028-01-16', last: '2028-02-14' },
    });
  });
});

describe.each(DATABASE_KINDS)('the team overview on %s', (kind) => {
  const t = useTestDatabase(kind);
  const overview = (today = TODAY) => readOverview(t.db, readLeadFigures, today);

  it('gives 30 days of zeros ending today, a funnel of zeros in both periods, no leads and no averages on an empty database', async () => {
    const result = await overview();
    expect(result.period).toEqual({ first: '2026-10-25', last: '2026-11-23' });
    expect(result.previousPeriod).toEqual({ first: '2026-09-25', last: '2026-10-24' });
    expect(result.days).toHaveLength(30);
    expect(result.days[0]).toEqual({
      date: '2026-10-25',
      started: 0,
      completed: 0,
      pdfDownloaded: 0,
      emailRequested: 0,
    });
    expect(result.days[29]?.date).toBe('2026-11-23');
    expect(result.days.every((d) => d.started + d.completed + d.pdfDownloaded + d.emailRequested === 0)).toBe(
      true,
    );
    const zero = { counted: 0, shown: 0 };
    expect(result.funnel).toEqual(
      FUNNEL_STEPS.map(({ id, after }) => ({ id, after, current: zero, previous: zero })),
    );
    expect(result.leads).toMatchObject({ total: 0, previousTotal: 0, bySource: [], otherSources: null });
    expect(result.areaAverages).toEqual(
      AREAS.map((area) => ({ areaId: area.id, title: area.title, average: null, count: 0 })),
    );
  });

  it('puts each count on its UTC day: the last millisecond of a day and the first of the next are apart', async () => {
    await count(t.db, 'started', '2026-11-22T23:59:59.999Z');
    await count(t.db, 'started', '2026-11-23T00:00:00.000Z', 2);
    await count(t.db, 'completed', '2026-11-23T23:59:59.999Z');
    await count(t.db, 'pdf_downloaded', '2026-10-25T00:00:00.000Z'); // the first day shown
    await count(t.db, 'pdf_downloaded', '2026-10-24T23:59:59.999Z'); // the day before it
    await count(t.db, 'email_requested', '2026-11-24T00:00:00.000Z'); // tomorrow

    const { days } = await overview();
    const byDate = Object.fromEntries(days.map((d) => [d.date, d]));
    expect(byDate['2026-11-22']).toMatchObject({ started: 1, completed: 0 });
    expect(byDate['2026-11-23']).toEqual({
      date: '2026-11-23',
      started: 2,
      completed: 1,
      pdfDownloaded: 0,
      emailRequested: 0,
    });
    expect(byDate['2026-10-25']?.pdfDownloaded).toBe(1);
    expect(days.reduce((sum, d) => sum + d.pdfDownloaded + d.emailRequested, 0)).toBe(1);
    const { days: next } = await overview(new Date('2026-11-24T00:00:00.000Z'));
    expect(next[29]).toMatchObject({ date: '2026-11-24', emailRequested: 1 });
    expect(next[0]?.date).toBe('2026-10-26');
  });

  it('never shows a step above the one before, with more section events than starts, and says what was counted', async () => {
    // Audits begun on the day before the period: their later steps fall inside it, their start not.
    await count(t.db, 'started', '2026-10-24T23:00:00Z', 4);
    await count(t.db, 'started', '2026-11-10T10:00:00Z', 18);
    await count(t.db, counterKey('section_reached', 1), '2026-10-25T00:10:00Z', 2);
    await count(t.db, counterKey('section_reached', 1), '2026-11-10T10:00:00Z', 18);
    await count(t.db, counterKey('section_reached', 2), '2026-11-10T10:00:00Z', 19);
    await count(t.db, counterKey('section_reached', 3), '2026-11-10T10:00:00Z', 12);
    await count(t.db, counterKey('section_reached', 4), '2026-11-10T10:00:00Z', 12);
    await count(t.db, counterKey('section_reached', 5), '2026-11-10T10:00:00Z', 13);
    await count(t.db, 'completed', '2026-11-10T10:00:00Z', 10);
    await count(t.db, 'pdf_downloaded', '2026-11-10T10:00:00Z', 11);
    await count(t.db, 'email_requested', '2026-11-10T10:00:00Z', 2);
    // Three requests with consent from those two audits (one visitor asked again).
    for (const email of ['a@example.org', 'b@example.org', 'a2@example.org']) {
      await storeLead(t.db, { email, consent: true, createdAt: new Date('2026-11-10T10:05:00Z') });
    }

    const result = await overview();
    expect(result.funnel.map((s) => [s.id, s.current])).toEqual([
      ['started', { counted: 18, shown: 18 }],
      ['section_1_reached', { counted: 20, shown: 18 }],
      ['section_2_reached', { counted: 19, shown: 18 }],
      ['section_3_reached', { counted: 12, shown: 12 }],
      ['section_4_reached', { counted: 12, shown: 12 }],
      ['section_5_reached', { counted: 13, shown: 12 }],
      ['completed', { counted: 10, shown: 10 }],
      ['pdf_downloaded', { counted: 11, shown: 10 }],
      ['email_requested', { counted: 2, shown: 2 }],
      ['consent_given', { counted: 3, shown: 2 }],
    ]);
    for (const s of result.funnel) {
      const before = s.after === null ? undefined : step(result, s.after);
      if (before) expect(s.current.shown).toBeLessThanOrEqual(before.current.shown);
      if (before) expect(s.previous.shown).toBeLessThanOrEqual(before.previous.shown);
    }
    // The 4 starts of the day before are the previous period's, and nothing followed them there.
    expect(step(result, 'started').previous).toEqual({ counted: 4, shown: 4 });
    expect(step(result, 'section_1_reached').previous).toEqual({ counted: 0, shown: 0 });
  });

  it('counts the 30 days before from their first millisecond to their last, for the counters and the leads alike', async () => {
    const at = {
      tooEarly: '2026-09-24T23:59:59.999Z',
      previousFirst: '2026-09-25T00:00:00.000Z',
      previousLast: '2026-10-24T23:59:59.999Z',
      currentFirst: '2026-10-25T00:00:00.000Z',
      currentLast: '2026-11-23T23:59:59.999Z',
      tomorrow: '2026-11-24T00:00:00.000Z',
    };
    await count(t.db, 'started', at.tooEarly, 100);
    await count(t.db, 'started', at.previousFirst, 1);
    await count(t.db, 'started', at.previousLast, 2);
    await count(t.db, 'started', at.currentFirst, 4);
    await count(t.db, 'started', at.currentLast, 8);
    await count(t.db, 'started', at.tomorrow, 100);
    const leads: [keyof typeof at, boolean][] = [
      ['tooEarly', true],
      ['previousFirst', true],
      ['previousLast', false],
      ['currentFirst', true],
      ['currentLast', true],
      ['currentLast', false],
      ['tomorrow', true],
    ];
    for (const [i, [when, consent]] of leads.entries()) {
      await storeLead(t.db, { email: `lead${i}@example.org`, consent, createdAt: new Date(at[when]) });
    }

    const result = await overview();
    expect(step(result, 'started')).toMatchObject({
      current: { counted: 12, shown: 12 },
      previous: { counted: 3, shown: 3 },
    });
    expect(result.leads).toMatchObject({ total: 3, previousTotal: 2 });
    expect(step(result, 'consent_given')).toMatchObject({
      current: { counted: 2, shown: 0 },
      previous: { counted: 1, shown: 0 },
    });
    expect(result.leads.byStatus.reduce((sum, g) => sum + g.count, 0)).toBe(3);
  });

  it('averages each area over the e-mail requests of the 30 days, rounded to a whole number', async () => {
    const inside = await storeLead(t.db, {
      email: 'a@example.org',
      createdAt: new Date('2026-10-25T00:00:00.000Z'),
    });
    await storeLead(t.db, { email: 'b@example.org', createdAt: new Date('2026-11-23T14:59:00.000Z') });
    await storeLead(t.db, { email: 'early@example.org', createdAt: new Date('2026-10-24T23:59:59.999Z') });
    await t.db.query('UPDATE email_requests SET operational_score = 81, data_score = 0 WHERE id = $1', [
      inside,
    ]);
    // And one with extreme scores, outside the window: it must not pull the averages.
    await t.db.query(
      "UPDATE email_requests SET operational_score = 0, data_score = 100 WHERE email = 'early@example.org'",
    );

    const { areaAverages } = await overview();
    expect(areaAverages).toEqual([
      { areaId: 'operational', title: 'Operational Efficiency', average: 81, count: 2 }, // (81 + 80) / 2 = 80.5
      { areaId: 'compliance', title: expect.any(String), average: EXPECTED_SCORES.compliance, count: 2 },
      { areaId: 'quality', title: expect.any(String), average: EXPECTED_SCORES.quality, count: 2 },
      { areaId: 'training', title: expect.any(String), average: EXPECTED_SCORES.training, count: 2 },
      { areaId: 'data', title: expect.any(String), average: 16, count: 2 }, // (0 + 32) / 2
    ]);
  });
});
