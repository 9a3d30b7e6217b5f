import * as z from 'zod/mini';
import { AREA_IDS, hasAnswers } from '../core';
import { emailAddressProblem } from './email-address';
import { characterCount, EMAIL_REQUEST_MESSAGES, MESSAGE_MAX_LENGTH } from './email-request-rules';
import { hasUnstorableCharacters } from './plain-text';
import { serviceProfileSchema } from './service-profile-schema';

/** The address, trimmed (its case kept), by the one address rule the browser also applies. */
export const emailAddressSchema = z.string({ error: EMAIL_REQUEST_MESSAGES.emailMissing }).check(
  z.trim(),
  z.superRefine((address, context) => {
    const problem = emailAddressProblem(address);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: address });
  }),
);

export * from './email-request-rules';
export { emailAddressProblem } from './email-address';

/**
 * The request behind "Send Results to Email" (`POST /api/email-results`): the schema the server
 * parses every request with. The browser checks the address with the same rule (email-address.ts)
 * and takes its messages and limits from email-request-rules.ts, both re-exported here.
 */

/** The note, trimmed; the limit applies to what is stored, so surrounding spaces do not count. */
export const messageSchema = z.string({ error: 'The note must be text' }).check(
  z.trim(),
  z.refine((text) => !hasUnstorableCharacters(text), { error: EMAIL_REQUEST_MESSAGES.messageInvalid, abort: true }),
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

/**
 * Answers keyed by area id, then question index "0"–"4"; an area or question may be unanswered,
 * but not all of them: e-mailing the results of an audit nobody took helps nobody.
 */
export const responsesSchema = z
  .partialRecord(z.enum(AREA_IDS), areaAnswersSchema, {
    error: recordError(EMAIL_REQUEST_MESSAGES.unknownArea),
  })
  .check(
    z.refine(hasAnswers, {
      error: EMAIL_REQUEST_MESSAGES.noAnswers,
      // Only for answers that are otherwise well-formed: an unknown area says enough on its own.
      when: (payload) => payload.issues.length === 0,
    }),
  );

/**
 * `POST /api/email-results`. Fields it does not know (a client's own overallScore, say) are
 * dropped, not an error: the server scores the answers itself. `consent` is the consent box:
 * absent or false when it was left unticked. `profile` is the optional service type and size.
 */
export const emailRequestSchema = z.object(
  {
    email: emailAddressSchema,
    message: z.optional(messageSchema),
    responses: responsesSchema,
    consent: z.optional(z.boolean({ error: EMAIL_REQUEST_MESSAGES.consentInvalid })),
    // The visitor's answer to the optional profile question, so the e-mail can compare like with like.
    profile: z.optional(serviceProfileSchema),
  },
  { error: 'The request must be a JSON object' },
);

export type EmailRequest = z.output<typeof emailRequestSchema>;
