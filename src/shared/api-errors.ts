import type { core } from 'zod/mini';

/**
 * The API's answers when something is wrong, for every route and both browser apps alike: the
 * codes, the one error body, the rate limit's sentence, and zod's issues as named fields. No zod at
 * run time (only its types), so a page that shows an API error ships none of the validation library.
 */

export type ApiErrorCode =
  | 'invalid_request'
  | 'invalid_event'
  | 'bot_check_failed'
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error'
  | 'unauthorized'
  | 'forbidden_origin'
  | 'token_used'
  | 'token_expired'
  | 'token_invalid'
  | 'not_failed'
  | 'not_retryable'
  /** A continue link whose audit was completed (410): it reopens nothing, and the page says so. */
  | 'completed'
  /** A change to an earlier result's action plan (409): a later result holds the plan now. */
  | 'superseded'
  /** An answer to a team audit that has closed (409): the join page says so. */
  | 'closed'
  /** A new respondent to a team audit that already has 200 (409). */
  | 'full'
  /** A change to the audit's words by a team member who is not in TEAM_EDITORS (403). */
  | 'not_an_editor'
  /** A save or publish of the draft of the audit's words that a colleague saved since it was loaded (409). */
  | 'draft_changed'
  /** A publish with no draft of the audit's words saved (409). */
  | 'no_draft'
  /** A publish of a draft that says exactly what the live version says (400). */
  | 'nothing_to_publish'
  /** Words that fail checkContent (400): `problems` lists each reason, a sentence an editor can act on. */
  | 'invalid_content';

/**
 * Every error the API answers has this body. `fields` maps a field's path ("email",
 * "responses.quality.2") to what is wrong with it; `problems` lists what is wrong with a whole
 * document (the audit's words), each a sentence.
 */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string>; problems?: string[] };
}

/**
 * What a person is told past a rate limit: "Too many requests. Please try again in 15 minutes."
 * The server puts it in its 429 answer and the e-mail screen shows it from `Retry-After`. The wait
 * is rounded up (never promise less than it is), to whole minutes below an hour and whole hours
 * from then on, and a single one is "a minute" or "an hour", never "1 minutes".
 */
export function tooManyRequestsMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds)) {
    return 'Too many requests. Please try again later.';
  }
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const hours = Math.ceil(retryAfterSeconds / 3600);
  const when =
    minutes === 1
      ? 'in a minute'
      : minutes < 60
        ? `in ${minutes} minutes`
        : hours === 1
          ? 'in an hour'
          : `in ${hours} hours`;
  return `Too many requests. Please try again ${when}.`;
}

/** The first problem with each field of a failed parse, keyed by dotted path ("" for the body itself). */
export function fieldErrors(error: core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    // zod reports unknown keys at the path of the object that holds them; name each key instead.
    const paths =
      issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const p of paths) {
      const key = p.map(String).join('.');
      fields[key] ??= issue.message;
    }
  }
  return fields;
}
