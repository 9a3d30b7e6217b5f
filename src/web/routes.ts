import type { ComponentType } from 'react';
import { isPrivateLinkPath } from '../shared/pages';

export interface RouteModule {
  default: ComponentType;
}

/** One page of the site. Adding a page is adding one of these rows. */
export interface Route {
  /** The path a visitor types. The not-found row's path only names it: it answers any unknown path. */
  path: string;
  /** The HTTP status the server answers with: 200, or 404 for the one not-found row. */
  status: 200 | 404;
  /** The document title, set by the pre-render and again after each in-page navigation. */
  title: string;
  /** The file under build/client that the pre-render writes and the server answers with. */
  file: string;
  /** The file `load` imports, relative to src/web: the build looks its chunk up to preload it. */
  module: string;
  load: () => Promise<RouteModule>;
  /**
   * Whether the page loads the app's script at all. A page without is complete as HTML: every
   * control on it is a link.
   */
  shipsScript: boolean;
  /** Whether the page cannot work without script, so it says so to visitors who have it off. */
  needsScript: boolean;
  /**
   * A private page: answered only at `path/<token>` once the server has checked the token, never at
   * its bare path, and marked `noindex`. Its screen reads the token from the address.
   */
  private?: boolean;
}

// The site's pages. Each screen is its own chunk, loaded when first needed; the build writes the
// path → file → status part of this table to build/client for the server (which imports no web
// code), see docs/decisions/0012-one-route-table.md.
export const ROUTES: readonly Route[] = [
  {
    path: '/',
    status: 200,
    title: 'Care Audit – AI care management audit for UK care providers',
    file: 'index.html',
    module: 'routes/home.tsx',
    load: () => import('./routes/home'),
    shipsScript: false,
    needsScript: false,
  },
  {
    path: '/audit-tool',
    status: 200,
    title: 'Take the audit – Care Audit',
    file: 'audit-tool.html',
    module: 'routes/audit-tool.tsx',
    load: () => import('./routes/audit-tool'),
    shipsScript: true,
    needsScript: true,
  },
  {
    path: '/audit-results',
    status: 200,
    title: 'Your audit results – Care Audit',
    file: 'audit-results.html',
    module: 'routes/audit-results.tsx',
    load: () => import('./routes/audit-results'),
    shipsScript: true,
    needsScript: true,
  },
  {
    path: '/email-results',
    status: 200,
    title: 'Email your results – Care Audit',
    file: 'email-results.html',
    module: 'routes/email-results.tsx',
    load: () => import('./routes/email-results'),
    shipsScript: true,
    needsScript: true,
  },
  {
    path: '/results',
    status: 200,
    title: 'Your saved audit results – Care Audit',
    file: 'results.html',
    module: 'routes/results.tsx',
    load: () => import('./routes/results'),
    shipsScript: true,
    needsScript: true,
    private: true,
  },
  {
    // The continue link of "Save and continue later": it opens the saved audit on /audit-tool.
    path: '/audit-tool/continue',
    status: 200,
    title: 'Continue your audit – Care Audit',
    file: 'continue.html',
    module: 'routes/continue.tsx',
    load: () => import('./routes/continue'),
    shipsScript: true,
    needsScript: true,
    private: true,
  },
  {
    // A colleague's page for a team audit, opened from the join link the manager sent.
    path: '/audit-tool/join',
    status: 200,
    title: 'Answer your team’s audit – Care Audit',
    file: 'join.html',
    module: 'routes/join.tsx',
    load: () => import('./routes/join'),
    shipsScript: true,
    needsScript: true,
    private: true,
  },
  {
    path: '/privacy',
    status: 200,
    title: 'Privacy notice – Care Audit',
    file: 'privacy.html',
    module: 'routes/privacy.tsx',
    load: () => import('./routes/privacy'),
    shipsScript: false,
    needsScript: false,
  },
  {
    path: '/accessibility',
    status: 200,
    title: 'Accessibility statement – Care Audit',
    file: 'accessibility.html',
    module: 'routes/accessibility.tsx',
    load: () => import('./routes/accessibility'),
    shipsScript: false,
    needsScript: false,
  },
  {
    // Loads the script only to log the missing path; it reads fine without.
    path: '/404',
    status: 404,
    title: 'Page not found – Care Audit',
    file: '404.html',
    module: 'routes/not-found.tsx',
    load: () => import('./routes/not-found'),
    shipsScript: true,
    needsScript: false,
  },
];

const notFound = ROUTES.find((route) => route.status === 404);
if (!notFound) throw new Error('The route table has no not-found row');
export const NOT_FOUND_ROUTE: Route = notFound;

/**
 * The route for a path (a trailing slash ignored); any unknown path gets the not-found screen. A
 * private page answers only at a well-formed link below its path (`/results/<43-character token>`,
 * the path as typed, `isPrivateLinkPath`), never at its bare path: a malformed link is the
 * not-found page here as it is on the server, so hydration never meets the other page's HTML.
 */
export function routeFor(pathname: string): Route {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = ROUTES.find(
    (candidate) =>
      candidate.status === 200 &&
      (candidate.private ? isPrivateLinkPath(normalised, candidate.path) : candidate.path === normalised),
  );
  if (!route || (route.private && pathname === servedNotFoundAt)) return NOT_FOUND_ROUTE;
  return route;
}

/**
 * Only the server knows whether a private page's token is live; for a dead one it answers the
 * not-found page, and the app must then hydrate that page, not the private one its path names. The
 * served document's title says which it is (the build writes each page's title from this table),
 * read once as the app starts, before any navigation retitles the document.
 */
const servedNotFoundAt =
  typeof document !== 'undefined' && document.title === NOT_FOUND_ROUTE.title
    ? window.location.pathname
    : undefined;

/**
 * The path the build pre-renders a route at: its own, or for a private page one with a stand-in
 * shaped like a real token (43 base64url characters), so the page renders as it will for a visitor.
 */
export function samplePathOf(route: Route): string {
  return route.private ? `${route.path}/${'_'.repeat(43)}` : route.path;
}

/** A promise that says, once settled, how it settled: what React's use() reads without waiting. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loading = new Map<Route, TrackedPromise<RouteModule>>();

/**
 * Loads a route's module once; later calls share the same promise. Once settled, the promise carries
 * its result as React's use() expects (`status` and `value`), so a screen whose code has arrived
 * renders at once, never suspending: the app calls use() on every render, never only sometimes,
 * which React requires (a use() that suspended once and was then skipped is an error it reports).
 */
export function loadRoute(route: Route): Promise<RouteModule> {
  let promise = loading.get(route);
  if (!promise) {
    const tracked: TrackedPromise<RouteModule> = route.load();
    tracked.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
    );
    loading.set(route, tracked);
    promise = tracked;
  }
  return promise;
}

/** The router's preload: the code of the screen at a path. */
export function preloadScreen(pathname: string): Promise<RouteModule> {
  return loadRoute(routeFor(pathname));
}
