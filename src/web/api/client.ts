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

/** Asks the server to e-mail the results; resolves only on 202 (the request is stored). */
export async function requestEmailResults(
  request: EmailRequest & BotCheckFields,
): Promise<EmailRequestAccepted> {
  let response: Response;
  try {
    response = await fetch('/api/email-results', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (response.status === 202) {
    // The request is stored: success, even if a proxy mangled the body (a retry would send twice).
    return (await response.json().catch(() => ({ id: '', status: 'queued' }))) as EmailRequestAccepted;
  }
  throw await errorFrom(response);
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
