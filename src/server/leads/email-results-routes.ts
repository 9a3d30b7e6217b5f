import type { FastifyInstance } from 'fastify';
import { buildReport, sanitizeProfile, sanitizeResponses } from '../../core';
import { fieldErrors, tooManyRequestsMessage } from '../../shared/api-errors';
import { CONSENT_WORDING, emailRequestSchema, type EmailRequestAccepted } from '../../shared/email-request';
import { addressFormGuards } from '../bot-guard/address-form-guards';
import type { BotGuard } from '../bot-guard/bot-guard';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import { carryActionPlan } from './action-plan';
import { findLiveRequestId, findRetakeOriginId, storeEmailRequest } from './email-requests';
import { findSavedAuditOrigin } from '../saved-audits/saved-audits';
import { keepResultAuditKey } from '../benchmark/result-audit-keys';
import { newSecret } from '../http/secrets';
import type { ClientLimitStore } from '../http/client-limit-store';
import { registerPerClientLimit } from '../http/request-guards';
import type { ContentSource } from '../content/content-cache';
import { answeredVersion } from '../content/answered-version';

export interface EmailResultsOptions {
  db: Database;
  config: Pick<Config, 'leadsTo' | 'rateLimit' | 'webhook' | 'retentionDays'>;
  /** Called after a request is committed, to send its messages now rather than at the next poll. */
  onQueued: () => void;
  /**
   * Resolves when the outbox's e-mails are not too far behind (MailBacklog.admit): a valid request
   * waits for it before it is stored, so a burst comes in at the pace the e-mails go out.
   */
  mailBacklog: { admit(): Promise<number> };
  botGuard: BotGuard;
  /** Where the per-client limit is counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
  /**
   * The team members to alert of this request as it comes, as each chose in the workspace
   * (alerts/, membersToAlert): handed in, since leads/ sits below alerts/ and reads none of its tables.
   */
  alertMembersFor: (request: { consent: boolean }) => Promise<readonly string[]>;
  /** The audit's words by version: the e-mail's report is in the words the answers were given to. */
  content: ContentSource;
  /** The clock a request is stamped by (when it came, so when its lead's wait began); the real one by default. */
  now?: () => Date;
}

/**
 * `POST /api/email-results`: checked in this order, and nothing is stored or sent unless all pass:
 * JSON (415), the per-client limit (429), the bot guard (400 bot_check_failed), the fields (400
 * invalid_request), then a wait while the outbox's e-mails are too far behind (decision 0082), the
 * per-recipient limit (429). Then 202 once the request is committed.
 *
 * A retake is linked to the result it came from (decision 0053): `retakeOf`, that result's link,
 * or else `continueToken`, the continue link of a saved retake, which kept its origin. A link that
 * opens nothing (unknown, expired, erased) leaves the request unlinked, never refused: the visitor
 * still gets their results, only without the earlier one beside them. `auditKey`, the key the
 * audit was sent to the benchmark with, is kept with the result, so a retake from its link names it.
 */
export async function emailResultsRoutes(app: FastifyInstance, options: EmailResultsOptions): Promise<void> {
  const { db, config } = options;
  // Registered inside this plugin, so the per-client limit applies to this route alone.
  await registerPerClientLimit(app, { store: options.clientLimits });

  app.post(
    '/api/email-results',
    addressFormGuards(options.botGuard, config.rateLimit),
    async (request, reply): Promise<EmailRequestAccepted> => {
      const parsed = emailRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new HttpError(
          400,
          'invalid_request',
          'Please check the highlighted fields.',
          fieldErrors(parsed.error),
        );
      }
      const {
        email,
        message,
        responses: raw,
        consent,
        profile,
        contact,
        source,
        retakeOf,
        continueToken,
        auditKey,
        contentVersion,
      } = parsed.data;
      // Only a request that would be stored waits: nothing else adds to the outbox.
      const heldMs = await options.mailBacklog.admit();
      if (heldMs > 0) request.log.debug({ heldMs: Math.round(heldMs) }, 'held while the e-mails caught up');
      const words = await answeredVersion(options.content, contentVersion);
      // The server scores the answers itself; nothing the client says about scores is used.
      const responses = sanitizeResponses(raw);
      const previousRequestId = await retakeOrigin(db, { retakeOf, continueToken }, config.retentionDays);
      const receivedAt = (options.now ?? (() => new Date()))();
      const result = await storeEmailRequest(
        db,
        {
          email,
          note: message || null,
          responses,
          report: buildReport(responses, receivedAt, { content: words.content }),
          receivedAt,
          contentVersion: words.version,
          // The wording this server's form shows: what the visitor ticked is stored with the request.
          consentWording: consent === true ? CONSENT_WORDING : null,
          profile: sanitizeProfile(profile),
          // Only with consent: the schema refuses a contact without it, and so does the database.
          contact,
          // Where the visit came from, as the browser kept it; nothing else identifies the visitor.
          source,
          // The private results link the visitor's e-mail carries; only its hash is stored.
          resultsToken: newSecret(),
          previousRequestId,
        },
        {
          visitor: email,
          team: config.leadsTo,
          webhook: config.webhook?.url,
          // Each team member hears of the request as they chose (an alert each, a digest, or nothing).
          alertMembers: await options.alertMembersFor({ consent: consent === true }),
        },
        { max: config.rateLimit.perRecipient, windowMs: config.rateLimit.perRecipientWindowMs },
      );
      if (!result.stored) {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw new HttpError(429, 'rate_limited', tooManyRequestsMessage(result.retryAfterSeconds));
      }
      // A retake starts with the earlier result's plan (decision 0060); a first result has none to
      // carry, so it costs no transaction. The request is stored: were the copy to fail, a 500 would
      // have the visitor send it again, so it is logged, never answered.
      if (previousRequestId) {
        await db
          .transaction((tx) => carryActionPlan(tx, result.id))
          .catch((error: unknown) => request.log.error({ err: error }, 'the action plan was not carried'));
      }
      // The result's anonymous audit, for a retake from its link to replace (decision 0062). Kept after
      // the request is committed: should this fail, the request stands and a retake from its link
      // is counted as an audit of its own, as before.
      if (auditKey) await keepResultAuditKey(db, result.id, auditKey);
      options.onQueued();
      reply.code(202).header('Cache-Control', 'no-store');
      return { id: result.id, status: 'queued' };
    },
  );
}

/**
 * The live request a retake came from: by its results link, or else by the saved audit it was
 * continued from (which may have kept its origin longer than the retention period keeps a result).
 */
async function retakeOrigin(
  db: Database,
  links: { retakeOf?: string; continueToken?: string },
  retentionDays: number,
): Promise<string | undefined> {
  const byLink = links.retakeOf && (await findRetakeOriginId(db, links.retakeOf, retentionDays));
  if (byLink) return byLink;
  const saved = links.continueToken && (await findSavedAuditOrigin(db, links.continueToken));
  return saved ? findLiveRequestId(db, saved, retentionDays) : undefined;
}
