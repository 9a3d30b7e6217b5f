/**
 * In place of a view whose words (an earlier version's) are still on their way, or could not be
 * fetched: says which, so a slow or failed fetch is never a blank screen.
 */
export function ContentUnavailable({ lookup }: { lookup: 'loading' | 'failed' }) {
  return lookup === 'loading' ? (
    <p className="card" role="status">
      Loading the audit’s statements…
    </p>
  ) : (
    <p className="card" role="alert">
      The audit’s statements could not be loaded. Check your connection and reload the page.
    </p>
  );
}
