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
   * imports), by path. A page without an entry must load no script at all. Preact, which runs the
   * React code, is about 6 KB of each (React 19 and React DOM were 66 KB: docs/decisions/0027).
   */
  firstLoadScriptGzip: {
    // What each page reached with Preact (docs/decisions/0027), plus about 2 KB: room for a fix,
    // not for a library. The results pages include their report view with the written advice.
    '/audit-tool': 18 * KB,
    '/audit-results': 26 * KB,
    '/results': 27 * KB,
    '/email-results': 21 * KB,
    '/404': 17 * KB,
  } as Readonly<Record<string, number>>,
  /** The chunk of a page's own screen (its route module and what only it imports), by path. */
  screenChunkGzip: {
    '/email-results': 8 * KB,
  } as Readonly<Record<string, number>>,
} as const;
