import type { EarlierResult, Responses, ServiceProfile } from '../core';

/**
 * "Save and continue later": the audit in progress, saved under a private link
 * `PUBLIC_URL/audit-tool/continue/<token>` that reopens it at the section where it stopped, on any
 * device. The token is 32 random bytes in base64url (43 characters, 256 bits), made by the server;
 * only its hash is stored. Kept SAVED_AUDIT_DAYS from the first save, or until the audit is
 * completed, then deleted.
 */
export const CONTINUE_PATH = '/audit-tool/continue';
export const CONTINUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * How long a saved audit is kept from its first save: until the end of the UK day this many days
 * after it (saved on 28 November, it opens all of 28 December); a later save does not extend it.
 */
export const SAVED_AUDIT_DAYS = 30;

/** The link the e-mail carries. */
export function continueLink(publicUrl: string, token: string): string {
  return `${publicUrl}${CONTINUE_PATH}/${token}`;
}

/** The token in a continue page's path, or undefined when the path is not one. */
export function continueTokenFromPath(pathname: string): string | undefined {
  const prefix = `${CONTINUE_PATH}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const token = pathname.slice(prefix.length).replace(/\/+$/, '');
  return CONTINUE_TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * `POST /api/saved-audits` (a first save: e-mails the link) answers 202 with this;
 * `POST /api/saved-audits/<token>` (a later save from a continued audit) answers 200 with it too.
 */
export interface SavedAuditAccepted {
  /** When this save was stored (ISO 8601): the device keeps it to tell a later save from another. */
  savedAt: string;
  /** The last UK day the link opens the audit, until its end (YYYY-MM-DD). */
  expiresOn: string;
  /**
   * True when another device saved this audit after this one opened it: this save replaced that one
   * (the later save wins), and the page says so.
   */
  replacedAnotherSave: boolean;
}

/** `GET /api/saved-audits/<token>`: what reopens the audit. 404 unknown/expired/erased; 410 completed. */
export interface SavedAudit {
  /** The section it stopped at, 0 to 4. */
  section: number;
  responses: Responses;
  /** {} when not given. */
  profile: ServiceProfile;
  /** For a retake that was saved: the result the change per area is shown against. */
  earlier?: EarlierResult;
  /** For a retake that was saved: the key of the anonymous audit it retakes, which it names when completed. */
  retakesAudit?: string;
  savedAt: string;
  expiresOn: string;
  /** The version of the audit's words it is answered with, kept by the first save (issue 34). */
  contentVersion: number;
}
