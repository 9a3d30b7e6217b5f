import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ROUTE, routeFor } from './routes';

describe('routeFor', () => {
  it.each([
    ['/', '/'],
    ['/audit-tool', '/audit-tool'],
    ['/audit-tool/', '/audit-tool'],
    ['/audit-results', '/audit-results'],
    ['/email-results', '/email-results'],
    ['/nope', NOT_FOUND_ROUTE.page.path],
    ['/404', NOT_FOUND_ROUTE.page.path],
    ['/audit-tool/extra', NOT_FOUND_ROUTE.page.path],
  ])('%s → %s', (path, expected) => {
    expect(routeFor(path).page.path).toBe(expected);
  });
});
