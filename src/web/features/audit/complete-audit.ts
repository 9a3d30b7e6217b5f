import { hasProfile } from '../../../core';
import { sendCompletedAudit } from '../../api/audits';
import { markSavedAuditCompleted } from '../../api/saved-audit-completed';
import type { AuditProgress } from '../../audit-state/audit-session';
import { newIdempotencyKey } from '../../audit-state/idempotency-key';
import { resultsStateFor } from '../../audit-state/results-state';
import type { NavigateOptions } from '../../../browser/router/history';

/**
 * "Complete Audit": the results at once (the spec's flow: nothing stands between the button and
 * /audit-results), and the anonymous audit sent to the benchmark on the way, without waiting for
 * it. A profile is sent only when there is one already (a retake keeps the earlier one); otherwise
 * the results page asks for it and sends the same audit again with it, under the same key. An
 * audit opened from a continue link tells that link it is completed, also without waiting: the
 * saved copy is then emptied, and the link says the audit was completed.
 */
export function completeAudit(
  progress: AuditProgress,
  save: (next: AuditProgress) => void,
  navigate: (to: string, options?: NavigateOptions) => void,
): void {
  const { responses, earlier, profile = {}, origin, retakesAudit, contentVersion } = progress;
  // Made once for this completed audit and kept with it: going back and on again resends the same key.
  const idempotencyKey = progress.idempotencyKey ?? newIdempotencyKey();
  save({ ...progress, idempotencyKey });
  // A retake names the audit it retakes: the benchmark counts the provider once, by this audit.
  sendCompletedAudit({
    idempotencyKey,
    ...(retakesAudit ? { retakes: retakesAudit } : {}),
    responses,
    ...(hasProfile(profile) ? { profile } : {}),
  });
  if (origin?.continueToken) markSavedAuditCompleted(origin.continueToken);
  navigate('/audit-results', {
    state: resultsStateFor(responses, {
      profile,
      earlier,
      idempotencyKey,
      retakesAudit,
      origin,
      contentVersion,
    }),
  });
}
