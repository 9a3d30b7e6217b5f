import { afterEach, describe, expect, it } from 'vitest';
import { addDays, ukDateTimeText, ukWallClock } from './uk-time';

// 2026's clock changes: BST starts on Sunday 29 March (01:00 GMT becomes 02:00 BST) and ends on
// Sunday 25 October (02:00 BST becomes 01:00 GMT), the last Sundays of those months.
describe('ukWallClock: the instant UK clocks read a time on a day', () => {
  it.each([
    ['2026-01-15', 8, 0, '2026-01-15T08:00:00.000Z'], // winter: GMT, UTC+0
    ['2026-07-15', 8, 0, '2026-07-15T07:00:00.000Z'], // summer: BST, UTC+1
    ['2026-03-28', 8, 0, '2026-03-28T08:00:00.000Z'], // the Saturday before BST starts
    ['2026-03-29', 8, 0, '2026-03-29T07:00:00.000Z'], // BST began at 01:00 GMT that morning
    ['2026-03-29', 0, 30, '2026-03-29T00:30:00.000Z'], // before the change that night
    ['2026-03-29', 3, 0, '2026-03-29T02:00:00.000Z'], // after it
    ['2026-10-24', 8, 0, '2026-10-24T07:00:00.000Z'], // the Saturday before BST ends
    ['2026-10-25', 8, 0, '2026-10-25T08:00:00.000Z'], // GMT again from 01:00 GMT that morning
    ['2026-10-25', 0, 30, '2026-10-24T23:30:00.000Z'], // before the change that night, still BST
    ['2026-10-25', 3, 0, '2026-10-25T03:00:00.000Z'], // after it
    ['2026-12-31', 23, 59, '2026-12-31T23:59:00.000Z'],
    ['2028-02-29', 8, 0, '2028-02-29T08:00:00.000Z'], // a leap day
  ])('%s %i:%i is %s', (day, hour, minute, expected) => {
    expect(ukWallClock(day, hour, minute).toISOString()).toBe(expected);
  });

  it('lands a reading the spring change skips on its far side, and never throws for one', () => {
    // 01:30 does not happen on 29 March 2026: clocks go from 00:59:59 GMT to 02:00:00 BST.
    expect(ukWallClock('2026-03-29', 1, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses what is not a day', () => {
    expect(() => ukWallClock('29/03/2026', 8)).toThrow(RangeError);
    expect(() => ukWallClock('', 8)).toThrow(RangeError);
  });

  describe('whatever time zone the server itself runs in', () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(['Pacific/Auckland', 'America/Los_Angeles', 'UTC'])(
      'gives the same instants under TZ=%s',
      (zone) => {
        process.env.TZ = zone;
        expect(ukWallClock('2026-03-29', 8).toISOString()).toBe('2026-03-29T07:00:00.000Z');
        expect(ukWallClock('2026-10-25', 8).toISOString()).toBe('2026-10-25T08:00:00.000Z');
        expect(ukWallClock('2026-01-15', 8).toISOString()).toBe('2026-01-15T08:00:00.000Z');
      },
    );
  });
});

describe('addDays: days counted on the calendar', () => {
  it.each([
    ['2026-03-28', 1, '2026-03-29'],
    ['2026-03-29', -1, '2026-03-28'],
    ['2026-10-25', 1, '2026-10-26'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-26', -365, '2025-11-26'],
    ['2026-11-26', 0, '2026-11-26'],
  ])('%s %+i is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

describe('ukDateTimeText: a moment as UK clocks read it, to the minute', () => {
  it.each([
    ['winter (GMT)', '2026-11-28T14:05:59.999Z', '2026-11-28 14:05'],
    ['summer (BST)', '2026-07-01T13:05:00Z', '2026-07-01 14:05'],
    ['the UK day starting an hour before UTC’s in summer', '2026-06-10T23:30:00Z', '2026-06-11 00:30'],
    ['the last minute before BST starts', '2026-03-29T00:59:00Z', '2026-03-29 00:59'],
    ['the first minute of BST', '2026-03-29T01:00:00Z', '2026-03-29 02:00'],
    ['the repeated hour, first pass (BST)', '2026-10-25T00:30:00Z', '2026-10-25 01:30'],
    ['the repeated hour, second pass (GMT)', '2026-10-25T01:30:00Z', '2026-10-25 01:30'],
    ['a year’s end', '2026-12-31T23:59:00Z', '2026-12-31 23:59'],
  ])('%s', (_, instant, text) => {
    expect(ukDateTimeText(new Date(instant))).toBe(text);
  });
});
