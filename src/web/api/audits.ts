import type { AuditSubmission } from '../../shared/audit-submission';

/**
 * Sends a completed audit to the anonymous benchmark, fire-and-forget: nothing waits for it and
 * every failure is ignored, because the visitor's results must never depend on it. `keepalive`
 * lets the request finish while the page moves on to the results. A retry of the same completed
 * audit carries the same idempotency key, so the server counts it once.
 */
export function sendCompletedAudit(submission: AuditSubmission): void {
  try {
    void fetch('/api/audits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(submission),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch, or a body the browser refuses to keep alive: not counted this time.
  }
}
