import type { DeliveryState, FollowUpStatus, MessageKind, MessageStatus } from '../../shared/team-api';

// Times are shown in the team's own time zone (the browser's), in British style.
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const WEEK_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** A calendar day ("YYYY-MM-DD", UTC as the counters count) as "23 Nov". */
export function formatDay(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

/** A calendar day's weekday, "Mon". */
export function formatWeekDay(date: string): string {
  return WEEK_DAY.format(new Date(`${date}T00:00:00Z`));
}

/** A calendar day as "Mon 23 Nov 2026". */
export function formatLongDay(date: string): string {
  return LONG_DAY.format(new Date(`${date}T00:00:00Z`));
}

export const STATUS_LABELS: Record<FollowUpStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  closed: 'Closed',
};

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  sent: 'Sent',
  pending: 'Sending',
  failed: 'Failed',
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const KIND_LABELS: Record<MessageKind, string> = {
  visitor: 'Results e-mail to the visitor',
  team: 'Lead e-mail to the team',
  sign_in: 'Sign-in link',
  webhook: 'Webhook (CRM)',
};

/** "1 lead", "2 leads". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}
