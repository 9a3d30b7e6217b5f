import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeProfile, sanitizeResponses } from '../../core';
import { fieldErrors, tooManyRequestsMessage } from '../../shared/api-errors';
import { CONSENT_WORDING } from '../../shared/email-request';
import { CONTINUE_PATH, type SavedAudit, type SavedAuditAccepted } from '../../shared/saved-audit';
import { firstSaveSchema, laterSaveSchema } from '../../shared/saved-audit-request';
import { addressFormGuards } from '../bot-guard/address-form-guards';
import type { BotGuard } from '../bot-guard/bot-guard';
import type { Config } from '../config';
import type { ContentSource } from '../content/content-cache';
import { answeredVersion } from '../content/answered-version';
import type { Database } from '../db/database';
import type { ClientLimitStore } from '../http/client-limit-store';
import { HttpError } from '../http/http-errors';
import { markPrivate } from '../http/private-answer';
import { registerPerClientLimit, requireJson } from '../http/request-guards';
import { requireSameOrigin } from '../http/same-origin';
import { newSecret } from '../http/secrets';
import { sendSiteFile, type SiteFile } from '../site/static-site';
import { completeSavedAudit, findSavedAudit, saveAgain, storeSavedAudit } from './saved-audits';

export interface SavedAuditOptions {
  db: Database;
  config: Pick<Config, 'rateLimit' | 'publicUrl'>;
  botGuard: BotGuard;
  /** Where the per-client limits are counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
  /** Called after a first save is committed, to send its e-mail now rather than at the next poll. */
  onQueued: () => void;
  /**
   * The live e-mail request a results link's token stands for (a saved retake's `retakeOf`), or
   * undefined when it is unknown or expired: the audit is then saved without the link.
   */
  findRetakeOrigin: (token: string) => Promise<string | undefined>;
  /** The pre-rendered continue page (the build's CONTINUE_PATH row), or null without a built site. */
  page: SiteFile | null;
  /** The published versions of the audit's words: a first save names the one it is answered with. */
  content: ContentSource;
}

const NOT_FOUND_MESSAGE =
  'There is no saved audit at this link. It may have been mistyped, or it has expired (saved audits are kept 30 days).';
const COMPLETED_MESSAGE = 'The audit saved at this link was completed, so the link no longer opens it.';
const CHANGE_ORIGIN_MESSAGE = 'A saved audit can only be changed from this site’s audit.';

const notFound = () => new HttpError(404, 'not_found', NOT_FOUND_MESSAGE);
const completed = () => new HttpError(410, 'completed', COMPLETED_MESSAGE);

function invalid(error: Parameters<typeof fieldErrors>[0]): HttpError {
  return new HttpError(400, 'invalid_request', 'Please check the highlighted fields.', fieldErrors(error));
}

interface TokenParams {
  Params: { token: string };
}

/**
 * "Save and continue later" (shared/saved-audit.ts). A first save is checked as the e-mail form is,
 * in this order: JSON (415), the per-client limit (429), the bot guard (400 bot_check_failed), the
 * fields (400, a version of the audit's words this server does not have among them), the
 * per-address limit (429); then the audit and its e-mail are stored together
 * (202). The link's token is the key to everything after: reopening (no limit: 256 random bits are
 * too many to guess by asking), a later save and completion (changes, so only from a page of this
 * site, and limited per client). Every answer at a token's address is private (markPrivate).
 */
export async function savedAuditRoutes(app: FastifyInstance, options: SavedAuditOptions): Promise<void> {
  const { db, config } = options;
  await registerPerClientLimit(app, { store: options.clientLimits });
  // A later save or a completion sends no e-mail: the completed-audit limit, not the e-mail form's.
  const changeLimit = {
    max: config.rateLimit.auditsPerClient,
    timeWindow: config.rateLimit.perClientWindowMs,
  };
  const sameOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    markPrivate(reply);
    requireSameOrigin(request, config.publicUrl, CHANGE_ORIGIN_MESSAGE);
  };

  app.post(
    '/api/saved-audits',
    addressFormGuards(options.botGuard, config.rateLimit),
    async (request, reply): Promise<SavedAuditAccepted> => {
      reply.header('Cache-Control', 'no-store');
      const parsed = firstSaveSchema.safeParse(request.body);
      if (!parsed.success) throw invalid(parsed.error);
      const { email, consent, responses, section, profile, earlier, retakeOf, retakesAudit } = parsed.data;
      // The words it is answered with: the continue link reopens it in them (a later save keeps them).
      const words = await answeredVersion(options.content, parsed.data.contentVersion);
      const retakeOfRequest = retakeOf === undefined ? undefined : await options.findRetakeOrigin(retakeOf);
      const result = await storeSavedAudit(
        db,
        {
          email,
          responses: sanitizeResponses(responses),
          section,
          profile: sanitizeProfile(profile),
          ...(earlier ? { earlier } : {}),
          ...(retakeOfRequest ? { retakeOfRequest } : {}),
          ...(retakesAudit ? { retakesAudit } : {}),
          consentWording: consent === true ? CONSENT_WORDING : null,
          token: newSecret(),
          contentVersion: words.version,
        },
        { max: config.rateLimit.perRecipient, windowMs: config.rateLimit.perRecipientWindowMs },
      );
      if (!result.stored) {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw new HttpError(429, 'rate_limited', tooManyRequestsMessage(result.retryAfterSeconds));
      }
      options.onQueued();
      reply.code(202);
      return result.accepted;
    },
  );

  app.get<TokenParams>('/api/saved-audits/:token', async (request, reply): Promise<SavedAudit> => {
    markPrivate(reply);
    const found = await findSavedAudit(db, request.params.token);
    if (!found) throw notFound();
    if (found.status === 'completed') throw completed();
    return found.audit;
  });

  app.post<TokenParams>(
    '/api/saved-audits/:token',
    { onRequest: [sameOrigin, requireJson], config: { rateLimit: changeLimit } },
    async (request): Promise<SavedAuditAccepted> => {
      const parsed = laterSaveSchema.safeParse(request.body);
      if (!parsed.success) throw invalid(parsed.error);
      const { responses, section, profile, savedAt } = parsed.data;
      const result = await saveAgain(db, request.params.token, {
        responses: sanitizeResponses(responses),
        section,
        profile: sanitizeProfile(profile),
        savedAt: new Date(savedAt),
      });
      if (result.outcome === 'not_found') throw notFound();
      if (result.outcome === 'completed') throw completed();
      return result.accepted;
    },
  );

  // No body: the browser posts it as the results show, and waits for nothing.
  app.post<TokenParams>(
    '/api/saved-audits/:token/completed',
    { onRequest: sameOrigin, config: { rateLimit: changeLimit } },
    async (request, reply) => {
      if (!(await completeSavedAudit(db, request.params.token))) throw notFound();
      return reply.code(204).send();
    },
  );

  // The same pre-rendered shell for every token (it fetches the audit above and tells the visitor
  // what it found): 200 for a live or completed link, 404 for one that opens nothing, so the status
  // is true from the start while the page still offers a fresh start.
  app.get<TokenParams>(`${CONTINUE_PATH}/:token`, async (request, reply) => {
    markPrivate(reply);
    if (!options.page) return reply.callNotFound();
    const found = await findSavedAudit(db, request.params.token);
    return sendSiteFile(request, reply, options.page, found ? 200 : 404);
  });
}
