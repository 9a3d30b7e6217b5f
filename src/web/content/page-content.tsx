import { createContext, useContext, type ReactNode } from 'react';
import { CONTENT_VERSION_1, type ContentVersion } from '../../core/content';

/**
 * The audit's words a page was served with (issue 34): the live version when the server sent the
 * page. The server puts a version other than 1 in the page as a JSON data block (site/live-pages),
 * which the browser reads before hydrating, so the first render matches the HTML; version 1 is in
 * the bundle, as most stored results were answered with it.
 */
export const PAGE_CONTENT_ELEMENT_ID = 'audit-content';

/** The data block's version, or version 1 when the page has none (or it cannot be read). */
export function readPageContent(): ContentVersion {
  const element = document.getElementById(PAGE_CONTENT_ELEMENT_ID);
  if (!element?.textContent) return CONTENT_VERSION_1;
  try {
    const parsed = JSON.parse(element.textContent) as ContentVersion;
    return Number.isInteger(parsed.version) && parsed.content ? parsed : CONTENT_VERSION_1;
  } catch {
    return CONTENT_VERSION_1;
  }
}

const PageContent = createContext<ContentVersion>(CONTENT_VERSION_1);

export function PageContentProvider({ value, children }: { value: ContentVersion; children: ReactNode }) {
  return <PageContent value={value}>{children}</PageContent>;
}

/** The version this page was served with: the one a new audit is answered with. */
export function usePageContent(): ContentVersion {
  return useContext(PageContent);
}
