import type { Queryable } from '../db/database';
import { findLeadGlance, leadGlancesBetween, type LeadGlance } from '../leads/lead-glance';
import type { ClaimedMessage } from '../outbox/outbox-store';
import { PermanentDeliveryError } from '../outbox/outbox-worker';

/** The leads a daily digest covers: those made from `from` (included) to `to` (excluded). */
export interface DigestPeriod {
  from: Date;
  to: Date;
}

/** A `lead_digest` message's payload: its period, as ISO instants. */
export interface DigestPayload {
  from: string;
  to: string;
}

/** At most this many leads are listed in one digest; the rest are counted and left to the workspace. */
export const DIGEST_MAX_LISTED = 100;

/** The payload the digest job queues for a period. */
export function digestPayload(period: DigestPeriod): DigestPayload {
  return { from: period.from.toISOString(), to: period.to.toISOString() };
}

/** The period a digest message's payload holds, or undefined when it holds none (or not one). */
export function digestPeriodOf(payload: unknown): DigestPeriod | undefined {
  const { from, to } = (payload ?? {}) as { from?: unknown; to?: unknown };
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const period = { from: new Date(from), to: new Date(to) };
  if (Number.isNaN(period.from.getTime()) || Number.isNaN(period.to.getTime())) return undefined;
  return period.from < period.to ? period : undefined;
}

/** Everything a team member's alert of one new lead is made of, read in one step. */
export interface LeadAlertFacts {
  message: Pick<ClaimedMessage, 'id' | 'recipient'>;
  lead: LeadGlance;
}

/** Everything a daily digest is made of, read in one step when it is sent. */
export interface LeadDigestFacts {
  message: Pick<ClaimedMessage, 'id' | 'recipient'>;
  period: DigestPeriod;
  /** Oldest first, at most DIGEST_MAX_LISTED. */
  leads: LeadGlance[];
  /** How many leads the period holds, listed or not. */
  total: number;
}

/** The lead an alert is about, at a glance; undefined once it has been erased: nothing to send. */
export async function gatherLeadAlert(
  db: Queryable,
  message: ClaimedMessage,
): Promise<LeadAlertFacts | undefined> {
  if (message.requestId === null) throw new PermanentDeliveryError('a lead alert must belong to a lead');
  const lead = await findLeadGlance(db, message.requestId);
  return lead ? { message, lead } : undefined;
}

/**
 * The leads of a digest's period as they are now (an erased lead is simply not among them).
 * Undefined when none is left: the digest job queues no digest for an empty day, and one whose
 * leads were all erased since is not sent either.
 */
export async function gatherLeadDigest(
  db: Queryable,
  message: ClaimedMessage,
): Promise<LeadDigestFacts | undefined> {
  const period = digestPeriodOf(message.payload);
  if (!period) throw new PermanentDeliveryError('the digest message carries no period');
  const { leads, total } = await leadGlancesBetween(db, period.from, period.to, DIGEST_MAX_LISTED);
  return total === 0 ? undefined : { message, period, leads, total };
}
