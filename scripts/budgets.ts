/**
 * The size budgets of the built site, in one place: `npm test` fails when the build exceeds one
 * (scripts/budgets.test.ts) and `npm run bench` prints them beside its figures. Sizes are gzipped
 * at level 9, as the server sends them, measured by scripts/first-load.ts.
 */
export const KB = 1024;

export const BUDGETS = {
  /**
   * HTML plus render-blocking CSS of every page: what the first paint needs. 14 KB is about what
   * a new connection delivers in its first round trip (TCP's initial window of ten segments).
   */
  firstPaintGzip: 14 * KB,
  /**
   * Script each page loads before it is interactive (the modules its loader starts and their
   * static imports), by path. A page that ships no script has no entry: it must load none.
   * React and React DOM alone are about 60 KB of each.
   */
  firstLoadScriptGzip: {
    '/audit-tool': 68 * KB,
    '/audit-results': 68 * KB,
    '/email-results': 76 * KB,
    '/404': 64 * KB,
  } as Readonly<Record<string, number>>,
  /** Chunks of one screen's own code (its route module and what only it imports), by route module. */
  routeChunkGzip: {
    'routes/email-results.tsx': 8 * KB,
  } as Readonly<Record<string, number>>,
} as const;
