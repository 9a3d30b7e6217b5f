import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SERVICE_TYPES, SIZE_BANDS } from '../../core';
import { normalizeEmail } from '../../shared/email-address';
import { hasUnstorableCharacters, PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import {
  DELIVERY_STATES,
  FOLLOW_UP_STATUSES,
  TEAM_PAGE_SIZE,
  type LeadSources,
  type TeamMembers,
} from '../../shared/team-api';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import { failedMessages, notRetryableReason, retryFailedMessage } from '../outbox/failed-messages';
import { leadDetail } from './lead-detail';
import { exportFileName, exportLeadsCsv, startOfDay } from './lead-export';
import {
  addLeadNote,
  isCalendarDay,
  setFollowUpDay,
  setFollowUpStatus,
  setLeadOwner,
  type FieldChange,
} from './lead-follow-up';
import { leadSources, listLeads } from './lead-list';
import { eraseAddress, isErasableAddress } from './lead-records';
import { ukDay } from '../../shared/uk-day';
import { isOneLineOfText } from '../../shared/visit-source-rules';
import { isStorableDay, STORABLE_DATE_MESSAGE } from '../../shared/storable-dates';

export interface TeamLeadsOptions {
  db: Database;
  /** The signed-in team member's address (the team API's hooks have already refused anyone else). */
  memberOf: (request: FastifyRequest) => string;
  /** TEAM_EMAILS, normalised: who may own a lead. */
  teamEmails: readonly string[];
  /** Sends a message queued again now rather than at the next poll. */
  onQueued: () => void;
  /**
   * The clock "due" is read by (today in the UK), a lead's waiting, and the moment a status change
   * makes a first contact; the real one by default.
   */
  now?: () => Date;
}

const LEAD_NOT_FOUND = 'There is no lead with this id (it may have been erased).';
const MESSAGE_NOT_FOUND = 'There is no message with this id (it may have been erased).';
const OWNER_NOT_MEMBER = 'Choose a team member (an address in TEAM_EMAILS), or null for nobody.';
const NOT_A_DAY = 'Give the day as YYYY-MM-DD, like 2026-01-31, or null for none.';

/** Text by the plain-text rule (a person's characters only: U+0000 would fail in the database). */
const plainText = () => z.string().refine((text) => !hasUnstorableCharacters(text), PLAIN_TEXT_MESSAGE);
/**
 * One line of text by the same rule (a search or a source name holds no tab or line break, and no
 * source kept can: visit-source-rules.ts), refused with the same words.
 */
const oneLineOfText = () => z.string().refine(isOneLineOfText, PLAIN_TEXT_MESSAGE);

// Strict: a parameter or field we do not know is a mistake worth hearing about, not ignored.
const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  q: oneLineOfText().pipe(z.string().max(254)).optional(),
  status: z.enum(FOLLOW_UP_STATUSES).optional(),
  delivery: z.enum(DELIVERY_STATES).optional(),
  serviceType: z.enum(SERVICE_TYPES.map((type) => type.id)).optional(),
  size: z.enum(SIZE_BANDS.map((band) => band.id)).optional(),
  // A source name as the list gives it: a campaign's utm_source (≤ 100) or a host name (≤ 253).
  source: oneLineOfText().pipe(z.string().min(1).max(253)).optional(),
  owner: z.enum(['mine', 'unassigned']).optional(),
  // "true" lists the due leads; "false" (what a form may send for an unticked box) lists all.
  due: z.enum(['true', 'false']).optional(),
  // "true" lists the waiting leads (not contacted within one working day); "false" lists all.
  waiting: z.enum(['true', 'false']).optional(),
});
const statusBody = z.strictObject({ status: z.enum(FOLLOW_UP_STATUSES) });
const noteBody = z.strictObject({ body: z.string() });
const eraseBody = z.strictObject({
  email: plainText().pipe(
    z.string().refine(isErasableAddress, 'Enter the e-mail address to erase, like name@example.com.'),
  ),
});
/** A calendar day (YYYY-MM-DD) within the range every date the API takes is held to. */
const storableDay = (notADay: string) =>
  z
    .string()
    .refine(isCalendarDay, { error: notADay, abort: true })
    .refine(isStorableDay, STORABLE_DATE_MESSAGE);

const followUpBody = z.strictObject({ followUpOn: storableDay(NOT_A_DAY).nullable() });

/** The owner body for this team: an address of TEAM_EMAILS in any case (stored normalised), or null. */
function ownerBody(teamEmails: readonly string[]) {
  return z.strictObject({
    owner: z
      .string(OWNER_NOT_MEMBER)
      .transform(normalizeEmail)
      .refine((address) => teamEmails.includes(address), OWNER_NOT_MEMBER)
      .nullable(),
  });
}
const exportQuery = z.strictObject({
  since: storableDay('Give the day as YYYY-MM-DD, like 2026-01-31.').optional(),
});

/** Parses `value` with `schema`, or refuses the request with 400 and what is wrong with each field. */
function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '');
    fields[field || 'request'] ??= issue.message;
  }
  throw new HttpError(400, 'invalid_request', 'Please check the request.', fields);
}

/** A route parameter as the string it is (Fastify hands them over untyped). */
function param(request: FastifyRequest, name: string): string {
  return String((request.params as Record<string, unknown>)[name] ?? '');
}

/**
 * The team's leads: the list and its source names, the team's members, one lead, its follow-up
 * status, owner, follow-up day and notes, retrying a failed message, erasing an address, the CSV
 * download and the failed messages. Registered inside the team API
 * scope, whose hooks have already checked the Origin and the session and set Cache-Control:
 * no-store. Each route calls the one module the CLI calls too.
 */
