import type { ApiErrorBody, ApiErrorCode } from '../../shared/api-errors';
import type { EmailRequest, EmailRequestAccepted } from '../../shared/email-request';
import type { BotCheckFields } from '../../shared/bot-check';

/** Any answer from the API other than success, or no answer at all (code "network"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network',
    message: string,
    /** Seconds to wait before trying again, from a 429's Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/**
 * POSTs `body` as JSON; resolves with the answer only when its status is `expected`, and throws an
 * ApiError otherwise: the API's error answer, or code "network" when no answer came.
 */
export async function postJson(url: string, body: unknown, expected: number): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (response.status !== expected) throw await errorFrom(response);
  return response;
}

/** Asks the server to e-mail the results; resolves only on 202 (the request is stored). */
export async function requestEmailResults(
  request: EmailRequest & BotCheckFields,
): Promise<EmailRequestAccepted> {
  const response = await postJson('/api/email-results', request, 202);
  // The request is stored: success, even if a proxy mangled the body (a retry would send twice).
  return (await response.json().catch(() => ({ id: '', status: 'queued' }))) as EmailRequestAccepted;
}

/** The API's error answer as an ApiError: its code and message, and a 429's Retry-After. */
export async function errorFrom(response: Response): Promise<ApiError> {
  let code: ApiErrorCode = 'internal_error';
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (body.error) ({ code, message } = body.error);
  } catch {
    // Not JSON (a proxy's error page, say): the status is all we know.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    code,
    message,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}
