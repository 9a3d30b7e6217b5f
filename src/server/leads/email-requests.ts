import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { normalizeEmail } from '../../shared/email-address';
import {
  AREA_IDS,
  sanitizeProfile,
  sanitizeResponses,
  type AreaId,
  type Report,
  type Responses,
  type ServiceProfile,
} from '../../core';
import type { StoredResults } from '../../shared/results-link';
import type { LeadContact, LeadSource } from '../../shared/team-api';
import type { Queryable } from '../db/database';
import { isWellFormedSecret, newSecret, secretHash } from '../http/secrets';
import { readResultHistory } from './result-history';
import { readActionPlan } from './action-plan';

/** A request as the route stores it: the scores are the server's own, from `report`. */
export interface NewEmailRequest {
  email: string;
  note: string | null;
  responses: Responses;
  report: Report;
  /** The consent wording the visitor ticked; null or absent when they left the box unticked. */
  consentWording?: string | null;
  /** The service type and size the visitor gave; absent or {} when they skipped the question. */
  profile?: ServiceProfile;
  /**
   * The results link's token (newSecret()). Only its hash is stored with the request; the token
   * itself lives in the visitor's outbox message until that is sent, then only in their e-mail.
   * Absent, the message makes one when it is sent.
   */
  resultsToken?: string;
  /** Name, organisation, role and phone, given only with consent (the database refuses them without). */
  contact?: LeadContact;
  /** Where the visit came from (utm_* and the referring host), as the browser kept it. */
  source?: LeadSource;
  /**
   * A retake's earlier result (findRetakeOriginId): the request this one was retaken from. Gone by
   * the time this is stored (erased, purged), the request is stored without the link.
   */
  previousRequestId?: string;
}

/**
 * What a visitor agreed to: the exact wording they ticked and when. Null when they did not, and
 * then the team contacts them about nothing beyond the results they asked for.
 */
export interface Consent {
  wording: string;
  givenAt: Date;
}

/**
 * Who gets a message about a request: always the visitor; the team when LEADS_TO is set; the
 * lead.created webhook when WEBHOOK_URL is set.
 */
export interface Recipients {
  visitor: string;
  team: string | undefined;
  webhook?: string | undefined;
  /**
   * The team members to send a lead alert to, each once: those who chose to hear of such a request
   * as it comes (alerts/, membersToAlert). Nobody when absent.
   */
  alertMembers?: readonly string[];
}

export interface RecipientLimit {
  max: number;
  windowMs: number;
}

export type StoreResult = { stored: true; id: string } | { stored: false; retryAfterSeconds: number };

/** A stored request, as the outbox needs it to write the e-mails. */
export interface StoredEmailRequest {
  id: string;
  /** The lead (the person) it is a result of; equal to `id` for the request that made the lead. */
  leadId: string;
  email: string;
  note: string | null;
  responses: Responses;
  consent: Consent | null;
  /** {} when the visitor skipped the profile question. */
  profile: ServiceProfile;
  /** The contact details given with consent (absent parts left out); null when none were given. */
  contact: LeadContact | null;
  /** Where the visit came from (absent parts left out); {} for a direct visit. */
  source: LeadSource;
  createdAt: Date;
}

/**
 * Stores a request and its outbox messages, unless the recipient's mailbox is over its limit.
 * Requests to one mailbox take turns (an advisory lock on it), so two at once cannot both slip
 * under the limit; the limit is counted in the database, so it holds across every server instance.
 * The mailbox is the address lower-cased with any +tag removed (and Gmail's dots), so
 * victim+1@… and victim+2@… share one limit.
 *
 * All of it happens in one call of the `store_email_request` function (db/functions/store_email_request.sql), in that
 * statement's own transaction: one round trip to the database, where doing the same steps from here
 * took seven, which under load was most of what an accepted request cost.
 */
