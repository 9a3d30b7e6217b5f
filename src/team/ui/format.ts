import type { DeliveryState, FollowUpStatus, MessageKind, MessageStatus } from '../../shared/team-api';

// Times are shown in the team's own time zone (the browser's), in British style. A day alone (a
// calendar day of the counters, in UTC) is written by formatDay in src/core.
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
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
