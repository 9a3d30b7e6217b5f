import { createContext, useContext } from 'react';

export type NoticeTone = 'success' | 'error' | 'info';

export interface Notice {
  tone: NoticeTone;
  text: string;
}

/** Shows a notice in the workspace's live region (null clears it). */
export const NoticeContext = createContext<(notice: Notice | null) => void>(() => undefined);

export function useNotice(): (notice: Notice | null) => void {
  return useContext(NoticeContext);
}

/** What a notice says of a failed request: the error's own message, or a plain apology. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * The one live region of the workspace. It stays in the page whatever it holds, so a screen reader
 * announces each new notice: success and information politely, errors at once.
 */
export function NoticeRegion({ notice }: { notice: Notice | null }) {
  return (
    <>
      <div
        role="status"
        className={notice && notice.tone !== 'error' ? `notice notice--${notice.tone}` : 'notice'}
      >
        {notice && notice.tone !== 'error' ? <p>{notice.text}</p> : null}
      </div>
      <div role="alert" className={notice?.tone === 'error' ? 'notice notice--error' : 'notice'}>
        {notice?.tone === 'error' ? <p>{notice.text}</p> : null}
      </div>
    </>
  );
}

/** An error met while loading a page's data, where the data would have been. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
