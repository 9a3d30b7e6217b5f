import * as z from 'zod/mini';
import { AREA_IDS } from '../core';

/**
 * The request behind "Send Results to Email" (PRODUCT.md, HTTP API): one schema for the form, the
 * API client and the server. No Node imports: the browser bundle includes this file.
 */

/** What a person sees when a field is wrong. */
export const EMAIL_REQUEST_MESSAGES = {
  emailMissing: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, like name@example.com',
  messageTooLong: 'Please keep your note to 2,000 characters or fewer',
  responsesInvalid: 'Your answers could not be read. Please retake the audit.',
  unknownArea: 'This is not one of the five audit areas',
  unknownQuestion: 'Each area has questions 0 to 4 only',
  ratingInvalid: 'Each answer must be a whole number from 1 to 5',
  messageInvalid: 'Your note contains characters that cannot be sent. Please remove them.',
  noAnswers: 'There are no answers to send. Please take the audit first.',
  consentInvalid: 'The consent answer must be true or false',
} as const;

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

/** Longest note a visitor may add, in characters (code points, so an emoji counts once), after trimming. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Longest address that SMTP allows in a forward path (RFC 5321 §4.5.3.1.3). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest local part (before the @) that SMTP allows (RFC 5321 §4.5.3.1.1). */
export const LOCAL_PART_MAX_LENGTH = 64;

/**
 * The consent box's label, word for word. The server stores this text with the time it was ticked,
 * so the record says what the visitor agreed to even after the label changes.
 */
export const CONSENT_WORDING = 'The team may contact me about a free consultation';

// Only addresses in the form z.email() accepts (ASCII), so characters here are octets.
function localPartFits(address: string): boolean {
  return address.lastIndexOf('@') <= LOCAL_PART_MAX_LENGTH;
}

export const emailAddressSchema = z.pipe(
  z
    .string({ error: EMAIL_REQUEST_MESSAGES.emailMissing })
    .check(
      z.trim(),
      z.minLength(1, { error: EMAIL_REQUEST_MESSAGES.emailMissing, abort: true }),
      z.maxLength(EMAIL_MAX_LENGTH, { error: EMAIL_REQUEST_MESSAGES.emailInvalid, abort: true }),
      z.refine(localPartFits, { error: EMAIL_REQUEST_MESSAGES.emailInvalid, abort: true }),
    ),
  z.email({ error: EMAIL_REQUEST_MESSAGES.emailInvalid }),
);

// Characters a person does not type and a database or terminal should not get: C0 controls other
// than tab, line feed and carriage return (PostgreSQL cannot store U+0000 in text at all), DEL, and
// halves of a surrogate pair without their other half (not a character in UTF-8).
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Characters as a person counts them: code points, so "😀" is one and not two UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character: skip the low one.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** The note, trimmed; the limit applies to what is stored, so surrounding spaces do not count. */
export const messageSchema = z.string({ error: 'The note must be text' }).check(
  z.trim(),
  z.refine((text) => !UNSTORABLE.test(text), { error: EMAIL_REQUEST_MESSAGES.messageInvalid, abort: true }),
  z.refine((text) => characterCount(text) <= MESSAGE_MAX_LENGTH, {
    error: EMAIL_REQUEST_MESSAGES.messageTooLong,
  }),
);

const ratingSchema = z.number({ error: EMAIL_REQUEST_MESSAGES.ratingInvalid }).check(
  z.refine((n) => Number.isInteger(n), { error: EMAIL_REQUEST_MESSAGES.ratingInvalid, abort: true }),
  z.gte(1, { error: EMAIL_REQUEST_MESSAGES.ratingInvalid }),
  z.lte(5, { error: EMAIL_REQUEST_MESSAGES.ratingInvalid }),
);

const QUESTION_KEYS = ['0', '1', '2', '3', '4'] as const;

// A record with enum keys reports a key outside the enum as `unrecognized_keys` on the record itself.
const recordError = (unknownKey: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? unknownKey : EMAIL_REQUEST_MESSAGES.responsesInvalid;

const areaAnswersSchema = z.partialRecord(z.enum(QUESTION_KEYS), ratingSchema, {
  error: recordError(EMAIL_REQUEST_MESSAGES.unknownQuestion),
});

function hasAnyAnswer(responses: Partial<Record<string, Partial<Record<string, number>> | undefined>>) {
  return Object.values(responses).some((area) => area !== undefined && Object.keys(area).length > 0);
}

/**
 * Answers keyed by area id, then question index "0"–"4"; an area or question may be unanswered,
 * but not all of them: e-mailing the results of an audit nobody took helps nobody.
 */
export const responsesSchema = z
  .partialRecord(z.enum(AREA_IDS), areaAnswersSchema, {
    error: recordError(EMAIL_REQUEST_MESSAGES.unknownArea),
  })
  .check(
    z.refine(hasAnyAnswer, {
      error: EMAIL_REQUEST_MESSAGES.noAnswers,
      // Only for answers that are otherwise well-formed: an unknown area says enough on its own.
      when: (payload) => payload.issues.length === 0,
    }),
  );

/**
 * `POST /api/email-results`. Fields it does not know (a client's own overallScore, say) are
 * dropped, not an error: the server scores the answers itself. `consent` is the consent box:
 * absent or false when it was left unticked.
 */
export const emailRequestSchema = z.object(
  {
    email: emailAddressSchema,
    message: z.optional(messageSchema),
    responses: responsesSchema,
    consent: z.optional(z.boolean({ error: EMAIL_REQUEST_MESSAGES.consentInvalid })),
  },
  { error: 'The request must be a JSON object' },
);

export type EmailRequest = z.output<typeof emailRequestSchema>;

/** The 202 answer: the request is stored and its e-mail queued. */
export interface EmailRequestAccepted {
  id: string;
  status: 'queued' | 'sent';
}

export type ApiErrorCode =
  | 'invalid_request'
  | 'bot_check_failed'
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error';

/** Every error the API answers has this body. `fields` maps a field's path ("email", "responses.quality.2") to what is wrong with it. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
}

/** The first problem with each field of a failed parse, keyed by dotted path ("" for the body itself). */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
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
