import { formatDay, toneFor } from '../../core';
import type { DeliveryState, FollowUpStatus, MessageStatus } from '../../shared/team-api';
import { ukDay } from '../../shared/uk-day';
import { DELIVERY_LABELS, formatDateTime, MESSAGE_STATUS_LABELS, STATUS_LABELS } from './format';
import './waiting-badge.css';

export function StatusBadge({ status }: { status: FollowUpStatus }) {
  return <span className={`badge badge--${status}`}>{STATUS_LABELS[status]}</span>;
}

export function DeliveryBadge({ delivery }: { delivery: DeliveryState }) {
  return <span className={`badge badge--${delivery}`}>{DELIVERY_LABELS[delivery]}</span>;
}

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <span className={`badge badge--${status}`}>{MESSAGE_STATUS_LABELS[status]}</span>;
}

/** A score as "72%", coloured by the results screen's bands (the number carries the meaning). */
export function Score({ value }: { value: number }) {
  return <span className={`score score--${toneFor(value)}`}>{value}%</span>;
}

/** "20 Nov", or "20 Nov 2025" from another year: the UK day a wait began, as the list's badge says it. */
function waitingDay(iso: string): string {
  const day = ukDay(new Date(iso));
  const sameYear = day.slice(0, 4) === ukDay(new Date()).slice(0, 4);
  return formatDay(day, sameYear ? 'short' : 'short-date') ?? day;
}

/**
 * A lead with consent not contacted within one UK working day (issue 35): "Waiting since 20 Nov" in
 * the list, with the time too ("Waiting since 20 Nov 2026, 10:15") on the lead. The words carry it;
 * the colour only repeats them.
 */
export function WaitingBadge({ since, withTime = false }: { since: string; withTime?: boolean }) {
  return (
    <span className="badge badge--waiting">
      Waiting since <time dateTime={since}>{withTime ? formatDateTime(since) : waitingDay(since)}</time>
    </span>
  );
}
