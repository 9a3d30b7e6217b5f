import type { AlertChoice, DeliveryState, MessageKind } from '../../shared/team-api';

// The words for a lead's coded values are shared with the CSV export, which must say the same.
export {
  MESSAGE_STATUS_LABELS,
  serviceTypeLabel,
  sizeLabel,
  sourceLabel,
  STATUS_LABELS,
} from '../../shared/lead-words';

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

/**
 * A date and time as formatDateTime writes it, in its parts: what comes before the hour
 * ("26 Nov 2026, ") and from the hour on ("05:33").
 */
export function dateAndTime(iso: string): [string, string] {
  const parts = DATE_TIME.formatToParts(new Date(iso));
  const hour = parts.findIndex((part) => part.type === 'hour');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return [text(0, hour), text(hour)];
}

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  sent: 'Sent',
  pending: 'Sending',
  failed: 'Failed',
};

export const KIND_LABELS: Record<MessageKind, string> = {
  visitor: 'Results e-mail to the visitor',
  team: 'Lead e-mail to the team',
  sign_in: 'Sign-in link',
  webhook: 'Webhook (CRM)',
  lead_alert: 'New-lead alert to a team member',
  lead_digest: 'Daily digest to a team member',
};

/**
 * What each entry of the activity log records, in words. The server may add an action before the
 * workspace knows it: that one is shown as its name with spaces.
 */
const ACTION_LABELS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_out: 'Signed out',
  export: 'Exported the leads (CSV)',
  erase: 'Erased an address',
  retry: 'Retried a message',
  status_change: 'Changed the follow-up status',
  note_added: 'Added a note',
  owner_change: 'Changed the owner',
  follow_up_date: 'Set the next follow-up date',
  alert_preference: 'Changed their alerts',
  content_save: 'Saved the draft of the audit’s words',
  content_import: 'Imported a draft of the audit’s words',
  content_publish: 'Published new audit words',
  content_restore: 'Restored earlier audit words',
  content_export: 'Exported the audit’s words',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.replaceAll('_', ' ');
}

export const ALERT_LABELS: Record<AlertChoice, string> = {
  each_lead: 'An e-mail for each new lead',
  daily_digest: 'A daily digest at 08:00 (UK time)',
  none: 'No e-mails',
};

/** A count as the workspace writes it: "1,234". */
export const count = (value: number) => value.toLocaleString('en-GB');

/** "72%" of the whole, or "–" when the whole is nothing. The server keeps every part within its whole. */
export function percentOf(part: number, whole: number): string {
  if (whole === 0) return '–';
  const percent = Math.round((part / whole) * 100);
  // A few of many round to 0% (or to 100% when a few are missing): said as they are, so a bar
  // that shows something never stands beside "0%", nor a short one beside "100%".
  if (percent === 0 && part > 0) return '<1%';
  if (percent === 100 && part < whole) return '>99%';
  return `${percent}%`;
}

/** "1 lead", "2 leads". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A time span in words, to the unit that matters at its size: "under a minute", "45 min",
 * "3 h 12 min", "2 days 4 h". Each part is rounded down, as a clock counts: 59 min 50 s is "59 min",
 * never "1 h", so a contact just inside a boundary never reads as past it. Days are 24 hours of
 * elapsed time (a clock change makes one calendar day 23 or 25), not working days.
 */
export function formatDuration(ms: number): string {
  const span = Math.max(0, ms);
  if (span < MINUTE_MS) return 'under a minute';
  const days = Math.floor(span / DAY_MS);
  const hours = Math.floor((span % DAY_MS) / HOUR_MS);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${hours} h` : plural(days, 'day');
  const minutes = Math.floor((span % HOUR_MS) / MINUTE_MS);
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}
