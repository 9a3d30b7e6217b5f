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
import { bookingPersonOf, type BookingPerson } from '../../shared/booking-link';
import type { LeadContact, LeadSource } from '../../shared/team-api';
import { LEAD_JOIN, leadColumnsFrom, leadColumnsSql, type LeadColumns } from './lead-columns';
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
  /** The version of the audit's words the answers were given to (the report is in its words); 1 when absent. */
  contentVersion?: number;
  /** When it came, by the app's clock (a test sets it); the database's own time when absent. */
  receivedAt?: Date;
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

/** A stored request, as the outbox needs it to write the e-mails and the webhook: its LeadColumns. */
export type StoredEmailRequest = Pick<
  LeadColumns,
  'id' | 'leadId' | 'email' | 'note' | 'consent' | 'profile' | 'contact' | 'source' | 'createdAt'
> & {
  responses: Responses;
  /** The version of the audit's words it was answered with: its e-mails are in them. */
  contentVersion: number;
};

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
    contentVersion: request.contentVersion,
    receivedAt: request.receivedAt?.toISOString(),
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
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${leadColumnsSql('r', 'l')}, r.responses, r.content_version
       FROM email_requests r ${LEAD_JOIN} WHERE r.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const {
    id: requestId,
    leadId,
    email,
    note,
    consent,
    profile,
    contact,
    source,
    createdAt,
  } = leadColumnsFrom(row);
  // Stored after validation, but read back as any JSON: keep only well-formed answers.
  const responses = sanitizeResponses(row.responses);
  const contentVersion = Number(row.content_version);
  return {
    ...{ id: requestId, leadId, email, note, consent, profile, contact, source, createdAt, responses },
    contentVersion,
  };
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
  content_version: number;
  previous_request_id: string | null;
  email: string;
  consent_at: Date | null;
  contact_name: string | null;
}

/** The live request a results token stands for: the one rule both look-ups below share. */
async function findLinkedRequest(
  db: Queryable,
  token: string,
  retentionDays: number,
): Promise<LinkedRequestRow | undefined> {
  if (!isWellFormedSecret(token)) return undefined;
  const { rows } = await db.query<LinkedRequestRow>(
    `SELECT id, responses, service_type, size_band, created_at, content_version, previous_request_id,
            email, consent_at, contact_name
       FROM email_requests
      WHERE results_token_hash = decode($1, 'hex')
        AND created_at >= now() - make_interval(days => $2::int)`,
    [secretHash(token, 'hex'), retentionDays],
  );
  return rows[0];
}

/**
 * What a results link opens: the results, as `GET /api/results/<token>` answers them, and apart
 * from them the person its booking link is filled in for (null without consent), which the
 * routes turn into the link and never send as such.
 */
export interface FoundResults {
  results: StoredResults;
  bookingPerson: BookingPerson | null;
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
): Promise<FoundResults | undefined> {
  const row = await findLinkedRequest(db, token, retentionDays);
  if (!row) return undefined;
  const history = await readResultHistory(db, row.id, retentionDays);
  // Erased (or aged past retention) between the two reads: as gone as if it had been before.
  if (history.entries.length === 0) return undefined;
  const results: StoredResults = {
    createdAt: new Date(row.created_at).toISOString(),
    responses: sanitizeResponses(row.responses),
    profile: profileFrom(row.service_type, row.size_band),
    history,
    plan: await readActionPlan(db, row.id),
    contentVersion: row.content_version,
    // A retake's: the result it was retaken from, for the page to compare statement by statement.
    ...(row.previous_request_id ? await earlierAnswersOf(db, row.previous_request_id, retentionDays) : {}),
  };
  const bookingPerson = bookingPersonOf({
    email: row.email,
    consented: row.consent_at !== null,
    name: row.contact_name,
  });
  return { results, bookingPerson };
}

/**
 * The answers and version of the result a retake came from, while it is kept: read only for a
 * retake, so a first result's page costs no more than it did before versions (docs/performance.md).
 */
async function earlierAnswersOf(
  db: Queryable,
  earlierId: string,
  retentionDays: number,
): Promise<Pick<StoredResults, 'earlierAnswers'>> {
  const { rows } = await db.query<{ responses: unknown; content_version: number }>(
    `SELECT responses, content_version FROM email_requests
      WHERE id = $1 AND created_at >= now() - make_interval(days => $2::int)`,
    [earlierId, retentionDays],
  );
  const row = rows[0];
  return row
    ? { earlierAnswers: { responses: sanitizeResponses(row.responses), contentVersion: row.content_version } }
    : {};
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
