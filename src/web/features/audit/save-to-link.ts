import { hasAnswers } from '../../../core';
import { saveToContinueLink } from '../../api/saved-audits';
import { noteAuditSaved, type AuditProgress } from '../../audit-state/audit-session';
import { NOTHING_TO_SAVE, saveFailureMessage, untilWhen } from './save-words';

/** What a save to the link says: in the status when it worked, in the alert when not. */
export interface LinkSaveOutcome {
  saved: boolean;
  text: string;
}

/**
 * Saves an audit opened from a continue link back to that link (the later save wins), and keeps
 * the save's time in the tab's audit, so the next save says which one it continued from. Loaded
 * on the first press of the button: the audit page's script has a budget.
 */
export async function saveBackToLink(
  token: string,
  progress: AuditProgress,
  section: number,
): Promise<LinkSaveOutcome> {
  if (!hasAnswers(progress.responses)) return { saved: false, text: NOTHING_TO_SAVE };
  try {
    const accepted = await saveToContinueLink(token, {
      responses: progress.responses,
      section,
      ...(progress.profile ? { profile: progress.profile } : {}),
      // Unknown (storage lost it): any save on the server counts as later, so the visitor is told.
      savedAt: progress.savedAt ?? new Date(0).toISOString(),
    });
    noteAuditSaved(accepted.savedAt);
    return {
      saved: true,
      text: accepted.replacedAnotherSave
        ? 'Saved. This replaces answers saved from another device since you opened the link.'
        : `Saved. Your link opens this audit ${untilWhen(accepted.expiresOn)}.`,
    };
  } catch (error) {
    return { saved: false, text: saveFailureMessage(error) };
  }
}
