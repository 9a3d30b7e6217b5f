import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors } from '../../shared/api-errors';
import { ACTION_PLAN_MESSAGES, actionPlanChangeSchema, type ActionPlanSaved } from '../../shared/action-plan';
import { PLAN_MOVED_REFUSAL } from '../../shared/action-plan-words';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { ClientLimitStore } from '../http/client-limit-store';
import { HttpError } from '../http/http-errors';
import { markPrivate } from '../http/private-answer';
import { registerPerClientLimit, requireJson } from '../http/request-guards';
import { requireSameOrigin } from '../http/same-origin';
import { changeActionPlan } from './action-plan';
import { findRetakeOriginId } from './email-requests';
import { RESULTS_NOT_FOUND_MESSAGE } from '../../shared/results-link';

/**
 * Changes to the plan one client may make per window (RATE_LIMIT's window, 15 minutes). A results
 * page offers at most ten topics (five priorities, five areas) and saves one per press of its Save,
 * so a care manager going through them all, twice over, stays well inside; a script trying tokens
 * does not get far (each is 256 random bits anyway).
 */
export const ACTION_PLAN_CHANGES_PER_CLIENT = 60;

export interface ActionPlanRoutesOptions {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'retentionDays' | 'rateLimit'>;
  /** Where the per-client limit is counted (clientLimitStoreFor). */
  clientLimits: ClientLimitStore;
}

const INVALID_MESSAGE = 'Please check the highlighted fields.';

/**
 * `POST /api/results/<token>/plan`: one change to the action plan of the results the link opens
 * (decision 0055). No account: the results link is the key, and a change is refused from any page
 * but this site's, like the team's changes. Checked in this order: JSON (415), the Origin (403
 * forbidden_origin, a missing or `null` one too), the per-client limit (429), the token (404, the
 * same answer as the results link's own for a malformed, unknown, erased or expired one), the fields
 * (400 invalid_request naming them; a key that is not a topic of these results too), and whether a
 * later result holds the plan now (409 superseded, decision 0060: nothing changes). Then 200 with
 * the whole plan. Every answer, errors included, is private like the results link's.
 */
export async function actionPlanRoutes(
  app: FastifyInstance,
  options: ActionPlanRoutesOptions,
): Promise<void> {
  const { db, config } = options;
  // Registered inside this plugin, so the limit counts this route alone.
  await registerPerClientLimit(app, { store: options.clientLimits });

  app.post<{ Params: { token: string } }>(
    '/api/results/:token/plan',
    {
      onRequest: [
        async (_request: FastifyRequest, reply: FastifyReply) => markPrivate(reply),
        requireJson,
        async (request: FastifyRequest) => requireSameOrigin(request, config.publicUrl),
      ],
      config: {
        rateLimit: { max: ACTION_PLAN_CHANGES_PER_CLIENT, timeWindow: config.rateLimit.perClientWindowMs },
      },
    },
    async (request): Promise<ActionPlanSaved> => {
      const notFound = () => new HttpError(404, 'not_found', RESULTS_NOT_FOUND_MESSAGE);
      // The link first: one that opens nothing is a 404 whatever the body says.
      const requestId = await findRetakeOriginId(db, request.params.token, config.retentionDays);
      if (requestId === undefined) throw notFound();
      const parsed = actionPlanChangeSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new HttpError(400, 'invalid_request', INVALID_MESSAGE, fieldErrors(parsed.error));
      }
      const changed = await changeActionPlan(db, requestId, parsed.data);
      if (changed.outcome === 'not_found') throw notFound();
      if (changed.outcome === 'superseded') throw new HttpError(409, 'superseded', PLAN_MOVED_REFUSAL);
      if (changed.outcome === 'not_a_topic') {
        throw new HttpError(400, 'invalid_request', INVALID_MESSAGE, {
          key: ACTION_PLAN_MESSAGES.keyInvalid,
        });
      }
      return { plan: changed.plan };
    },
  );
}
