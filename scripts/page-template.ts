/**
 * One page's HTML from the site's template (src/web/index.html) and its pre-rendered body: the
 * steps the build (scripts/build.ts) and the dev server (scripts/dev/dev-site.ts) share, so a page
 * in development has the same title, notices and marked root as the one built for production.
 * What differs, how the page gets its stylesheet and script, each of them adds after this.
 */
import { escapeHtml } from '../src/server/http/escape-html';
import { ROOT_END_MARKER } from '../src/server/site/live-pages';
import type { Route } from '../src/web/routes';

const DESCRIPTION =
  'A free AI care management audit for UK care providers: rate 25 statements and get scores, recommendations and a PDF report.';

// Pages that cannot work without script say so plainly to a visitor who has it turned off. The
// notice goes before #root, not in it: hydration would take it for the app's first element.
const NEEDS_SCRIPT_NOTICE =
  '<noscript><div class="noscript-notice"><p><strong>This audit needs JavaScript.</strong> Please turn JavaScript on in your browser settings and reload the page. You can still read about the audit on the <a href="/">home page</a>.</p></div></noscript>';

export function fillPageTemplate(template: string, route: Route, body: string): string {
  const html = template
    .replace('<!--page-title-->', escapeHtml(route.title))
    .replace('<!--page-description-->', escapeHtml(DESCRIPTION))
    .replace(
      '<div id="root">',
      route.needsScript ? `${NEEDS_SCRIPT_NOTICE}<div id="root">` : '<div id="root">',
    )
    // The root's end is marked, so the server can put a page in the live version's words in its
    // place (src/server/site/live-pages.ts). A function: the body may hold `$&` or `$'`.
    .replace('<!--page-body--></div>', () => `${body}</div>${ROOT_END_MARKER}`);
  // A private page (one visitor's results) must never be indexed, whoever links to it.
  return route.private ? html.replace('</head>', '<meta name="robots" content="noindex" /></head>') : html;
}
