/**
 * UK time (Europe/London: GMT in winter, BST in summer) as the team lives it, computed in
 * JavaScript with Intl rather than in the database, whose time-zone data PGlite may lack. The UK
 * day of a moment is shared/uk-day.ts's ukDay; here, the way back: the moment of a UK wall-clock
 * reading on a day, and days counted on the calendar.
 */

const UK_ZONE = 'Europe/London';

// Made on first use: a module-level `new Intl.DateTimeFormat` would be a side effect at import.
let partsFormatter: Intl.DateTimeFormat | undefined;

/** The UK wall-clock reading of an instant, as numbers. */
function ukParts(instant: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  partsFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: UK_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** How far UK time is ahead of UTC at an instant, in milliseconds (0 in winter, 3,600,000 in summer). */
function ukOffsetMs(instant: Date): number {
  const p = ukParts(instant);
  const wallClockAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  // Seconds and milliseconds are the same in both readings; drop them from the instant too.
  return wallClockAsUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayParts(day: string): [number, number, number] {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The day `days` after `day` (before it, when negative), by the calendar. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The instant at which UK clocks read `hour`:`minute` on `day`. Read the offset at the same reading
 * taken as UTC, then check it at the instant that gives: the two differ only when a clock change
 * falls between them, and then the second is right. (A reading the change skips or repeats, 01:30
 * on the last Sunday of March or of October, comes out on one side of the change; the digest's 08:00
 * is never one of those.)
 */
export function ukWallClock(day: string, hour: number, minute = 0): Date {
  const [year, month, date] = dayParts(day);
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  const first = asUtc - ukOffsetMs(new Date(asUtc));
  const second = asUtc - ukOffsetMs(new Date(first));
  return new Date(second);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as UK clocks read it, to the minute, in the form a spreadsheet reads as a date and time:
 * "2026-11-28 14:05" (GMT or BST as the moment has it). In the hour repeated at the end of BST the
 * same reading names two moments; the minute is what a person reads on a clock, so that is kept.
 */
export function ukDateTimeText(instant: Date): string {
  const p = ukParts(instant);
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}
