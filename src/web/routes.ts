import type { ComponentType } from 'react';
import { PAGES, pageForPath, type Page } from '../shared/pages';

export interface RouteModule {
  default: ComponentType;
}

export interface Route {
  page: Page;
  load: () => Promise<RouteModule>;
}

// The one route table (SPEC §2). Each screen is its own chunk, loaded when first needed.
export const ROUTES: readonly Route[] = [
  { page: PAGES.home, load: () => import('./routes/home') },
  { page: PAGES.auditTool, load: () => import('./routes/audit-tool') },
  { page: PAGES.auditResults, load: () => import('./routes/audit-results') },
  { page: PAGES.emailResults, load: () => import('./routes/email-results') },
  { page: PAGES.privacy, load: () => import('./routes/privacy') },
  { page: PAGES.accessibility, load: () => import('./routes/accessibility') },
];

export const NOT_FOUND_ROUTE: Route = { page: PAGES.notFound, load: () => import('./routes/not-found') };

/** The route for a path; any unknown path gets the not-found screen. */
export function routeFor(pathname: string): Route {
  const page = pageForPath(pathname);
  return ROUTES.find((r) => r.page === page) ?? NOT_FOUND_ROUTE;
}

const loaded = new Map<Route, RouteModule>();
const loading = new Map<Route, Promise<RouteModule>>();

/** Loads a route's module once; later calls share the same promise. */
export function loadRoute(route: Route): Promise<RouteModule> {
  let promise = loading.get(route);
  if (!promise) {
    promise = route.load().then((module) => {
      loaded.set(route, module);
      return module;
    });
    loading.set(route, promise);
  }
  return promise;
}

/** The route's module if it has been loaded already. */
export function loadedRoute(route: Route): RouteModule | undefined {
  return loaded.get(route);
}
