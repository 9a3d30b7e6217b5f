import { useCallback, useRef, useState } from 'react';

export interface NoticeContent {
  title: string;
  text: string;
  variant: 'success' | 'error';
}

interface ShownNotice extends NoticeContent {
  /** New for every showing, so the same notice twice is a new element and is announced again. */
  key: number;
}

/** The notice on a screen and how to show or clear it. */
export function useNotice(): [ShownNotice | null, (notice: NoticeContent | null) => void] {
  const [notice, setNotice] = useState<ShownNotice | null>(null);
  const count = useRef(0);
  const show = useCallback((next: NoticeContent | null) => {
    count.current += 1;
    setNotice(next ? { ...next, key: count.current } : null);
  }, []);
  return [notice, show];
}

/**
 * Two live regions that are always in the page, so screen readers announce whatever appears in
 * them: errors in an assertive `alert`, success in a polite `status`. Their politeness never changes
 * (some screen readers ignore a change), and each notice is a fresh element.
 */
export function NoticeRegion({ notice }: { notice: ShownNotice | null }) {
  return (
    <div className="notice-region">
      <div role="alert" aria-atomic="true">
        {notice?.variant === 'error' ? <Notice notice={notice} /> : null}
      </div>
      <div role="status" aria-atomic="true">
        {notice?.variant === 'success' ? <Notice notice={notice} /> : null}
      </div>
    </div>
  );
}

function Notice({ notice }: { notice: ShownNotice }) {
  return (
    <div key={notice.key} className={`notice notice--${notice.variant}`}>
      <p className="notice__title">{notice.title}</p>
      <p className="notice__text">{notice.text}</p>
    </div>
  );
}
