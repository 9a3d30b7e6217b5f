import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequestsMessage } from '../../shared/email-request';
import { HttpError } from './http-errors';

/** The checks the visitor-facing POST routes share, each applied inside one route plugin. */

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** An `onRequest` hook: 415 for a body that is not JSON, before it is read. */
export async function requireJson(request: FastifyRequest): Promise<void> {
  // Checked before the body is read: a form post or text body is refused, not parsed.
  if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the request as JSON (Content-Type: application/json).',
    );
  }
}

/**
 * Only JSON is parsed in the calling plugin, by Fastify's own parser with its message replaced: a
 * JSON.parse error quotes part of the body, and a visitor's answers must not reach the log.
 */
export function parseJsonQuietly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, String(body), (error, value) => {
      if (error) done(new HttpError(400, 'invalid_request', 'The request body is not valid JSON.'));
      else done(null, value);
    });
  });
}

/**
 * A per-client limit for the calling plugin's routes alone, counted apart from every other
 * plugin's; each route names its own `config.rateLimit`. Over it: 429 saying when to try again.
 */
export async function registerPerClientLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', tooManyRequestsMessage(context.ttl / 1000)),
  });
}
