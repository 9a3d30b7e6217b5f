import * as z from 'zod/mini';
import { AREA_IDS, hasAnswers } from '../core';
import { emailAddressProblem } from './email-address';
import {
  characterCount,
  contactFieldProblem,
  EMAIL_REQUEST_MESSAGES,
  MESSAGE_MAX_LENGTH,
  normalizeSourceValue,
  type ContactField,
  type SourceField,
} from './email-request-rules';
import { hasUnstorableCharacters, PLAIN_TEXT_MESSAGE } from './plain-text';
import { isKeepableSourceValue, isOneLineOfText } from './visit-source-rules';
import { serviceProfileSchema } from './service-profile-schema';
import { UUID_PATTERN } from './uuid';

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
  z.refine((text) => !hasUnstorableCharacters(text), {
    error: EMAIL_REQUEST_MESSAGES.messageInvalid,
    abort: true,
  }),
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

// Unknown keys are named one by one by fieldErrors; anything else is the object's own message.
const strictError = (notObject: string, unknownKey: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? unknownKey : notObject;

/**
 * One optional text part of `contact` or `source`: text, made as it is kept (`normalize`), then
 * held to the shared rule (`problem`, the same function the browser calls).
 */
function textPart(
  notText: string,
  normalize: (text: string) => string,
  problem: (text: string) => string | undefined,
) {
  return z.optional(
    z.pipe(
      z.string({ error: notText }),
      z.transform((text, context) => {
        const value = normalize(text);
        const found = problem(value);
        if (found) context.issues.push({ code: 'custom', message: found, input: text });
        return value;
      }),
    ),
  );
}

/**
 * What an API client is told about a `contact` or `source` that the form never sends (the wrong
 * shape, an unknown key, a contact without consent, a source value the browser would have dropped).
 * Here rather than in email-request-rules.ts, so the page does not ship words it never shows.
 */
export const CONTACT_AND_SOURCE_MESSAGES = {
  contactNeedsConsent:
    'Contact details are kept only with consent: tick “The team may contact me about a free consultation” or leave them out',
  contactNotObject: 'The contact details must be an object with name, organisation, role and phone',
  unknownContactField: 'This is not one of the contact details (name, organisation, role, phone)',
  nameNotText: 'Your name must be text',
  organisationNotText: 'Your organisation must be text',
  roleNotText: 'Your role must be text',
  phoneNotText: 'Your phone number must be text',
  sourceNotObject: 'The source must be an object with utmSource, utmMedium, utmCampaign and referrerHost',
  unknownSourceField:
    'This is not one of the source fields (utmSource, utmMedium, utmCampaign, referrerHost)',
  utmSourceInvalid: 'The campaign source (utm_source) must be text of 100 characters or fewer',
  utmMediumInvalid: 'The campaign medium (utm_medium) must be text of 100 characters or fewer',
  utmCampaignInvalid: 'The campaign name (utm_campaign) must be text of 100 characters or fewer',
  referrerHostInvalid:
    'The referring site must be a host name alone (letters, digits, hyphens and dots, up to 253 characters)',
} as const;

const M = { ...EMAIL_REQUEST_MESSAGES, ...CONTACT_AND_SOURCE_MESSAGES };

const SOURCE_INVALID = {
  utmSource: M.utmSourceInvalid,
  utmMedium: M.utmMediumInvalid,
  utmCampaign: M.utmCampaignInvalid,
  referrerHost: M.referrerHostInvalid,
} as const;

/**
 * What is wrong with one source value (already normalised by normalizeSourceValue), or undefined
 * when nothing is. An empty value is no value. The server refuses a request with a problem here;
 * the browser drops such a value instead (isKeepableSourceValue, the same rule).
 */
export function sourceFieldProblem(field: SourceField, value: string): string | undefined {
  if (value === '' || isKeepableSourceValue(field, value)) return undefined;
  return isOneLineOfText(value) ? SOURCE_INVALID[field] : PLAIN_TEXT_MESSAGE;
}
const contactPart = (field: ContactField, notText: string) =>
  textPart(
    notText,
    (text) => text.trim(),
    (text) => contactFieldProblem(field, text),
  );
const sourcePart = (field: SourceField, notText: string) =>
  textPart(
    notText,
    (text) => normalizeSourceValue(field, text),
    (text) => sourceFieldProblem(field, text),
  );

/** Only the parts with a value: an empty part is no answer, and is neither stored nor sent on. */
function withoutEmptyParts<T extends Record<string, string | undefined>>(parts: T): Partial<T> {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value)) as Partial<T>;
}

