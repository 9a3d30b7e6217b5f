import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequestsMessage } from '../../shared/api-errors';
import type { ClientLimitStore } from './client-limit-store';
import { HttpError } from './http-errors';

/** The checks the API's routes share: how a body is read, its type, a per-client limit. */

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The names of UTF-8 a body may declare, any case: "utf-8", and "utf8", which some clients send
 * and every decoder reads as UTF-8 (the WHATWG Encoding Standard lists both). A body is read as
 * UTF-8 whatever it declares, so one that says otherwise is refused rather than misread.
 */
const UTF8_NAMES: ReadonlySet<string> = new Set(['utf-8', 'utf8']);

/**
 * Whether a Content-Type declares no character set but UTF-8: no `charset` parameter, or each
 * one (quoted or not, any case) a name of UTF-8. `application/json; charset=utf-16` is not.
 */
export function declaresOnlyUtf8(contentType: string): boolean {
  return contentType
    .split(';')
    .slice(1)
    .map((parameter) => /^\s*charset\s*=\s*"?([^";]*)"?\s*$/i.exec(parameter)?.[1])
    .every((charset) => charset === undefined || UTF8_NAMES.has(charset.trim().toLowerCase()));
}

const notUtf8 = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'Send the request as JSON in UTF-8 (Content-Type: application/json; charset=utf-8, or no charset).',
  );

/** An `onRequest` hook: 415 for a body that is not JSON, or not in UTF-8, before it is read. */
export async function requireJson(request: FastifyRequest): Promise<void> {
  // Checked before the body is read: a form post or text body is refused, not parsed.
  const contentType = request.headers['content-type'] ?? '';
  if (!JSON_TYPE.test(contentType)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the request as JSON (Content-Type: application/json).',
    );
  }
  if (!declaresOnlyUtf8(contentType)) throw notUtf8();
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
 * wrote must not reach the log. A body of any other type is refused with 415 before it is read, one
 * declaring a charset other than UTF-8 with 415 once read.
 */
export function readJsonBodies(app: FastifyInstance, options: JsonBodyOptions = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const invalid = options.invalid ?? notJson;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', ...(options.alsoAs ?? [])],
    { parseAs: 'string' },
    (request, body, done) => {
      // Read as UTF-8 below whatever it declares: a body in another charset is refused, on every route.
      if (!declaresOnlyUtf8(request.headers['content-type'] ?? '')) return done(notUtf8());
      parseJson(request, String(body), (error, value) => {
        if (error) done(invalid());
        else done(null, value);
      });
    },
  );
}

const CLIENT_GONE = 'client-gone';

/**
 * The client a per-client limit counts: its address (from X-Forwarded-For when TRUST_PROXY says so),
 * with an IPv6 address cut to its /64 as @fastify/rate-limit does, since one household or office
 * holds a whole /64. Once the client's socket is gone (it hung up, or sent a broken chunked body)
 * Fastify knows no address: those requests share one key rather than throw, and nobody is there to
 * read their answer anyway.
 */
export function clientKeyOf(request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip as string | undefined;
  return ip ? normalizeIP(ip) : CLIENT_GONE;
}

export interface PerClientLimitOptions {
  /** Where the limits are counted (clientLimitStoreFor): the database, or undefined for memory. */
  store: ClientLimitStore;
  /** The answer over the limit, given the milliseconds until the window ends. */
  tooMany?: (retryAfterMs: number) => HttpError;
}

const tooManyRequests = (retryAfterMs: number) =>
  new HttpError(429, 'rate_limited', tooManyRequestsMessage(retryAfterMs / 1000));

/**
 * A per-client limit for the calling plugin's routes alone; each route names its own
 * `config.rateLimit` and is counted apart from every other route. Over it: 429 saying when to try
 * again (with Retry-After in seconds).
 */
export async function registerPerClientLimit(
  app: FastifyInstance,
  options: PerClientLimitOptions,
): Promise<void> {
  const tooMany = options.tooMany ?? tooManyRequests;
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientKeyOf,
    ...(options.store ? { store: options.store } : {}),
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });
}
