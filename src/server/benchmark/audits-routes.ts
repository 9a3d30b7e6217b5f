import type { FastifyInstance } from 'fastify';
import { sanitizeProfile, sanitizeResponses } from '../../core';
import { auditSubmissionSchema } from '../../shared/audit-submission';
import { fieldErrors } from '../../shared/api-errors';
import { refileCompletedAudit, storeCompletedAudit } from './completed-audits';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-errors';
import type { ClientLimitStore } from '../http/client-limit-store';
import { registerPerClientLimit } from '../http/request-guards';

export interface AuditsOptions {
  db: Database;
  config: Pick<Config, 'rateLimit'>;
  /** Where the per-client limit is counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
}

/** What `POST /api/audits` answers, whether the audit was counted now or by an earlier try. */
export const AUDIT_COUNTED = { status: 'counted' } as const;

/**
 * `POST /api/audits`: one completed audit for the anonymous benchmark. Checked in this order, and
 * nothing is stored unless all pass: the per-client limit (429), JSON (415), size (413), the
 * fields (400 invalid_request). Then the server scores the answers itself and stores them with the UTC
 * date only, and answers 202 — also for a repeat of an idempotency key it has already counted. A
 * retake (`retakes`, the key of the audit it retakes) replaces that audit's chain's latest in the
 * counts; a key that names no audit is no error, the retake is then counted as an audit of its own.
 * Nothing about the client is kept or logged: its address is used for the limit only (see
 * registerPerClientLimit), and the answers appear in no log line.
 */
export async function auditsRoutes(app: FastifyInstance, options: AuditsOptions): Promise<void> {
  const { db, config } = options;
  // Only JSON is parsed in this plugin: any other type (a form, text) is 415 before the body is read.
  // Its own bucket, apart from the e-mail form's: a completed audit sends no e-mail to anyone.
  await registerPerClientLimit(app, { store: options.clientLimits });

  app.post(
    '/api/audits',
    {
      config: {
        rateLimit: { max: config.rateLimit.auditsPerClient, timeWindow: config.rateLimit.perClientWindowMs },
      },
    },
    async (request, reply) => {
      const parsed = auditSubmissionSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new HttpError(
          400,
          'invalid_request',
          'This is not a completed audit.',
          fieldErrors(parsed.error),
        );
      }
      const { idempotencyKey, retakes, profile } = parsed.data;
      const counted = await storeCompletedAudit(db, {
        idempotencyKey,
        ...(retakes === undefined ? {} : { retakes }),
        profile: sanitizeProfile(profile),
        responses: sanitizeResponses(parsed.data.responses),
      });
      // A repeat that carries a profile is the results page giving it after the audit was counted:
      // the same audit is filed under it. A repeat without one (a retry) changes nothing.
      if (!counted && profile !== undefined)
        await refileCompletedAudit(db, idempotencyKey, sanitizeProfile(profile));
      reply.code(202).header('Cache-Control', 'no-store');
      return AUDIT_COUNTED;
    },
  );
}
