import { regexes } from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_REQUEST_MESSAGES, LOCAL_PART_MAX_LENGTH } from './email-request-rules';

/**
 * The address rule, for the browser (before it sends) and the server's schema alike: a plain
 * function, so the e-mail screen ships zod's address pattern and none of zod's parsing machinery.
 */

// Only addresses that zod's e-mail pattern accepts (ASCII), so characters here are octets.
function localPartFits(address: string): boolean {
  return address.lastIndexOf('@') <= LOCAL_PART_MAX_LENGTH;
}

/**
 * What is wrong with an address (already trimmed), or undefined when nothing is: it must be there,
 * fit SMTP's limits (RFC 5321: 254 in all, 64 before the @) and have the usual form of an address.
 */
export function emailAddressProblem(trimmed: string): string | undefined {
  if (trimmed === '') return EMAIL_REQUEST_MESSAGES.emailMissing;
  if (trimmed.length > EMAIL_MAX_LENGTH || !localPartFits(trimmed) || !regexes.email.test(trimmed)) {
    return EMAIL_REQUEST_MESSAGES.emailInvalid;
  }
  return undefined;
}

/**
 * The address as erasure, look-ups, the team list and sign-in find it: trimmed and lower-cased.
 * The database repeats it as `lower(email)` (the CHECK on email_requests.email_normalized) and
 * counts the per-recipient limit by mailbox with `mailbox_key()` (migration 0004: +tags removed,
 * Gmail's dots too); email-address.sql.test.ts holds both to one table of addresses.
 */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}
