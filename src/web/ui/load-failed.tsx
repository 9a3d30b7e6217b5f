/**
 * What a page says when what it fetches for its link did not arrive (no answer, or a server error):
 * the link may still be good, so it offers to try again rather than calling the link dead.
 */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{title}</p>
      <p className="notice__text">Please check your connection and try again.</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
