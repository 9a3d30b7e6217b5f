import { describe, expect, it } from 'vitest';
import { ukDay } from './uk-day';

describe('ukDay', () => {
  it.each([
    // Summer (BST, UTC+1): 23:00 UTC is already tomorrow in the UK.
    ['2026-07-14T22:59:59.999Z', '2026-07-14'],
    ['2026-07-14T23:00:00.000Z', '2026-07-15'],
    ['2026-07-14T23:30:00.000Z', '2026-07-15'],
    // Winter (GMT): the UK day is the UTC day.
    ['2026-12-14T23:30:00.000Z', '2026-12-14'],
    ['2026-12-14T23:59:59.999Z', '2026-12-14'],
    ['2026-12-15T00:00:00.000Z', '2026-12-15'],
    // The clock changes: 01:00 UTC on the last Sunday of March, of October.
    ['2026-03-28T23:30:00.000Z', '2026-03-28'],
    ['2026-03-29T23:30:00.000Z', '2026-03-30'],
    ['2026-10-24T23:30:00.000Z', '2026-10-25'],
    ['2026-10-25T23:30:00.000Z', '2026-10-25'],
    // The year's end, and a leap day.
    ['2026-12-31T23:59:59.999Z', '2026-12-31'],
    ['2028-02-29T12:00:00.000Z', '2028-02-29'],
  ])('dates %s as %s in the UK', (moment, day) => {
    expect(ukDay(new Date(moment))).toBe(day);
  });
});
