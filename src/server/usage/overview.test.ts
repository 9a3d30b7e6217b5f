import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AREAS } from '../../core';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { EXPECTED_SCORES } from '../../../test/support/requests';
import { readOverview } from './overview';
import { addToCounter, counterKey } from './usage-counters';

const TODAY = new Date('2026-11-23T15:00:00.000Z');

describe.each(DATABASE_KINDS)('the team overview on %s', (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.destroy());
  beforeEach(async () => {
    await t.reset();
    await t.db.query('TRUNCATE usage_counters');
  });

  it('gives 30 days of zeros ending today, five sections reached by nobody and no averages on an empty database', async () => {
    const overview = await readOverview(t.db, TODAY);
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0]).toEqual({
      date: '2026-10-25',
      started: 0,
      completed: 0,
      pdfDownloaded: 0,
      emailRequested: 0,
    });
    expect(overview.days[29]?.date).toBe('2026-11-23');
    expect(
      overview.days.every((d) => d.started + d.completed + d.pdfDownloaded + d.emailRequested === 0),
    ).toBe(true);
    // Consecutive dates, oldest first, none missing or repeated.
    const dates = overview.days.map((d) => Date.parse(`${d.date}T00:00:00Z`));
    expect(dates.slice(1).every((date, i) => date - (dates[i] as number) === 86_400_000)).toBe(true);
    expect(overview.sections).toEqual(
      AREAS.map((area, i) => ({ section: i + 1, title: area.title, reached: 0 })),
    );
    expect(overview.areaAverages).toEqual(
      AREAS.map((area) => ({ areaId: area.id, title: area.title, average: null, count: 0 })),
    );
  });

  it('puts each count on its UTC day: the last millisecond of a day and the first of the next are apart', async () => {
    await addToCounter(t.db, 'started', new Date('2026-11-22T23:59:59.999Z'));
    await addToCounter(t.db, 'started', new Date('2026-11-23T00:00:00.000Z'));
    await addToCounter(t.db, 'started', new Date('2026-11-23T00:00:00.000Z'));
    await addToCounter(t.db, 'completed', new Date('2026-11-23T23:59:59.999Z'));
    await addToCounter(t.db, 'pdf_downloaded', new Date('2026-10-25T00:00:00.000Z')); // the first day shown
    await addToCounter(t.db, 'pdf_downloaded', new Date('2026-10-24T23:59:59.999Z')); // the day before it
    await addToCounter(t.db, 'email_requested', new Date('2026-11-24T00:00:00.000Z')); // tomorrow

    const { days } = await readOverview(t.db, TODAY);
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
    // At the first millisecond of a day, "today" is already that day.
    const { days: next } = await readOverview(t.db, new Date('2026-11-24T00:00:00.000Z'));
    expect(next[29]).toMatchObject({ date: '2026-11-24', emailRequested: 1 });
    expect(next[0]?.date).toBe('2026-10-26');
  });

  it('adds up each section reached over the 30 days, and only those', async () => {
    for (const [section, at] of [
      [1, '2026-11-01T10:00:00Z'],
      [1, '2026-11-23T10:00:00Z'],
      [3, '2026-11-05T10:00:00Z'],
      [5, '2026-10-24T23:59:59.999Z'], // a day too early
    ] as const) {
      await addToCounter(t.db, counterKey('section_reached', section), new Date(at));
    }
    const { sections } = await readOverview(t.db, TODAY);
    expect(sections.map((s) => s.reached)).toEqual([2, 0, 1, 0, 0]);
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

    const { areaAverages } = await readOverview(t.db, TODAY);
    expect(areaAverages).toEqual([
      { areaId: 'operational', title: 'Operational Efficiency', average: 81, count: 2 }, // (81 + 80) / 2 = 80.5
      { areaId: 'compliance', title: expect.any(String), average: EXPECTED_SCORES.compliance, count: 2 },
      { areaId: 'quality', title: expect.any(String), average: EXPECTED_SCORES.quality, count: 2 },
      { areaId: 'training', title: expect.any(String), average: EXPECTED_SCORES.training, count: 2 },
      { areaId: 'data', title: expect.any(String), average: 16, count: 2 }, // (0 + 32) / 2
    ]);
  });
});