export async function storeEmailRequest(
  db: Queryable,
  request: NewEmailRequest,
  recipients: Recipients,
  limit: RecipientLimit,
): Promise<StoreResult> {
  const score = (id: AreaId): number => {
    const area = request.report.areas.find((a) => a.id === id);
    if (!area) throw new Error(`The report has no ${id} area`);
    return area.score;
  };
  // One named argument (db/functions/store_email_request.sql lists its keys): JSON drops the keys
  // whose value is undefined, and the function reads an absent key as null.
  const argument = {
    lockSpace: ADVISORY_LOCKS.recipient,
    email: request.email,
    emailNormalized: normalizeEmail(request.email),
    note: request.note,
    responses: request.responses,
    scores: {
      ...Object.fromEntries(AREA_IDS.map((id) => [id, score(id)])),
      overall: request.report.overall.score,
    },
    limit: limit.max,
    windowMs: limit.windowMs,
    visitor: recipients.visitor,
    team: recipients.team,
    webhook: recipients.webhook,
    consentText: request.consentWording ?? undefined,
    serviceType: request.profile?.serviceType,
    sizeBand: request.profile?.size,
    resultsToken: request.resultsToken,
    resultsTokenHash:
      request.resultsToken === undefined ? undefined : secretHash(request.resultsToken, 'hex'),
    contact: request.contact,
    source: request.source,
    alertMembers: recipients.alertMembers ?? [],
    previousRequestId: request.previousRequestId,
  };
  const { rows } = await db.query<{ stored_id: string | null; retry_after: number | null }>(
    'SELECT stored_id, retry_after FROM store_email_request($1::jsonb)',
    [JSON.stringify(argument)],
  );
  const row = rows[0];
  if (row && row.retry_after !== null) return { stored: false, retryAfterSeconds: row.retry_after };
  if (!row?.stored_id) throw new Error('store_email_request gave neither an id nor a retry time');
  return { stored: true, id: row.stored_id };
}

