import { z } from 'zod';
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
} as const;

/**
 * What a person is told past a rate limit: "Too many requests. Please try again in 15 minutes."
 * The server puts it in its 429 answer and the e-mail screen shows it from `Retry-After`.
 */
export function tooManyRequestsMessage(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined) return 'Too many requests. Please try again later.';
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const when =
    retryAfterSeconds < 60
      ? 'in a minute'
      : minutes < 120
        ? `in ${minutes} minutes`
        : `in ${Math.ceil(minutes / 60)} hours`;
  return `Too many requests. Please try again ${when}.`;
}

/** Longest note a visitor may add (PRODUCT.md). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Longest address that SMTP allows in a forward path (RFC 5321 §4.5.3.1.3). */
export const EMAIL_MAX_LENGTH = 254;

export const emailAddressSchema = z
  .string({ error: EMAIL_REQUEST_MESSAGES.emailMissing })
  .trim()
  .min(1, { error: EMAIL_REQUEST_MESSAGES.emailMissing, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_REQUEST_MESSAGES.emailInvalid, abort: true })
  .pipe(z.email({ error: EMAIL_REQUEST_MESSAGES.emailInvalid }));

export const messageSchema = z
  .string({ error: 'The note must be text' })
  .max(MESSAGE_MAX_LENGTH, { error: EMAIL_REQUEST_MESSAGES.messageTooLong });

const ratingSchema = z
  .number({ error: EMAIL_REQUEST_MESSAGES.ratingInvalid })
  .int({ error: EMAIL_REQUEST_MESSAGES.ratingInvalid })
  .min(1, { error: EMAIL_REQUEST_MESSAGES.ratingInvalid })
  .max(5, { error: EMAIL_REQUEST_MESSAGES.ratingInvalid });

const QUESTION_KEYS = ['0', '1', '2', '3', '4'] as const;

// A record with enum keys reports a key outside the enum as `unrecognized_keys` on the record itself.
const recordError = (unknownKey: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? unknownKey : EMAIL_REQUEST_MESSAGES.responsesInvalid;

const areaAnswersSchema = z.partialRecord(z.enum(QUESTION_KEYS), ratingSchema, {
  error: recordError(EMAIL_REQUEST_MESSAGES.unknownQuestion),
});

/** Answers keyed by area id, then question index "0"–"4"; an area or question may be unanswered. */
export const responsesSchema = z.partialRecord(z.enum(AREA_IDS), areaAnswersSchema, {
  error: recordError(EMAIL_REQUEST_MESSAGES.unknownArea),
});

/**
 * `POST /api/email-results`. Fields it does not know (a client's own overallScore, say) are
 * dropped, not an error: the server scores the answers itself.
 */
export const emailRequestSchema = z.object(
  {
    email: emailAddressSchema,
    message: messageSchema.optional(),
    responses: responsesSchema,
  },
  { error: 'The request must be a JSON object' },
);

export type EmailRequest = z.infer<typeof emailRequestSchema>;

/** The 202 answer: the request is stored and its e-mail queued. */
export interface EmailRequestAccepted {
  id: string;
  status: 'queued' | 'sent';
}

export type ApiErrorCode =
  | 'invalid_request'
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
export function fieldErrors(error: z.ZodError): Record<string, string> {
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
