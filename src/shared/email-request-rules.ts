import { PLAIN_TEXT_MESSAGE } from './plain-text';
import { isOneLineOfText } from './visit-source-rules';

/**
 * The rules of the "Send Results to Email" request that the browser needs too: what a person is
 * told, the limits, the consent wording, and the contact and source checks as plain functions (the
 * API's error answers are in api-errors.ts). No zod and no Node imports, so the e-mail screen ships
 * none of the validation library beyond the address check (email-address.ts); the server's schema
 * (email-request.ts) calls these same functions.
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
  // The same words as the server's guard for every field (plain-text.ts), which may answer first.
  messageInvalid: PLAIN_TEXT_MESSAGE,
  noAnswers: 'There are no answers to send. Please take the audit first.',
  consentInvalid: 'The consent answer must be true or false',
  nameTooLong: 'Please keep your name to 100 characters or fewer',
  organisationTooLong: 'Please keep your organisation to 150 characters or fewer',
  roleTooLong: 'Please keep your role to 100 characters or fewer',
  phoneInvalid: 'Please enter a phone number of 7 to 20 digits (spaces, +, brackets and - are fine)',
} as const;

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

/** Characters as a person counts them: code points, so "😀" is one and not two UTF-16 units. */
export function characterCount(text: string): number {
  // A string iterates by code point: a surrogate pair is one step, a lone half is one too.
  return [...text].length;
}

/**
 * The optional contact details a visitor may give with consent (`contact` of the request), in the
 * order the form shows them. Each is trimmed, and an empty one is no answer.
 */
export const CONTACT_FIELDS = ['name', 'organisation', 'role', 'phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Longest name, organisation and role, in characters (code points), after trimming. */
export const CONTACT_MAX_LENGTH = { name: 100, organisation: 150, role: 100 } as const;
/** A phone number has this many digits, at least and at most… */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 20;
/** …and at most this many characters with its spaces and punctuation (the database's own bound). */
export const PHONE_MAX_LENGTH = 40;

const TOO_LONG = {
  name: EMAIL_REQUEST_MESSAGES.nameTooLong,
  organisation: EMAIL_REQUEST_MESSAGES.organisationTooLong,
  role: EMAIL_REQUEST_MESSAGES.roleTooLong,
} as const;

/**
 * What is wrong with one contact detail (already trimmed), or undefined when nothing is. An empty
 * detail is no answer, so nothing is wrong with it.
 */
export function contactFieldProblem(field: ContactField, trimmed: string): string | undefined {
  if (trimmed === '') return undefined;
  if (!isOneLineOfText(trimmed)) return PLAIN_TEXT_MESSAGE;
  if (field === 'phone') return isPhoneNumber(trimmed) ? undefined : EMAIL_REQUEST_MESSAGES.phoneInvalid;
  return characterCount(trimmed) <= CONTACT_MAX_LENGTH[field] ? undefined : TOO_LONG[field];
}

/** 7 to 20 digits, and besides them only spaces, +, ( , ) and -, as people write numbers. */
function isPhoneNumber(text: string): boolean {
  if (text.length > PHONE_MAX_LENGTH || !/^[0-9 +()-]+$/.test(text)) return false;
  const digits = text.replace(/[^0-9]/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * Where the visit came from (`source` of the request): the campaign's utm_* values and the
 * referring site's host name, as the browser kept them on the visit's first page. The rule itself
 * is in visit-source-rules.ts (every page with script needs it, without these messages).
 */
export {
  HOST_MAX_LENGTH,
  normalizeSourceValue,
  SOURCE_FIELDS,
  UTM_MAX_LENGTH,
  type SourceField,
} from './visit-source-rules';

/** The 202 answer: the request is stored and its e-mail queued. */
export interface EmailRequestAccepted {
  id: string;
  status: 'queued' | 'sent';
}
