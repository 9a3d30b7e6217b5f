/**
 * The one range of dates the API takes, for every date and time in a request (decision 0081).
 * PostgreSQL and PGlite refuse year 0 and offsets past ±15:59, and JavaScript writes a year past
 * 9999 as "+010000", which neither reads: a request carrying such a date was a 500. Nothing the
 * product keeps needs a date outside 2000 to 9999, so a request is held to that, in UTC once its
 * offset is applied, and answered 400 naming the field otherwise.
 */

/** The first instant taken: 2000-01-01T00:00:00.000Z. */
export const EARLIEST_STORABLE_INSTANT = new Date(Date.UTC(2000, 0, 1));
/** The last instant taken: 9999-12-31T23:59:59.999Z. */
export const LATEST_STORABLE_INSTANT = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

/** The same range as days, YYYY-MM-DD (strings of that form sort as the days do). */
export const EARLIEST_STORABLE_DAY = '2000-01-01';
export const LATEST_STORABLE_DAY = '9999-12-31';

/** What a person is told about a date or time outside the range. */
export const STORABLE_DATE_MESSAGE = 'Give a date from 2000-01-01 to 9999-12-31 (UTC).';

/** Whether `at` (any valid time) falls within the range once in UTC. */
export function isStorableInstant(at: Date): boolean {
  const ms = at.getTime();
  return ms >= EARLIEST_STORABLE_INSTANT.getTime() && ms <= LATEST_STORABLE_INSTANT.getTime();
}

/** Whether `day`, already known to be a calendar day written YYYY-MM-DD, falls within the range. */
export function isStorableDay(day: string): boolean {
  return day >= EARLIEST_STORABLE_DAY && day <= LATEST_STORABLE_DAY;
}
