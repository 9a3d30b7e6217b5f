import { formatDay } from '../../../core';
import { tooManyRequestsMessage } from '../../../shared/api-errors';
import { SAVED_AUDIT_DAYS } from '../../../shared/saved-audit';
import { ApiError } from '../../api/client';

/**
 * What a failed save says: the server's own words for what it refused (a wrong address, a link
 * expired or completed), the shared wording for too many requests, and a plain retry otherwise,
 * since a network failure or a server error has nothing the visitor can act on but trying again.
 */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return tooManyRequestsMessage(error.retryAfterSeconds);
    // A 4xx with the API's error body (a proxy's page without one reads as internal_error).
    if (error.status >= 400 && error.status < 500 && error.code !== 'internal_error') return error.message;
  }
  return 'Your answers could not be saved. Please check your connection and try again.';
}

/** What "Save and continue later" says when there is nothing to save. */
export const NOTHING_TO_SAVE = 'There is nothing to save yet: rate at least one statement first.';

/**
 * The last day a link opens the audit, in words: all of it, in the UK, as the server's rule has it;
 * "for 30 days" when the answer left it out.
 */
export function untilWhen(expiresOn: string): string {
  const day = formatDay(expiresOn);
  return day ? `until the end of ${day} (UK time)` : `for ${SAVED_AUDIT_DAYS} days`;
}
