import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ApiErrorCode } from '../../shared/api-errors';
import { isUnavailableError } from '../db/database';
import { drainRequestBody } from './drain-request';
import { textForLog } from './log-privacy';

/** An error the API answers as it is: its status, code, message and fields reach the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** What is wrong with a whole document, each a sentence (the audit's words: checkContent). */
    readonly problems?: readonly string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The one JSON error body of the API. */
export function errorBody(
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
  problems?: readonly string[],
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(fields ? { fields } : {}),
      ...(problems ? { problems: [...problems] } : {}),
    },
  };
}

const MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  tooLarge: 'The request is too large.',
  mediaType: 'Send the request as JSON (Content-Type: application/json).',
  rateLimited: 'Too many requests. Please try again later.',
  unavailable: 'The service is temporarily unavailable. Please try again in a few minutes.',
  internal: 'Something went wrong on our side. Please try again later.',
  badRequest: 'The request could not be understood.',
} as const;

// What Fastify and its plugins throw, mapped to the API's codes; their own wording stays in the log.
function describe(error: FastifyError): { status: number; code: ApiErrorCode; message: string } {
  if (error instanceof HttpError)
    return { status: error.statusCode, code: error.code, message: error.message };
  if (isUnavailableError(error))
    return { status: 503, code: 'service_unavailable', message: MESSAGES.unavailable };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'invalid_request', message: MESSAGES.invalidJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', message: MESSAGES.tooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: MESSAGES.mediaType };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, code: 'rate_limited', message: MESSAGES.rateLimited };
  if (status === 413) return { status, code: 'payload_too_large', message: MESSAGES.tooLarge };
  if (status === 415) return { status, code: 'unsupported_media_type', message: MESSAGES.mediaType };
  if (status === 404) return { status, code: 'not_found', message: 'Not found.' };
  if (status >= 400 && status < 500) return { status, code: 'invalid_request', message: MESSAGES.badRequest };
  if (status === 503) return { status, code: 'service_unavailable', message: MESSAGES.unavailable };
  return {
    status: status >= 500 && status < 600 ? status : 500,
    code: 'internal_error',
    message: MESSAGES.internal,
  };
}

/**
 * Whether the client has gone: it hung up, or its connection was cut for a broken request (an
 * invalid chunked body). Whatever failed then failed because the request stopped half way, and
 * nobody is left to read the answer.
 */
function clientGone(request: FastifyRequest): boolean {
  return request.raw.readableAborted || request.raw.socket.destroyed;
}

/**
 * How a failed request is logged. Only our own faults are errors, each with its stack. A client
 * that went away, or a request that broke a rule, is the client's doing: info, without a stack. So
 * is a 503 for an unavailable database: the outage is logged once, when it starts and when it
 * heals, by the database itself (app.ts), not once for every request it turns away.
 */
function logFailure(
  request: FastifyRequest,
  error: FastifyError,
  { status, code, gone }: { status: number; code: ApiErrorCode; gone: boolean },
): void {
  const summary = { code: error.code ?? code, reason: textForLog(error.message) };
  if (gone) request.log.info(summary, 'request ended by the client');
  else if (status < 500) request.log.info(summary, 'request rejected');
  else if (isUnavailableError(error))
    request.log.info(summary, 'request refused: the database is unavailable');
  else request.log.error({ err: error }, 'request failed');
}

/**
 * One error handler for the whole app: the JSON error shape, with server-side details only in the
 * log. A request refused before its body was read (too large, the wrong type, no session, over a
 * limit) has the rest of its body read and thrown away first, so that the client, still sending,
 * reads the answer rather than a reset (drain-request.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply: FastifyReply) => {
    if (!clientGone(request)) await drainRequestBody(request.raw);
    const gone = clientGone(request);
    // A request the client abandoned was not ours to fail: it counts as the client's (a 400, which
    // nobody reads), never as a 5xx. Its error is often ECONNRESET, which would read as an outage.
    const { status, code, message } = gone
      ? { status: 400, code: 'invalid_request' as const, message: MESSAGES.badRequest }
      : describe(error);
    logFailure(request, error, { status, code, gone });
    const fields = error instanceof HttpError ? error.fields : undefined;
    const problems = error instanceof HttpError ? error.problems : undefined;
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(errorBody(code, message, fields, problems));
  });
}
