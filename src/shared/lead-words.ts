import { SERVICE_TYPES, SIZE_BANDS, type ServiceType, type SizeBand } from '../core';
import { DIRECT_SOURCE, type FollowUpStatus, type MessageStatus } from './team-api';

/**
 * The words for a lead's coded values, as the team reads them: the workspace shows them and the
 * CSV export writes them, so a sheet says what the screen says ("Contacted", "Residential care",
 * "25–99 people", "Direct"), never a code.
 */

export const STATUS_LABELS: Record<FollowUpStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  closed: 'Closed',
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** A service type as the visitor chose it on the results page ("Residential care"). */
export function serviceTypeLabel(type: ServiceType): string {
  return SERVICE_TYPES.find((t) => t.id === type)?.label ?? type;
}

/** A size band as the visitor chose it ("25–99"), with what it counts. */
export function sizeLabel(size: SizeBand): string {
  return `${SIZE_BANDS.find((b) => b.id === size)?.label ?? size} people`;
}

/** A lead's source name (utm_source, else the referring host, else "direct") as the team reads it. */
export function sourceLabel(source: string): string {
  return source === DIRECT_SOURCE ? 'Direct' : source;
}
