/**
 * The size budgets of the built site, in one place: `npm test` fails when the build exceeds one
 * (scripts/budgets.test.ts) and `npm run bench` prints them beside its figures. Sizes are gzipped
 * at level 9, as the server sends them, and measured by scripts/first-load.ts. Why these figures:
 * docs/decisions/0013-first-load-budgets.md.
 */
export const KB = 1024;

export const BUDGETS = {
  /**
   * HTML plus render-blocking CSS, on every page: what the first paint needs. About what a new
   * connection delivers in its first round trip (TCP's initial window of ten segments).
   */
  firstPaintGzip: 14 * KB,
  /**
   * Script a page loads before it is interactive (the modules its loader starts and their static
   * imports), by path. A page without an entry must load no script at all. React 19 and React DOM
   * alone are about 66 KB of each.
   */
  firstLoadScriptGzip: {
    '/audit-tool': 75 * KB,
    // Within 5 KB of the results page before its report view (74.3 KB): the view, with the written
    // advice, is its own chunk fetched once the page has started (docs/decisions/0025).
    '/audit-results': 79 * KB,
    '/results': 79 * KB,
    '/email-results': 82 * KB,
    '/404': 74 * KB,
  } as Readonly<Record<string, number>>,
  /** The chunk of a page's own screen (its route module and what only it imports), by path. */
  screenChunkGzip: {
    '/email-results': 8 * KB,
  } as Readonly<Record<string, number>>,
} as const;
