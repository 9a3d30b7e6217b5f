import { SERVICE_TYPES, SIZE_BANDS, type ServiceProfile } from '../../core';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
  timeZoneName: 'short',
});

/** "22 November 2026 at 14:03 GMT", in UK time. */
export function dateTime(date: Date): string {
  return DATE_TIME.format(date);
}

const WEEKDAY_TIME = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

// Older ICU data writes "Tuesday, 24 November": the comma goes, so every Node line reads the same.

/** "Tuesday 24 November at 08:00", in UK time: the ends of a daily digest's period. */
export function weekdayTime(date: Date): string {
  return WEEKDAY_TIME.format(date).replace(',', '');
}

const WEEKDAY_DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/London',
});

/** "Wednesday 25 November", the UK day of an instant: a digest's subject. */
export function weekdayDay(date: Date): string {
  return WEEKDAY_DAY.format(date).replace(',', '');
}

/** "Home care, 25–99 people supported"; "not given" when the visitor skipped the question. */
export function profileLine(profile: ServiceProfile): string {
  const type = SERVICE_TYPES.find((t) => t.id === profile.serviceType)?.label;
  const size = SIZE_BANDS.find((b) => b.id === profile.size)?.label;
  const given = [type, size === undefined ? undefined : `${size} people supported`].filter(
    (part) => part !== undefined,
  );
  return given.length === 0 ? 'not given' : given.join(', ');
}
