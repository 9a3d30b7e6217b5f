import { createContext, type ReactNode } from 'react';
import type { ContentVersion } from '../../core/content/audit-content';
import { PAGE_CONTENT_ELEMENT_ID } from '../../shared/page-content-block';

/**
 * The audit's words a page was served with (issue 34): the live version when the server sent the
 * page. The server puts a version other than 1 in the page as a JSON data block (site/live-pages),
 * which the browser reads before hydrating, so the first render matches the HTML; version 1 is in
 * the bundle of the screens that show words (use-page-content.ts), not in this module, which every
 * page's entry loads.
 */

/** The data block's version, or undefined when the page has none (or it cannot be read). */
export function readPageContent(): ContentVersion | undefined {
  const element = document.getElementById(PAGE_CONTENT_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const parsed = JSON.parse(element.textContent) as ContentVersion;
    return Number.isInteger(parsed.version) && parsed.content ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The data block's version; undefined on a page served in version 1. */
export const PageContent = createContext<ContentVersion | undefined>(undefined);

/** Given the data block's version, or nothing on a page served in version 1. */
export function PageContentProvider({
  value,
  children,
}: {
  value: ContentVersion | undefined;
  children: ReactNode;
}) {
  return <PageContent value={value}>{children}</PageContent>;
}
