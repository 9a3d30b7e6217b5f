import { describe, expect, it } from 'vitest';
import { savedAuditTerm } from './saved-audit-term';

// 2026's clock changes: BST starts on Sunday 29 March (01:00 GMT becomes 02:00 BST) and ends on
// Sunday 25 October (02:00 BST becomes 01:00 GMT).

/** Whether the link of a save made at `firstSave` opens at `now`: the rule every check applies. */
const opensAt = (firstSave: string, now: string) =>
  new Date(now).getTime() < savedAuditTerm(new Date(firstSave)).endsAt.getTime();

describe('the term of a saved audit: until the end of the UK day 30 days after the first save', () => {
  it.each([
    // [what, first save (UTC), last day, the moment it ends (UTC)]
    [
      '28 November (GMT) → all of 28 December',
      '2026-11-28T14:05:00.000Z',
      '2026-12-28',
      '2026-12-29T00:00:00.000Z',
    ],
    [
      'a save at 00:00:30 UK time (GMT)',
      '2026-11-28T00:00:30.000Z',
      '2026-12-28',
      '2026-12-29T00:00:00.000Z',
    ],
    [
      'a save at 23:59:30 UK time (GMT)',
      '2026-11-28T23:59:30.000Z',
      '2026-12-28',
      '2026-12-29T00:00:00.000Z',
    ],
    // In BST the UK day starts at 23:00 UTC the day before.
    [
      'a save at 00:00:30 UK time (BST) is that UK day',
      '2026-06-09T23:00:30.000Z',
      '2026-07-10',
      '2026-07-10T23:00:00.000Z',
    ],
    [
      'a save at 23:59:30 UK time (BST)',
      '2026-06-10T22:59:30.000Z',
      '2026-07-10',
      '2026-07-10T23:00:00.000Z',
    ],
    ['a save across a year’s end', '2026-12-15T10:00:00.000Z', '2027-01-14', '2027-01-15T00:00:00.000Z'],
    [
      'a save in a leap year’s February',
      '2028-02-10T12:00:00.000Z',
      '2028-03-11',
      '2028-03-12T00:00:00.000Z',
    ],
    // Saved in GMT, ends in BST: the last day ends at 23:00 UTC, an hour sooner than 30×24 h would.
    [
      'across the March change (saved in GMT, ends in BST)',
      '2026-03-10T12:00:00.000Z',
      '2026-04-09',
      '2026-04-09T23:00:00.000Z',
    ],
    [
      'saved the night before the March change',
      '2026-03-28T23:30:00.000Z',
      '2026-04-27',
      '2026-04-27T23:00:00.000Z',
    ],
    // Saved in BST, ends in GMT.
    [
      'across the October change (saved in BST, ends in GMT)',
      '2026-10-10T12:00:00.000Z',
      '2026-11-09',
      '2026-11-10T00:00:00.000Z',
    ],
    [
      'saved at 00:30 BST on the day of the October change',
      '2026-10-24T23:30:00.000Z',
      '2026-11-24',
      '2026-11-25T00:00:00.000Z',
    ],
    [
      'saved at 01:30 GMT (the repeated hour’s second pass)',
      '2026-10-25T01:30:00.000Z',
      '2026-11-24',
      '2026-11-25T00:00:00.000Z',
    ],
    // The last day falls on a change of clocks: that day is 23 or 25 hours long and opens all of it.
    [
      'the last day is the March change',
      '2026-02-27T09:00:00.000Z',
      '2026-03-29',
      '2026-03-29T23:00:00.000Z',
    ],
    [
      'the last day is the October change',
      '2026-09-25T09:00:00.000Z',
      '2026-10-25',
      '2026-10-26T00:00:00.000Z',
    ],
  ])('%s', (_, firstSave, lastDay, endsAt) => {
    const term = savedAuditTerm(new Date(firstSave));
    expect(term.lastDay).toBe(lastDay);
    expect(term.endsAt.toISOString()).toBe(endsAt);
  });

  it('opens at 23:59:59 on the last day, and not at 00:00:00 the next day (GMT)', () => {
    expect(opensAt('2026-11-28T14:05:00Z', '2026-12-28T23:59:59.000Z')).toBe(true);
    expect(opensAt('2026-11-28T14:05:00Z', '2026-12-28T23:59:59.999Z')).toBe(true);
    expect(opensAt('2026-11-28T14:05:00Z', '2026-12-29T00:00:00.000Z')).toBe(false);
  });

  it('opens at 23:59:59 on the last day, and not at 00:00:00 the next day (BST)', () => {
    // 23:59:59 BST on 10 July is 22:59:59 UTC.
    expect(opensAt('2026-06-10T08:00:00Z', '2026-07-10T22:59:59.000Z')).toBe(true);
    expect(opensAt('2026-06-10T08:00:00Z', '2026-07-10T23:00:00.000Z')).toBe(false);
  });

  it('a save late in the day still gets the whole last day; one early in the day no more', () => {
    // 30×24 hours from 23:59:30 would end at 23:59:30 on the last day, and from 00:00:30 the link
    // would open until 00:00:30 the day after it: the rule gives both the same last day, whole.
    expect(opensAt('2026-11-28T23:59:30Z', '2026-12-28T23:59:45Z')).toBe(true);
    expect(opensAt('2026-11-28T00:00:30Z', '2026-12-29T00:00:15Z')).toBe(false);
  });

  it('refuses a time that is no time', () => {
    expect(() => savedAuditTerm(new Date('not a date'))).toThrow(RangeError);
  });
});