/** One stored request, or undefined when it has been erased. */
export async function findEmailRequest(db: Queryable, id: string): Promise<StoredEmailRequest | undefined> {
  const { rows } = await db.query<{
    id: string;
    lead_id: string;
    email: string;
    note: string | null;
    responses: unknown;
    consent_text: string | null;
    consent_at: Date | null;
    service_type: string | null;
    size_band: string | null;
    contact_name: string | null;
    contact_organisation: string | null;
    contact_role: string | null;
    contact_phone: string | null;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
    referrer_host: string | null;
    created_at: Date;
  }>(
    `SELECT id, lead_id, email, note, responses, consent_text, consent_at, service_type, size_band, contact_name,
            contact_organisation, contact_role, contact_phone, utm_source, utm_medium, utm_campaign,
            referrer_host, created_at
       FROM email_requests WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  // Stored after validation, but read back as any JSON: keep only well-formed answers.
  const responses = sanitizeResponses(row.responses);
  return {
    id: row.id,
    leadId: row.lead_id,
    email: row.email,
    note: row.note,
    responses,
    consent: consentFrom(row.consent_text, row.consent_at),
    profile: profileFrom(row.service_type, row.size_band),
    contact: contactFrom(row.contact_name, row.contact_organisation, row.contact_role, row.contact_phone),
    source: sourceFrom(row.utm_source, row.utm_medium, row.utm_campaign, row.referrer_host),
    createdAt: new Date(row.created_at),
  };
}

/** Only the parts that hold something, so a part never given is absent rather than null. */
function presentParts<T extends Record<string, string | null>>(parts: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== null)) as {
    [K in keyof T]?: string;
  };
}

/** The contact columns as a LeadContact (absent parts left out), or null when none was given. */
export function contactFrom(
  name: string | null,
  organisation: string | null,
  role: string | null,
  phone: string | null,
): LeadContact | null {
  const contact = presentParts({ name, organisation, role, phone });
  return Object.keys(contact).length === 0 ? null : contact;
}

/** The source columns as a LeadSource (absent parts left out; {} for a direct visit). */
export function sourceFrom(
  utmSource: string | null,
  utmMedium: string | null,
  utmCampaign: string | null,
  referrerHost: string | null,
): LeadSource {
  return presentParts({ utmSource, utmMedium, utmCampaign, referrerHost });
}

/** The profile columns as a ServiceProfile (an unknown part left out). */
export function profileFrom(serviceType: string | null, sizeBand: string | null): ServiceProfile {
  return sanitizeProfile({ serviceType, size: sizeBand });
}

interface LinkedRequestRow {
  id: string;
  responses: unknown;
  service_type: string | null;
  size_band: string | null;
  created_at: Date;
}

/** The live request a results token stands for: the one rule both look-ups below share. */
async function findLinkedRequest(
  db: Queryable,
  token: string,
  retentionDays: number,
): Promise<LinkedRequestRow | undefined> {
  if (!isWellFormedSecret(token)) return undefined;
  const { rows } = await db.query<LinkedRequestRow>(
    `SELECT id, responses, service_type, size_band, created_at
       FROM email_requests
      WHERE results_token_hash = decode($1, 'hex')
        AND created_at >= now() - make_interval(days => $2::int)`,
    [secretHash(token, 'hex'), retentionDays],
  );
  return rows[0];
}

/**
 * The results a results link opens, or undefined when the token is malformed, unknown, its request
 * erased, or past `retentionDays`: a request that old is as good as deleted even before the daily
 * purge gets to it (the same cut-off as purgeExpiredRequests, by the database's clock). Its history
 * is the chain of retakes it ends (result-history.ts), itself last.
 */
export async function findStoredResults(
  db: Queryable,
  token: string,
  retentionDays: number,
): Promise<StoredResults | undefined> {
  const row = await findLinkedRequest(db, token, retentionDays);
  if (!row) return undefined;
  const history = await readResultHistory(db, row.id, retentionDays);
  // Erased (or aged past retention) between the two reads: as gone as if it had been before.
  if (history.entries.length === 0) return undefined;
  return {
    createdAt: new Date(row.created_at).toISOString(),
    responses: sanitizeResponses(row.responses),
    profile: profileFrom(row.service_type, row.size_band),
    history,
    plan: await readActionPlan(db, row.id),
  };
}

/**
 * The request a retake's results link stands for ("Retake with these answers" sends that link's
 * token as `retakeOf`), by the same rule as findStoredResults: undefined when the link opens
 * nothing (malformed, unknown, erased, past `retentionDays`), and the retake is then stored unlinked.
 */
export async function findRetakeOriginId(
  db: Queryable,
  token: string,
  retentionDays: number,
): Promise<string | undefined> {
  return (await findLinkedRequest(db, token, retentionDays))?.id;
}

/**
 * `requestId` when that request is still kept (not erased, within `retentionDays`), else undefined:
 * for an origin found another way than by its results link (a saved retake's, which a continue
 * link reaches for up to SAVED_AUDIT_DAYS, whatever the retention period).
 */
export async function findLiveRequestId(
  db: Queryable,
  requestId: string,
  retentionDays: number,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM email_requests WHERE id = $1 AND created_at >= now() - make_interval(days => $2::int)`,
    [requestId, retentionDays],
  );
  return rows[0]?.id;
}

/**
 * Gives a request a new results token, replacing any earlier one (which then opens nothing), and
 * returns it; undefined when the request has been erased. For a visitor's message that carries no
 * token: one queued before results links existed, or one the team retried after it failed (a
 * failed message's payload is cleared; its e-mail, as far as we know, never reached the visitor).
 */
export async function replaceResultsToken(db: Queryable, requestId: string): Promise<string | undefined> {
  const token = newSecret();
  const { rowCount } = await db.query(
    `UPDATE email_requests SET results_token_hash = decode($2, 'hex') WHERE id = $1`,
    [requestId, secretHash(token, 'hex')],
  );
  return rowCount === 1 ? token : undefined;
}

/** The consent columns as a Consent (the database keeps them both set or both empty). */
export function consentFrom(text: string | null, at: Date | null): Consent | null {
  return text !== null && at !== null ? { wording: text, givenAt: new Date(at) } : null;
}
