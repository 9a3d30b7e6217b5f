/**
 * The id of the JSON data block that carries a page's version of the audit's words (issue 34): the
 * server writes it (server/site/live-pages.ts), the browser reads it before hydrating
 * (web/content/page-content.tsx).
 */
export const PAGE_CONTENT_ELEMENT_ID = 'audit-content';
