import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS_LISTED, ENGLAND_AND_WALES_BANK_HOLIDAYS, isBankHoliday } from './bank-holidays';
import { ukDay } from './uk-day';
import { addDays } from './uk-time';

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** Easter Sunday of a year by the Gregorian computus (Meeus/Jones/Butcher), as YYYY-MM-DD. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first Monday of a month on or after a day of it, and the last Monday of a month. */
const mondayOnOrAfter = (day: string) => addDays(day, (8 - weekday(day)) % 7);
const lastMonday = (lastDayOfMonth: string) => addDays(lastDayOfMonth, -((weekday(lastDayOfMonth) + 6) % 7));
/** A fixed holiday, or the weekday standing in for it when it falls on a weekend (`taken`: already used). */
function substitute(day: string, taken: readonly string[]): string {
  let standIn = day;
  while (weekday(standIn) === 0 || weekday(standIn) === 6 || taken.includes(standIn))
    standIn = addDays(standIn, 1);
  return standIn;
}

describe('the bank holidays of England and Wales', () => {
  it('runs at least twelve months ahead of today: add the next year from GOV.UK when this fails', () => {
    // This test is meant to fail with time: a list that has run out would count bank holidays as
    // working days, and the team's speed to lead would read slower than it is.
    expect(BANK_HOLIDAYS_LISTED.until >= addDays(ukDay(new Date()), 365)).toBe(true);
  });

  it.each(Object.entries(ENGLAND_AND_WALES_BANK_HOLIDAYS))(
    '%s follows the usual rules, plus its listed one-off days',
    (yearText, listed) => {
      const year = Number(yearText);
      const easter = easterSunday(year);
      const newYear = substitute(`${year}-01-01`, []);
      const christmas = substitute(`${year}-12-25`, []);
      const boxingDay = substitute(`${year}-12-26`, [christmas]);
      const usual = [
        newYear,
        addDays(easter, -2), // Good Friday
        addDays(easter, 1), // Easter Monday
        mondayOnOrAfter(`${year}-05-01`), // early May
        lastMonday(`${year}-05-31`), // spring
        lastMonday(`${year}-08-31`), // summer
        christmas,
        boxingDay,
      ];
      const oneOff = year === 2023 ? ['2023-05-08'] : []; // the coronation of King Charles III
      expect([...listed].sort()).toEqual([...usual, ...oneOff].sort());
      for (const day of listed) {
        expect(day.startsWith(yearText)).toBe(true);
        expect([0, 6]).not.toContain(weekday(day));
      }
    },
  );

  it('covers whole years with no gap', () => {
    const years = Object.keys(ENGLAND_AND_WALES_BANK_HOLIDAYS).map(Number);
    expect(years).toEqual(years.map((_, index) => years[0]! + index));
    expect(BANK_HOLIDAYS_LISTED.from).toBe(`${years[0]}-01-01`);
  });

  it.each([
    ['2026-12-25', true], // Christmas, a Friday
    ['2026-12-26', false], // Boxing Day is a Saturday: Monday the 28th stands in
    ['2026-12-28', true],
    ['2026-08-31', true],
    ['2026-08-24', false],
    ['2030-12-25', false], // beyond the list: not known
  ])('%s is a bank holiday: %s', (day, expected) => {
    expect(isBankHoliday(day)).toBe(expected);
  });
});