/** The value a change left, or 404 when there was no lead to change. */
function changed<T>(change: FieldChange<T>): T {
  if (change.outcome === 'not_found') throw new HttpError(404, 'not_found', LEAD_NOT_FOUND);
  return change.value;
}

export async function teamLeadsRoutes(app: FastifyInstance, options: TeamLeadsOptions): Promise<void> {
  const { db, memberOf, teamEmails } = options;
  const now = options.now ?? (() => new Date());
  const ownerSchema = ownerBody(teamEmails);

  app.get('/api/team/leads', async (request) => {
    const query = parsed(listQuery, request.query);
    const owner = { mine: normalizeEmail(memberOf(request)), unassigned: null };
    const at = now();
    const page = await listLeads(db, {
      page: query.page,
      search: query.q,
      followUpStatus: query.status,
      delivery: query.delivery,
      serviceType: query.serviceType,
      size: query.size,
      source: query.source,
      owner: query.owner === undefined ? undefined : owner[query.owner],
      dueBy: query.due === 'true' ? ukDay(at) : undefined,
      waiting: query.waiting === 'true',
      now: at,
    });
    return { ...page, page: query.page, pageSize: TEAM_PAGE_SIZE };
  });

  // A fixed path: Fastify matches it before /api/team/leads/:id, so "sources" is never taken for an id.
  app.get('/api/team/leads/sources', async (): Promise<LeadSources> => ({ sources: await leadSources(db) }));

  app.get('/api/team/members', async (request): Promise<TeamMembers> => ({
    members: [...teamEmails],
    me: memberOf(request),
  }));

  app.get('/api/team/leads/:id', async (request) => {
    const lead = await leadDetail(db, param(request, 'id'), now());
    if (!lead) throw new HttpError(404, 'not_found', LEAD_NOT_FOUND);
    return lead;
  });

  app.post('/api/team/leads/:id/status', async (request) => {
    const { status } = parsed(statusBody, request.body);
    return {
      followUpStatus: changed(
        await setFollowUpStatus(db, param(request, 'id'), status, memberOf(request), now()),
      ),
    };
  });

  app.post('/api/team/leads/:id/owner', async (request) => {
    const { owner } = parsed(ownerSchema, request.body);
    return { owner: changed(await setLeadOwner(db, param(request, 'id'), owner, memberOf(request))) };
  });

  app.post('/api/team/leads/:id/follow-up', async (request) => {
    const { followUpOn } = parsed(followUpBody, request.body);
    return {
      followUpOn: changed(await setFollowUpDay(db, param(request, 'id'), followUpOn, memberOf(request))),
    };
  });

  app.post('/api/team/leads/:id/notes', async (request, reply) => {
    const { body } = parsed(noteBody, request.body);
    const added = await addLeadNote(db, param(request, 'id'), body, memberOf(request));
    if (added.outcome === 'invalid') {
      throw new HttpError(400, 'invalid_request', added.problem, { body: added.problem });
    }
    if (added.outcome === 'not_found') throw new HttpError(404, 'not_found', LEAD_NOT_FOUND);
    reply.code(201);
    return added.note;
  });

  app.post('/api/team/messages/:id/retry', async (request) => {
    const result = await retryFailedMessage(db, param(request, 'id'), memberOf(request));
    switch (result.outcome) {
      case 'not_found':
        throw new HttpError(404, 'not_found', MESSAGE_NOT_FOUND);
      case 'not_failed':
        throw new HttpError(
          409,
          'not_failed',
          `This message is ${result.status}, not failed; only a failed message can be retried.`,
        );
      case 'not_retryable':
        throw new HttpError(409, 'not_retryable', notRetryableReason(result.kind));
      case 'queued':
        options.onQueued();
        return { status: 'queued' };
    }
  });

  app.post('/api/team/erase', async (request) => {
    const { email } = parsed(eraseBody, request.body);
    return eraseAddress(db, email, memberOf(request));
  });

  app.get('/api/team/failed', async () => ({ messages: await failedMessages(db) }));

  app.get('/api/team/export.csv', async (request, reply) => {
    const { since } = parsed(exportQuery, request.query);
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`);
    // Fastify answers HEAD through this route too: a HEAD reads no lead and is no export, so it
    // is not recorded (a link checker or a browser's look before the download would be, else).
    if (request.method === 'HEAD') return reply.send();
    const body = new PassThrough();
    let firstChunk!: () => void;
    const started = new Promise<void>((resolve) => (firstChunk = resolve));
    // Each batch is handed to the response as it is read, without waiting for the client to take it:
    // the embedded database has one connection, and a slow download must not hold it (and every
    // other request) while it trickles out. So a download buffers at most the export (~1 KB a lead).
    const exporting = exportLeadsCsv(
      db,
      { since: since === undefined ? undefined : startOfDay(since), actor: memberOf(request) },
      async (chunk) => {
        if (body.destroyed) throw new Error('the client went away before the export ended');
        body.write(chunk);
        firstChunk();
      },
    );
    // Until the first rows (or the header of an empty export) are read, a failure is still an
    // ordinary error answer; after that it can only cut the download short.
    await Promise.race([started, exporting]);
    exporting.then(
      () => body.end(),
      (error: unknown) => {
        if (body.destroyed) request.log.info('lead export stopped: the client went away');
        else request.log.error({ err: error }, 'lead export stopped part way');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return reply.send(body);
  });
}
