import { describe, expect, it } from 'vitest';
import { JOIN_PATH } from '../shared/team-audit';
import { NOT_FOUND_ROUTE, ROUTES, loadRoute, preloadScreen, routeFor } from './routes';

describe('routeFor', () => {
  it.each([
    ['/', '/'],
    ['/audit-tool', '/audit-tool'],
    ['/audit-tool/', '/audit-tool'],
    ['/audit-tool//', '/audit-tool'],
    ['/audit-results', '/audit-results'],
    ['/email-results', '/email-results'],
    ['/privacy', '/privacy'],
    ['/accessibility', '/accessibility'],
    ['', NOT_FOUND_ROUTE.path],
    ['/nope', NOT_FOUND_ROUTE.path],
    ['/404', NOT_FOUND_ROUTE.path],
    ['/audit-tool/extra', NOT_FOUND_ROUTE.path],
    ['/AUDIT-TOOL', NOT_FOUND_ROUTE.path],
    // A private page answers below its path only, at a well-formed link: one 43-character token.
    ['/results/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ', '/results'],
    ['/results/aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-x', '/results'],
    ['/results/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/', '/results'],
    // A malformed link is an unknown address, as the server answers it (no hydration mismatch).
    ['/results/abc', NOT_FOUND_ROUTE.path],
    ['/results/abc/', NOT_FOUND_ROUTE.path],
    ['/results/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP', NOT_FOUND_ROUTE.path],
    ['/results/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR', NOT_FOUND_ROUTE.path],
    ['/results/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP!', NOT_FOUND_ROUTE.path],
    ['/results/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/x', NOT_FOUND_ROUTE.path],
    [`/results/${'%41'.repeat(43)}`, NOT_FOUND_ROUTE.path],
    ['/results/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLM%E0%A4%A', NOT_FOUND_ROUTE.path],
    ['/audit-tool/continue/abc', NOT_FOUND_ROUTE.path],
    ['/audit-tool/continue/abcdefghijklmnopqrst%2Fabcdefghijklmnopqrst', NOT_FOUND_ROUTE.path],
    ['/results', NOT_FOUND_ROUTE.path],
    ['/results/', NOT_FOUND_ROUTE.path],
    ['/results/abc/def', NOT_FOUND_ROUTE.path],
    // The continue link sits below the audit's own path, which stays a page of its own.
    ['/audit-tool/continue/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ', '/audit-tool/continue'],
    ['/audit-tool/continue', NOT_FOUND_ROUTE.path],
    ['/audit-tool/continue/', NOT_FOUND_ROUTE.path],
    ['/audit-tool/continue/abc/def', NOT_FOUND_ROUTE.path],
    // A colleague's join link for a team audit sits below the audit's path too.
    [`${JOIN_PATH}/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ`, JOIN_PATH],
    [`${JOIN_PATH}/aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-x/`, JOIN_PATH],
    [JOIN_PATH, NOT_FOUND_ROUTE.path],
    [`${JOIN_PATH}/`, NOT_FOUND_ROUTE.path],
    [`${JOIN_PATH}/abc`, NOT_FOUND_ROUTE.path],
    [`${JOIN_PATH}/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/x`, NOT_FOUND_ROUTE.path],
  ])('%s → %s', (path, expected) => {
    expect(routeFor(path).path).toBe(expected);
  });
});

describe('the route table', () => {
  it('has one not-found row, and every path and file once', () => {
    expect(ROUTES.filter((r) => r.status === 404)).toEqual([NOT_FOUND_ROUTE]);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.file)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.module)).size).toBe(ROUTES.length);
  });

  it('has the join page at the path the server answers join links at, as a private page', () => {
    expect(routeFor(`${JOIN_PATH}/${'J'.repeat(43)}`)).toMatchObject({ path: JOIN_PATH, private: true });
  });

  it('has no page that needs script but ships none', () => {
    expect(ROUTES.filter((r) => r.needsScript && !r.shipsScript)).toEqual([]);
  });

  // The build finds a route's chunk by `module`, so it must name the file `load` imports.
  it.each(ROUTES.map((r) => [r.path, r] as const))(
    '%s: module names the file load() imports',
    async (_path, route) => {
      const named: unknown = await import(/* @vite-ignore */ `./${route.module}`);
      expect(await route.load()).toBe(named);
    },
  );

  it('loads a module once and the preload resolves to it', async () => {
    const route = routeFor('/privacy');
    const first = loadRoute(route);
    expect(loadRoute(route)).toBe(first);
    expect(await preloadScreen('/privacy/')).toBe(await first);
  });
});
