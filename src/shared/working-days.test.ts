import { describe, expect, it } from 'vitest';
import {
  answeredWithinOneWorkingDay,
  isWorkingDay,
  latestStartPastItsWorkingDay,
  nextWorkingDay,
  oneWorkingDayAfter,
} from './working-days';

// 2026: BST ends on Sunday 25 October (02:00 BST becomes 01:00 GMT) and begins on Sunday 29 March.
// Bank holidays nearby: Good Friday 3 April, Easter Monday 6 April, 31 August, Christmas (Friday
// 25 December) and Monday 28 December for Boxing Day, 1 January 2027.

describe('isWorkingDay and nextWorkingDay', () => {
  it.each([
    ['2026-10-23', true], // a Friday
    ['2026-10-24', false], // Saturday
    ['2026-10-25', false], // Sunday, the clocks go back
    ['2026-10-26', true],
    ['2026-08-31', false], // summer bank holiday
    ['2026-12-24', true],
    ['2026-12-25', false],
    ['2026-12-28', false], // Boxing Day stands in on Monday
    ['2026-12-29', true],
  ])('%s is a working day: %s', (day, expected) => {
    expect(isWorkingDay(day)).toBe(expected);
  });

  it.each([
    ['2026-10-23', '2026-10-26'], // Friday → Monday
    ['2026-08-28', '2026-09-01'], // Friday before the August bank holiday → Tuesday
    ['2026-04-02', '2026-04-07'], // Thursday before Easter → the Tuesday after
    ['2026-12-24', '2026-12-29'],
    ['2026-12-31', '2027-01-04'], // New Year's Day is a Friday
  ])('after %s comes %s', (day, next) => {
    expect(nextWorkingDay(day)).toBe(next);
  });
});

describe('oneWorkingDayAfter: when a lead has had its working day', () => {
  it.each([
    // A Tuesday noon in summer (BST): Wednesday noon.
    ['2026-07-14T11:00:00.000Z', '2026-07-15T11:00:00.000Z'],
    // Friday evening, 18:30 BST: Monday 18:30 BST.
    ['2026-10-16T17:30:00.000Z', '2026-10-19T17:30:00.000Z'],
    // Friday 17:00 BST before the clocks go back: Monday 17:00 GMT, 73 hours later.
    ['2026-10-23T16:00:00.000Z', '2026-10-26T17:00:00.000Z'],
    // Friday 17:00 GMT before the clocks go forward: Monday 17:00 BST, 71 hours later.
    ['2026-03-27T17:00:00.000Z', '2026-03-30T16:00:00.000Z'],
    // The Friday before the August bank holiday: Tuesday.
    ['2026-08-28T15:00:00.000Z', '2026-09-01T15:00:00.000Z'],
    // Maundy Thursday: Good Friday and Easter Monday off, so Tuesday.
    ['2026-04-02T09:15:30.250Z', '2026-04-07T09:15:30.250Z'],
    // Christmas Eve noon: Tuesday 29 December noon.
    ['2026-12-24T12:00:00.000Z', '2026-12-29T12:00:00.000Z'],
    // A Saturday: its working day is Monday, whole, so it ends at Tuesday 00:00 (GMT).
    ['2026-10-24T10:00:00.000Z', '2026-10-27T00:00:00.000Z'],
    // Sunday in the repeated hour of the clock change: the same.
    ['2026-10-25T01:30:00.000Z', '2026-10-27T00:00:00.000Z'],
    // Boxing Day, a Saturday: Tuesday 29th is its working day, so Wednesday 00:00.
    ['2026-12-26T09:00:00.000Z', '2026-12-30T00:00:00.000Z'],
    // A working day's last minute and its first: one day on.
    ['2026-10-22T22:59:00.000Z', '2026-10-23T22:59:00.000Z'], // Thursday 23:59 BST → Friday
    ['2026-10-22T23:00:00.000Z', '2026-10-26T00:00:00.000Z'], // Friday 00:00 BST → Monday 00:00 GMT
  ])('a lead at %s has until %s', (start, end) => {
    expect(oneWorkingDayAfter(new Date(start)).toISOString()).toBe(end);
  });

  it('never ends earlier for a later lead, every 7 minutes from 20 October to 6 January', () => {
    let previous = 0;
    for (
      let t = Date.parse('2026-10-20T00:00:00Z');
      t < Date.parse('2027-01-06T00:00:00Z');
      t += 7 * 60_000
    ) {
      const end = oneWorkingDayAfter(new Date(t)).getTime();
      expect(end).toBeGreaterThanOrEqual(previous);
      expect(end).toBeGreaterThan(t);
      previous = end;
    }
  });
});

describe('answeredWithinOneWorkingDay', () => {
  const fridayEvening = new Date('2026-10-23T16:00:00.000Z'); // 17:00 BST, before the clocks go back
  it.each([
    ['2026-10-23T16:05:00.000Z', true], // five minutes later
    ['2026-10-26T16:30:00.000Z', true], // Monday 16:30 GMT: 72.5 hours on, but in time
    ['2026-10-26T17:00:00.000Z', true], // Monday 17:00 GMT exactly
    ['2026-10-26T17:00:00.001Z', false],
    ['2026-10-27T09:00:00.000Z', false], // Tuesday morning
  ])('contacted at %s: %s', (contactedAt, expected) => {
    expect(answeredWithinOneWorkingDay(fridayEvening, new Date(contactedAt))).toBe(expected);
  });

  it('gives a lead over a bank holiday weekend the Tuesday', () => {
    const friday = new Date('2026-08-28T15:00:00.000Z');
    expect(answeredWithinOneWorkingDay(friday, new Date('2026-09-01T14:59:00.000Z'))).toBe(true);
    expect(answeredWithinOneWorkingDay(friday, new Date('2026-09-01T15:01:00.000Z'))).toBe(false);
  });
});

describe('latestStartPastItsWorkingDay: the waiting leads by one comparison', () => {
  it.each([
    // Monday 17:00:00.001 GMT after the clock change: Friday 17:00 BST's lead has just had its day.
    ['2026-10-26T17:00:00.001Z', '2026-10-23T16:00:00.000Z'],
    // Wednesday noon BST: Tuesday noon's lead.
    ['2026-07-15T11:00:00.001Z', '2026-07-14T11:00:00.000Z'],
    // Tuesday 00:00:00.001 GMT: the weekend's leads and the one at Monday's first instant.
    ['2026-10-27T00:00:00.001Z', '2026-10-26T00:00:00.000Z'],
  ])('at %s, a lead that came at or before %s is past its working day', (now, cutoff) => {
    const found = latestStartPastItsWorkingDay(new Date(now));
    expect(found.toISOString()).toBe(cutoff);
    expect(oneWorkingDayAfter(found).getTime()).toBeLessThan(Date.parse(now));
    expect(oneWorkingDayAfter(new Date(found.getTime() + 1)).getTime()).toBeGreaterThanOrEqual(
      Date.parse(now),
    );
  });

  it('agrees with oneWorkingDayAfter for every hour over Christmas', () => {
    for (
      let now = Date.parse('2026-12-23T00:00:00Z');
      now < Date.parse('2027-01-06T00:00:00Z');
      now += 3_600_000 + 17
    ) {
      const cutoff = latestStartPastItsWorkingDay(new Date(now)).getTime();
      expect(oneWorkingDayAfter(new Date(cutoff)).getTime()).toBeLessThan(now);
      expect(oneWorkingDayAfter(new Date(cutoff + 1)).getTime()).toBeGreaterThanOrEqual(now);
    }
  });
});