/**
 * The contact details given with consent, each optional; strict, so a misspelt key ("phone_number")
 * is an error rather than a detail silently lost.
 */
export const contactSchema = z.pipe(
  z.strictObject(
    {
      name: contactPart('name', M.nameNotText),
      organisation: contactPart('organisation', M.organisationNotText),
      role: contactPart('role', M.roleNotText),
      phone: contactPart('phone', M.phoneNotText),
    },
    { error: strictError(M.contactNotObject, M.unknownContactField) },
  ),
  z.transform(withoutEmptyParts),
);

/** Where the visit came from, as the browser kept it; strict like the contact. */
export const sourceSchema = z.pipe(
  z.strictObject(
    {
      utmSource: sourcePart('utmSource', M.utmSourceInvalid),
      utmMedium: sourcePart('utmMedium', M.utmMediumInvalid),
      utmCampaign: sourcePart('utmCampaign', M.utmCampaignInvalid),
      referrerHost: sourcePart('referrerHost', M.referrerHostInvalid),
    },
    { error: strictError(M.sourceNotObject, M.unknownSourceField) },
  ),
  z.transform(withoutEmptyParts),
);

/**
 * `POST /api/email-results`. Fields it does not know (a client's own overallScore, say) are
 * dropped, not an error: the server scores the answers itself. `consent` is the consent box:
 * absent or false when it was left unticked. `profile` is the optional service type and size.
 */
/** A private link's token (a results link's or a continue link's): 43 characters of base64url. */
export const linkTokenSchema = (what: string) =>
  z
    .string({ error: `${what} must be a link's token` })
    .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: `${what} must be a link's token` }));

/**
 * The key a completed audit was sent to the benchmark with (`POST /api/audits`): a UUID the browser
 * made for that one audit. A retake names it to replace that audit in the comparison (decision 0062).
 */
export const auditKeySchema = (what: string) =>
  z
    .string({ error: `${what} must be an audit’s key, a UUID` })
    .check(z.regex(UUID_PATTERN, { error: `${what} must be an audit’s key, a UUID` }));

/**
 * The version of the audit's words the answers were given to (issue 34): a whole number from 1.
 * Whether that version exists is the server's to check (it answers 400 when it does not).
 */
export const contentVersionSchema = z
  .number({ error: 'The content version must be a whole number from 1' })
  .check(
    z.refine((n) => Number.isInteger(n) && n >= 1, {
      error: 'The content version must be a whole number from 1',
    }),
  );

export const emailRequestSchema = z
  .object(
    {
      email: emailAddressSchema,
      message: z.optional(messageSchema),
      responses: responsesSchema,
      consent: z.optional(z.boolean({ error: EMAIL_REQUEST_MESSAGES.consentInvalid })),
      // The visitor's answer to the optional profile question, so the e-mail can compare like with like.
      profile: z.optional(serviceProfileSchema),
      // Name, organisation, role and phone: only with consent (checked below, and by the database).
      contact: z.optional(contactSchema),
      // The utm_* values and referring host the browser kept from the visit's first page.
      source: z.optional(sourceSchema),
      // "Retake with these answers" from a private results link: that link's token, so this result
      // is linked to the one it came from (progress over time). Unknown or expired: no link, no error.
      retakeOf: z.optional(linkTokenSchema('retakeOf')),
      // The audit was continued from a saved one: its continue link's token, so a retake saved and
      // continued on another device is still linked to its origin.
      continueToken: z.optional(linkTokenSchema('continueToken')),
      // The key this audit was sent to the benchmark with (POST /api/audits), kept with the result so
      // that a retake from its results link names that audit, which the retake then replaces.
      auditKey: z.optional(auditKeySchema('auditKey')),
      // The version of the words the audit was answered with; absent: version 1 (a client from before versions).
      contentVersion: z.optional(contentVersionSchema),
    },
    { error: 'The request must be a JSON object' },
  )
  .check(
    z.superRefine((request, context) => {
      // Any contact at all without the box ticked, even an empty one: the client asked for something
      // only consent allows, and should hear so rather than have it dropped.
      if (request.contact !== undefined && request.consent !== true) {
        context.addIssue({
          code: 'custom',
          path: ['contact'],
          message: M.contactNeedsConsent,
          input: request.contact,
        });
      }
    }),
  );

export type EmailRequest = z.output<typeof emailRequestSchema>;
