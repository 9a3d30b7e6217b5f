import * as z from 'zod/mini';
import { AREA_IDS } from '../core';
import {
  auditKeySchema,
  EMAIL_REQUEST_MESSAGES,
  emailAddressSchema,
  linkTokenSchema,
  contentVersionSchema,
  responsesSchema,
} from './email-request';
import { earlierSchema } from './report-request';
import { serviceProfileSchema } from './service-profile-schema';
import { isStorableInstant, STORABLE_DATE_MESSAGE } from './storable-dates';

/**
 * The requests behind "Save and continue later" (saved-audit.ts has the link and the answers'
 * shape). Apart from saved-audit.ts so a page that only needs the link's path or the answer's type
 * ships no validation library: these are for the server and the save form alone.
 */

/** The last section an audit can stop at (0-based): one section per area. */
export const LAST_SECTION = AREA_IDS.length - 1;

export const SAVED_AUDIT_MESSAGES = {
  sectionInvalid: `The section must be a whole number from 0 to ${LAST_SECTION}`,
  savedAtInvalid: 'savedAt must be the time this device last loaded or saved the audit (ISO 8601)',
  notObject: 'The request must be a JSON object',
} as const;

/** The section on screen when the audit was saved, 0 to 4. */
export const sectionSchema = z.number({ error: SAVED_AUDIT_MESSAGES.sectionInvalid }).check(
  z.refine((n) => Number.isInteger(n), { error: SAVED_AUDIT_MESSAGES.sectionInvalid, abort: true }),
  z.gte(0, { error: SAVED_AUDIT_MESSAGES.sectionInvalid }),
  z.lte(LAST_SECTION, { error: SAVED_AUDIT_MESSAGES.sectionInvalid }),
);

/**
 * `POST /api/saved-audits`, a first save, which e-mails the link. `website` and `proof` are the bot
 * check's (checked before this schema, as for the e-mail form); other fields it does not know are
 * dropped. `responses` must hold at least one answer: an audit with none has nothing to save.
 * `earlier` is a saved retake's earlier result, `retakeOf` the results link it came from,
 * `retakesAudit` the key of the anonymous audit it retakes (decision 0062).
 */
export const firstSaveSchema = z.object(
  {
    email: emailAddressSchema,
    consent: z.optional(z.boolean({ error: EMAIL_REQUEST_MESSAGES.consentInvalid })),
    responses: responsesSchema,
    section: sectionSchema,
    profile: z.optional(serviceProfileSchema),
    earlier: z.optional(earlierSchema),
    retakeOf: z.optional(linkTokenSchema('retakeOf')),
    retakesAudit: z.optional(auditKeySchema('retakesAudit')),
    // The version of the words it is answered with: the continue link reopens it in them.
    contentVersion: z.optional(contentVersionSchema),
  },
  { error: SAVED_AUDIT_MESSAGES.notObject },
);

export type FirstSave = z.output<typeof firstSaveSchema>;

/**
 * `POST /api/saved-audits/<token>`, a later save from a continued audit: the answers, where it
 * stopped and the profile replace what was saved (the later save wins). `savedAt` is the `savedAt`
 * this device last received (from opening the link or saving): a stored save later than it was made
 * on another device meanwhile, and the answer says this save replaced it.
 */
export const laterSaveSchema = z.object(
  {
    responses: responsesSchema,
    section: sectionSchema,
    profile: z.optional(serviceProfileSchema),
    // A time the server gave (the database's own), so always in range; one outside it cannot be stored.
    savedAt: z.iso
      .datetime({ offset: true, error: SAVED_AUDIT_MESSAGES.savedAtInvalid })
      .check(z.refine((at) => isStorableInstant(new Date(at)), { error: STORABLE_DATE_MESSAGE })),
  },
  { error: SAVED_AUDIT_MESSAGES.notObject },
);

export type LaterSave = z.output<typeof laterSaveSchema>;
