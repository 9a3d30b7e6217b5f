import type { ReactNode } from 'react';

export interface NoticeContent {
  title: string;
  text: string;
  variant: 'success' | 'error';
}

/**
 * A live region that is always in the page, so screen readers announce whatever appears in it.
 * Errors are assertive; success is polite.
 */
export function NoticeRegion({ notice, children }: { notice: NoticeContent | null; children?: ReactNode }) {
  return (
    <div
      className="notice-region"
      aria-live={notice?.variant === 'error' ? 'assertive' : 'polite'}
      role="status"
    >
      {notice ? (
        <div className={`notice notice--${notice.variant}`}>
          <p className="notice__title">{notice.title}</p>
          <p className="notice__text">{notice.text}</p>
          {children}
        </div>
      ) : null}
    </div>
  );
}
