import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequestsMessage } from '../../shared/api-errors';
import { HttpError } from './http-errors';

/** The checks the API's routes share: how a body is read, its type, a per-client limit. */

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

export interface JsonBodyOptions {
  /** Content types read as JSON besides application/json (a beacon sends text/plain). */
  alsoAs?: string[];
  /** The answer to a body that is not JSON. */
  invalid?: () => HttpError;
}

const notJson = () => new HttpError(400, 'invalid_request', 'The request body is not valid JSON.');

/**
 * The one way a request body is read, for the whole app (buildApp calls it once; a plugin that
 * takes another type, like the usage beacon, calls it again inside itself): JSON only, parsed by
 * Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys), with its
 * message replaced. A JSON.parse error quotes part of the body, and what a visitor or a team member
 * wrote must not reach the log. A body of any other type is refused with 415 before it is read.
 */
export function readJsonBodies(app: FastifyInstance, options: JsonBodyOptions = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const invalid = options.invalid ?? notJson;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', ...(options.alsoAs ?? [])],
    { parseAs: 'string' },
    (request, body, done) => {
      parseJson(request, String(body), (error, value) => {
        if (error) done(invalid());
        else done(null, value);
      });
    },
  );
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
