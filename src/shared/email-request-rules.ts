/**
 * The rules of the "Send Results to Email" request that the browser needs too: what a person is
 * told, the limits and the consent wording (the API's error answers are in api-errors.ts). No zod and no Node imports, so the
 * e-mail screen ships none of the validation library beyond the address check (email-address.ts).
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

/** The 202 answer: the request is stored and its e-mail queued. */
export interface EmailRequestAccepted {
  id: string;
  status: 'queued' | 'sent';
}
