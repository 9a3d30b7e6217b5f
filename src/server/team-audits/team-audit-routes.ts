import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeResponses } from '../../core';
import { fieldErrors } from '../../shared/api-errors';
import { BOT_CHECK_FAILED_MESSAGE, HONEYPOT_FIELD, PROOF_FIELD } from '../../shared/bot-check';
import { RESULTS_NOT_FOUND_MESSAGE } from '../../shared/results-link';
import {
  JOIN_PATH,
  TEAM_AUDIT_MESSAGES,
  joinLink,
  type ManagerTeamAudit,
  type TeamAnswerStored,
  type TeamAuditInvitation,
} from '../../shared/team-audit';
import { teamAnswerSchema } from '../../shared/team-audit-request';
import type { BotGuard } from '../bot-guard/bot-guard';
import type { Config } from '../config';
import type { ContentSource } from '../content/content-cache';
import type { Database } from '../db/database';
import type { ClientLimitStore } from '../http/client-limit-store';
import { HttpError } from '../http/http-errors';
import { markPrivate } from '../http/private-answer';
import { registerPerClientLimit, requireJson } from '../http/request-guards';
import { requireSameOrigin } from '../http/same-origin';
import { sendSiteFile, type SiteFile } from '../site/static-site';
import { joinTokenFor } from './join-token';
import {
  closeTeamAudit,
  findTeamAuditByJoinToken,
  latestTeamAudit,
  openTeamAudit,
  storeTeamAnswer,
  type TeamAuditRow,
} from './team-audit-store';
import { readTeamView } from './team-results';

/**
 * Answers one client may send per window (RATE_LIMIT's window, 15 minutes). Higher than the
 * e-mail form's: a care home's staff often share one office connection, and a team audit's
 * colleagues answer in a rush after the manager's message. The proof of work still makes each one
 * cost a script real time, and a team audit takes at most 200 respondents whatever is sent.
 */
export const TEAM_ANSWERS_PER_CLIENT = 60;
/** Opens and closes one client may ask for per window: a manager presses each once or twice. */
export const TEAM_AUDIT_CHANGES_PER_CLIENT = 30;

export interface TeamAuditRoutesOptions {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'retentionDays' | 'rateLimit'>;
  botGuard: BotGuard;
  clientLimits: ClientLimitStore;
  /** The live result a results link's token opens (leads' one rule), or undefined. */
  findResultId: (resultsToken: string) => Promise<string | undefined>;
  /** The pre-rendered join page (the build's JOIN_PATH row), or null without a built site. */
  page: SiteFile | null;
  /** The published versions of the audit's words: the team's view names statements in its result's. */
  content: ContentSource;
}

interface TokenParams {
  Params: { token: string };
}

const INVALID_MESSAGE = 'Please check the highlighted fields.';
const EMPTY_BODY_MESSAGE = 'Send an empty JSON object ({}).';

/**
 * The team audit (decision 0069). The manager's side is keyed by her results link, like the action
 * plan: reading it, opening one and closing it, the last two only from this site's pages (403) and
 * limited per client. The colleague's side is keyed by the join link: what the page needs before
 * they answer, and the answer itself, which passes the same bot check as the e-mail form. A link
 * that opens nothing (malformed, unknown, erased, past retention) is one and the same 404.
 * Every answer is private (no cache, no referrer, no index), as the results link's are.
 */
