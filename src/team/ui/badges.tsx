import { toneFor } from '../../core';
import type { DeliveryState, FollowUpStatus, MessageStatus } from '../../shared/team-api';
import { DELIVERY_LABELS, MESSAGE_STATUS_LABELS, STATUS_LABELS } from './format';

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
