import { useEffect, useRef } from 'react';
import { useLocation } from '../../browser/router';

/** Every page's title ends with the workspace's name, so a tab or a history entry says where it is. */
export function pageTitle(title: string): string {
  return `${title} – Care Audit team`;
}

/**
 * Sets the document title, and after an in-app navigation moves focus to the page's heading so a
 * screen reader announces the new page (a full page load starts at the top anyway). A page whose
 * heading names what it loads passes `ready` once it has it, so the heading is read out complete.
 * Returns the ref for the `<h1 tabIndex={-1}>`.
 */
export function usePage(title: string, ready = true) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    if (key !== 'initial' && ready) heading.current?.focus();
  }, [key, ready]);
  return heading;
}
