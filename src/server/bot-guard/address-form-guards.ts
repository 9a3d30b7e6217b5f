import type { RouteShorthandOptions } from 'fastify';
import { BOT_CHECK_FAILED_MESSAGE, HONEYPOT_FIELD, PROOF_FIELD } from '../../shared/bot-check';
import type { Config } from '../config';
import { HttpError } from '../http/http-errors';
import { requireJson } from '../http/request-guards';
import type { BotGuard } from './bot-guard';

/**
 * The guards of a form that makes us e-mail an address (the results, a continue link), before its
 * fields are read: JSON (415), the per-client limit (429; the plugin registers the limiter), then
 * the honeypot and the proof of work (400 bot_check_failed). One set, so the two forms cannot drift.
 */
export function addressFormGuards(
  botGuard: BotGuard,
  rateLimit: Pick<Config['rateLimit'], 'perClient' | 'perClientWindowMs'>,
): RouteShorthandOptions {
  return {
    onRequest: requireJson,
    preHandler: botGuard.preHandler({
      honeypotField: HONEYPOT_FIELD,
      proofField: PROOF_FIELD,
      reject: () => new HttpError(400, 'bot_check_failed', BOT_CHECK_FAILED_MESSAGE),
    }),
    config: { rateLimit: { max: rateLimit.perClient, timeWindow: rateLimit.perClientWindowMs } },
  };
}
