/**
 * The site's pages: the path a visitor types, the pre-rendered file the server answers with, and
 * the document title. The web app, the pre-render step and the server all read this one table.
 */
export interface Page {
  path: string;
  /** File under build/client written by the pre-render step. */
  file: string;
  title: string;
}

export const PAGES = {
  home: {
    path: '/',
    file: 'index.html',
    title: 'Care Audit – AI care management audit for UK care providers',
  },
  auditTool: { path: '/audit-tool', file: 'audit-tool.html', title: 'Take the audit – Care Audit' },
  auditResults: {
    path: '/audit-results',
    file: 'audit-results.html',
    title: 'Your audit results – Care Audit',
  },
  emailResults: {
    path: '/email-results',
    file: 'email-results.html',
    title: 'Email your results – Care Audit',
  },
  privacy: { path: '/privacy', file: 'privacy.html', title: 'Privacy notice – Care Audit' },
  accessibility: {
    path: '/accessibility',
    file: 'accessibility.html',
    title: 'Accessibility statement – Care Audit',
  },
  notFound: { path: '/404', file: '404.html', title: 'Page not found – Care Audit' },
} as const satisfies Record<string, Page>;

/** The page served at a path, or undefined for an unknown path (which gets the 404 page). */
export function pageForPath(pathname: string): Page | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(PAGES).find((p) => p.path === normalised && p.path !== PAGES.notFound.path);
}
