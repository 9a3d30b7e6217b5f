import type { EarlierResult, Responses, ServiceProfile } from '../../core';
import type { BotCheckFields } from '../../shared/bot-check';
import type { SavedAuditAccepted } from '../../shared/saved-audit';
import { postJson } from './client';

/**
 * "Save and continue later" as the browser saves (`POST /api/saved-audits…`, shared/saved-audit.ts);
 * the continue page's look-up is open-saved-audit.ts.
 * The continue link's token reaches the browser only through the e-mail, so a tab knows it only
 * when its audit was opened from that link.
 */

/** A first save: the server e-mails a continue link to the address. */
export interface FirstSave extends BotCheckFields {
  email: string;
  consent: boolean;
  responses: Responses;
  section: number;
  profile?: ServiceProfile;
  earlier?: { takenOn: string; scores: EarlierResult['scores'] };
  retakeOf?: string;
  /** A saved retake's: the key of the audit it retakes, kept with the save for its continued audit. */
  retakesAudit?: string;
}

/** A later save, to the link this audit was opened from; `savedAt` is when this tab last loaded or saved it. */
export interface LaterSave {
  responses: Responses;
  section: number;
  profile?: ServiceProfile;
  savedAt: string;
}

/** The save as the server stored it; a body a proxy mangled still means it is stored, so it says so. */
async function acceptedFrom(response: Response): Promise<SavedAuditAccepted> {
  const body = (await response.json().catch(() => ({}))) as Partial<
    Record<keyof SavedAuditAccepted, unknown>
  >;
  return {
    savedAt: typeof body.savedAt === 'string' ? body.savedAt : new Date().toISOString(),
    expiresOn: typeof body.expiresOn === 'string' ? body.expiresOn : '',
    replacedAnotherSave: body.replacedAnotherSave === true,
  };
}

/** `POST /api/saved-audits`: stores the audit and e-mails its link; resolves only on 202. */
export async function saveForLater(request: FirstSave): Promise<SavedAuditAccepted> {
  return acceptedFrom(await postJson('/api/saved-audits', request, 202));
}

/** `POST /api/saved-audits/<token>`: saves over the link's audit (the later save wins); resolves on 200. */
export async function saveToContinueLink(token: string, request: LaterSave): Promise<SavedAuditAccepted> {
  return acceptedFrom(await postJson(`/api/saved-audits/${encodeURIComponent(token)}`, request, 200));
}
