/**
 * Tells the server the audit opened from a continue link is completed, so it empties the saved
 * copy. Fire-and-forget like the benchmark's copy (audits.ts): the results never wait for it, and a
 * failure only leaves the saved copy to expire on its own. A module of its own, with no imports:
 * "Complete Audit" loads it with the audit page, which has a script budget.
 */
export function markSavedAuditCompleted(token: string): void {
  try {
    void fetch(`/api/saved-audits/${encodeURIComponent(token)}/completed`, {
      method: 'POST',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch, or a request the browser refuses to keep alive: the saved copy expires by itself.
  }
}