export async function teamAuditRoutes(app: FastifyInstance, options: TeamAuditRoutesOptions): Promise<void> {
  const { db, config, botGuard, findResultId, content } = options;
  await registerPerClientLimit(app, { store: options.clientLimits });
  const privately = async (_request: FastifyRequest, reply: FastifyReply) => markPrivate(reply);
  const sameOrigin = async (request: FastifyRequest) => requireSameOrigin(request, config.publicUrl);
  const resultsGone = () => new HttpError(404, 'not_found', RESULTS_NOT_FOUND_MESSAGE);
  const joinGone = () => new HttpError(404, 'not_found', TEAM_AUDIT_MESSAGES.notFound);

  /** What the manager's page shows of the result's latest team audit. */
  async function managerAnswer(
    resultsToken: string,
    teamAudit: TeamAuditRow | undefined,
  ): Promise<ManagerTeamAudit> {
    const organisation = await readOrganisation(db, teamAudit?.requestId);
    if (!teamAudit) return { teamAudit: null };
    const view = await readTeamView(db, content, teamAudit);
    return {
      teamAudit: {
        joinLink: joinLink(config.publicUrl, joinTokenFor(resultsToken, teamAudit.id)),
        openedAt: teamAudit.openedAt.toISOString(),
        closesAt: teamAudit.closesAt.toISOString(),
        ...(teamAudit.closedAt ? { closedAt: teamAudit.closedAt.toISOString() } : {}),
        status: teamAudit.closedAt ? 'closed' : 'open',
        respondents: teamAudit.respondents,
        ...(view ? { view } : {}),
      },
      ...(organisation ? { organisation } : {}),
    };
  }

  const managerChange = {
    onRequest: [privately, requireJson, sameOrigin],
    config: {
      rateLimit: { max: TEAM_AUDIT_CHANGES_PER_CLIENT, timeWindow: config.rateLimit.perClientWindowMs },
    },
  };

  app.get<TokenParams>('/api/results/:token/team-audit', { onRequest: privately }, async (request) => {
    const requestId = await findResultId(request.params.token);
    if (!requestId) throw resultsGone();
    return managerAnswer(request.params.token, await latestTeamAudit(db, requestId));
  });

  app.post<TokenParams>('/api/results/:token/team-audit', managerChange, async (request) => {
    const requestId = await findResultId(request.params.token);
    if (!requestId) throw resultsGone();
    requireEmptyBody(request.body);
    const opened = await openTeamAudit(db, requestId, request.params.token);
    if (!opened) throw resultsGone();
    return managerAnswer(request.params.token, opened);
  });

  app.post<TokenParams>('/api/results/:token/team-audit/close', managerChange, async (request) => {
    const requestId = await findResultId(request.params.token);
    if (!requestId) throw resultsGone();
    requireEmptyBody(request.body);
    // Nothing open to close (never opened, closed already, past its time): the answer says what is.
    const closed = (await closeTeamAudit(db, requestId)) ?? (await latestTeamAudit(db, requestId));
    return managerAnswer(request.params.token, closed);
  });

  app.get<TokenParams>('/api/team-audits/:token', { onRequest: privately }, async (request) => {
    const teamAudit = await findTeamAuditByJoinToken(db, request.params.token, config.retentionDays);
    if (!teamAudit) throw joinGone();
    const invitation: TeamAuditInvitation = {
      status: teamAudit.closedAt ? 'closed' : 'open',
      closesAt: (teamAudit.closedAt ?? teamAudit.closesAt).toISOString(),
      ...(teamAudit.organisation ? { organisation: teamAudit.organisation } : {}),
      // The colleague's page asks the statements in the words the manager's result was answered in.
      contentVersion: teamAudit.contentVersion,
    };
    return invitation;
  });

  app.post<TokenParams>(
    '/api/team-audits/:token/answers',
    {
      onRequest: [privately, requireJson, sameOrigin],
      preHandler: botGuard.preHandler({
        honeypotField: HONEYPOT_FIELD,
        proofField: PROOF_FIELD,
        reject: () => new HttpError(400, 'bot_check_failed', BOT_CHECK_FAILED_MESSAGE),
      }),
      config: { rateLimit: { max: TEAM_ANSWERS_PER_CLIENT, timeWindow: config.rateLimit.perClientWindowMs } },
    },
    async (request): Promise<TeamAnswerStored> => {
      const teamAudit = await findTeamAuditByJoinToken(db, request.params.token, config.retentionDays);
      if (!teamAudit) throw joinGone();
      const parsed = teamAnswerSchema.safeParse(request.body);
      if (!parsed.success)
        throw new HttpError(400, 'invalid_request', INVALID_MESSAGE, fieldErrors(parsed.error));
      const { respondentKey, role, responses } = parsed.data;
      const outcome = await storeTeamAnswer(db, teamAudit.id, {
        respondentKey,
        ...(role ? { role } : {}),
        // Parsed, so every rating is a whole number from 1 to 5; this keeps the Responses type.
        responses: sanitizeResponses(responses),
      });
      if (outcome === 'not_found') throw joinGone();
      if (outcome === 'closed') throw new HttpError(409, 'closed', TEAM_AUDIT_MESSAGES.closed);
      if (outcome === 'full') throw new HttpError(409, 'full', TEAM_AUDIT_MESSAGES.full);
      return { replaced: outcome === 'replaced' };
    },
  );

  // The same pre-rendered shell for every token (it fetches the invitation above): 200 for an open
  // or closed team audit, whose page says which, and 404 for a link that opens nothing.
  app.get<TokenParams>(`${JOIN_PATH}/:token`, async (request, reply) => {
    markPrivate(reply);
    if (!options.page) return reply.callNotFound();
    const found = await findTeamAuditByJoinToken(db, request.params.token, config.retentionDays);
    return sendSiteFile(request, reply, options.page, found ? 200 : 404);
  });
}

function requireEmptyBody(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length > 0) {
    throw new HttpError(400, 'invalid_request', EMPTY_BODY_MESSAGE);
  }
}

async function readOrganisation(db: Database, requestId: string | undefined): Promise<string | undefined> {
  if (!requestId) return undefined;
  const { rows } = await db.query<{ organisation: string | null }>(
    `SELECT contact_organisation AS organisation FROM email_requests WHERE id = $1`,
    [requestId],
  );
  return rows[0]?.organisation ?? undefined;
}
