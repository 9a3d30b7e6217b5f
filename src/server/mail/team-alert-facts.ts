import type { Queryable } from '../db/database';
import { findLeadGlance, leadGlancesBetween, type LeadGlance } from '../leads/lead-glance';
import { waitingLeadsAt, type WaitingLead } from '../leads/waiting-leads';
import type { ClaimedMessage } from '../outbox/outbox-store';
import { PermanentDeliveryError } from '../outbox/outbox-worker';

/** The leads a daily digest covers: those made from `from` (included) to `to` (excluded). */
export interface DigestPeriod {
  from: Date;
  to: Date;
}

/**
 * A `lead_digest` message's payload: its period, as ISO instants, and whether its member chose to
 * hear of results requests without consent too (as the digest job found it when it queued the
 * digest, so what is sent is what was counted). Absent is no: a payload queued before that choice
 * existed sends leads alone, as it did.
 */
export interface DigestPayload {
  from: string;
  to: string;
  requestsWithoutConsent?: true;
}

/** At most this many leads are listed in one digest; the rest are counted and left to the workspace. */
export const DIGEST_MAX_LISTED = 100;

/**
 * At most this many waiting leads head one digest; the rest are counted, with a link to the
 * workspace's list filtered to the waiting leads. A team whose waiting list is longer has more to
 * fix than a long e-mail would help with.
 */
export const DIGEST_WAITING_MAX_LISTED = 50;

/** The payload the digest job queues for a period, for a member who chose `requestsWithoutConsent` or not. */
export function digestPayload(period: DigestPeriod, requestsWithoutConsent = false): DigestPayload {
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    ...(requestsWithoutConsent ? { requestsWithoutConsent: true } : {}),
  };
}

/** Whether a digest message's payload asks for requests without consent too. */
function wantsRequestsWithoutConsent(payload: unknown): boolean {
  return (payload as { requestsWithoutConsent?: unknown } | null)?.requestsWithoutConsent === true;
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
  /** The leads (with consent to contact), oldest first, at most DIGEST_MAX_LISTED with the requests below. */
  leads: LeadGlance[];
  /** How many leads the period holds, listed or not. */
  total: number;
  /**
   * The period's results requests without consent, not to be followed up, listed apart: only for
   * a member who chose to hear of them (absent for the others, whose digest leaves them out).
   */
  withoutConsent?: { requests: LeadGlance[]; total: number };
  /**
   * The leads waiting for a first contact at the period's end, the longest wait first, at most
   * DIGEST_WAITING_MAX_LISTED, and how many wait in all: the same for every member. Absent (or a
   * total of 0) when none waits: the digest is then as it was before waiting leads headed it.
   */
  waiting?: { leads: WaitingLead[]; total: number };
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
 * The leads of a digest's period as they are now (an erased lead is simply not among them), and,
 * when its member chose them, its requests without consent apart. At most DIGEST_MAX_LISTED are
 * listed in all, oldest first; each part's total counts the rest. Above them, the leads waiting at
 * the period's end (08:00 of the digest's day), read now: one contacted since then is no longer
 * waiting, and is left out. Undefined when nothing the member hears of is left: the digest job
 * queues no digest for such a day, and one whose leads were all erased or contacted since is not
 * sent either.
 */
export async function gatherLeadDigest(
  db: Queryable,
  message: ClaimedMessage,
): Promise<LeadDigestFacts | undefined> {
  const period = digestPeriodOf(message.payload);
  if (!period) throw new PermanentDeliveryError('the digest message carries no period');
  const withoutConsent = wantsRequestsWithoutConsent(message.payload);
  const [{ leads: listed, counts }, waiting] = await Promise.all([
    leadGlancesBetween(db, period.from, period.to, DIGEST_MAX_LISTED),
    waitingLeadsAt(db, period.to, DIGEST_WAITING_MAX_LISTED),
  ]);
  const leads = listed.filter((glance) => glance.consent);
  const heard = counts.withConsent + waiting.total + (withoutConsent ? counts.withoutConsent : 0);
  if (heard === 0) return undefined;
  const facts: LeadDigestFacts = { message, period, leads, total: counts.withConsent, waiting };
  if (!withoutConsent) return facts;
  const requests = listed.filter((glance) => !glance.consent);
  return { ...facts, withoutConsent: { requests, total: counts.withoutConsent } };
}
