import { hasUnstorableCharacters } from './plain-text';

/**
 * The rule for the source of a visit (`source` of `POST /api/email-results`): which values may be
 * kept, with no messages. Apart from email-request-rules.ts, which builds its messages on it,
 * because every page with script notes the source on arrival (web/visit-source): what those pages
 * load must not carry the e-mail form's wording.
 */

/** The campaign's utm_* values and the referring site's host name, as the browser kept them. */
export const SOURCE_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];

/** Longest utm_* value kept, in characters, after trimming. */
export const UTM_MAX_LENGTH = 100;
/** Longest host name (RFC 1035's 255 octets less the length bytes at each end). */
export const HOST_MAX_LENGTH = 253;

// A host name alone: labels of letters, digits and hyphens between dots. No scheme, port, path or
// user, so a full address (which could carry a search or a token) is never taken for one.
const HOST_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/**
 * One line of plain text: besides what no field may hold (plain-text.ts), no tab or line break,
 * which would only break a CSV cell, an e-mail line or a CRM field. Contact details keep to it too.
 */
export function isOneLineOfText(text: string): boolean {
  return !hasUnstorableCharacters(text) && !/[\t\n\r]/.test(text);
}

/** One source value as it is kept: trimmed, and a host name lower-cased. */
export function normalizeSourceValue(field: SourceField, value: string): string {
  const trimmed = value.trim();
  return field === 'referrerHost' ? trimmed.toLowerCase() : trimmed;
}

/**
 * Whether a source value (normalised, not empty) may be kept: one line of text, a utm_* value of at
 * most 100 characters (code points, as a person counts them), a host name alone of at most 253.
 */
export function isKeepableSourceValue(field: SourceField, value: string): boolean {
  if (!isOneLineOfText(value)) return false;
  return field === 'referrerHost'
    ? value.length <= HOST_MAX_LENGTH && HOST_NAME.test(value)
    : [...value].length <= UTM_MAX_LENGTH;
}
