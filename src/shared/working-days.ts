import { isBankHoliday } from './bank-holidays';
import { ukDay } from './uk-day';
import { addDays, ukWallClock } from './uk-time';

/**
 * UK working days, as the team answers leads by them (issue 35, decision 0078): Monday to Friday,
 * bank holidays in England and Wales excepted, each a calendar day in UK time (GMT or BST).
 *
 * "Within one working day" of a request means by the same UK clock reading on the next working day:
 * a request at 17:00 on a Friday is answered in time until 17:00 on Monday (Tuesday when Monday is a
 * bank holiday), whatever the clocks did in between, so the October change makes that 73 hours and
 * March's 71. A request made on a day off starts its working day at midnight on the next working
 * day, so it is due at the start of the working day after that.
 */

/** Whether a UK calendar day (YYYY-MM-DD) is a working day. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(day);
}

/** The first working day after `day` (YYYY-MM-DD). */
export function nextWorkingDay(day: string): string {
  let next = addDays(day, 1);
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return next;
}

const MINUTE_MS = 60_000;

/** The moment one UK working day after `start` ends: until then, a lead is answered in time. */
export function oneWorkingDayAfter(start: Date): Date {
  const day = ukDay(start);
  if (!isWorkingDay(day)) return ukWallClock(nextWorkingDay(nextWorkingDay(day)), 0);
  // The UK clock reading of `start`, to the millisecond: UK time is whole hours from UTC, so the
  // seconds within the minute are the same on both clocks.
  const sinceMidnight = start.getTime() - ukWallClock(day, 0).getTime();
  const hour = Math.floor(sinceMidnight / 3_600_000);
  const minute = Math.floor((sinceMidnight % 3_600_000) / MINUTE_MS);
  const withinMinute = start.getTime() % MINUTE_MS;
  return new Date(ukWallClock(nextWorkingDay(day), hour, minute).getTime() + withinMinute);
}

/** Whether a contact at `contactedAt` answered a lead that came at `start` within one working day. */
export function answeredWithinOneWorkingDay(start: Date, contactedAt: Date): boolean {
  return contactedAt.getTime() <= oneWorkingDayAfter(start).getTime();
}

// No run of days off is longer than this (Christmas and a weekend make four): a lead this old has
// always had its working day.
const LONGEST_WAIT_MS = 14 * 24 * 3_600_000;

/**
 * The latest moment a lead could have come and have had its whole working day by `now`: a lead is
 * waiting when it came at or before this and has not been answered. It lets the database pick the
 * waiting leads with one comparison, since a later start never has an earlier end of its working
 * day: found by halving the fortnight before `now` until the millisecond.
 */
export function latestStartPastItsWorkingDay(now: Date): Date {
  let past = now.getTime() - LONGEST_WAIT_MS; // its working day has ended by now
  let notYet = now.getTime(); // a lead coming now has its whole working day ahead
  while (notYet - past > 1) {
    const middle = Math.floor((past + notYet) / 2);
    if (oneWorkingDayAfter(new Date(middle)).getTime() < now.getTime()) past = middle;
    else notYet = middle;
  }
  return new Date(past);
}
