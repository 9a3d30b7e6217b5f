import type { ContentVersion } from '../../core/content';
import { PAGE_CONTENT_ELEMENT_ID } from '../../shared/page-content-block';
import {
  REVALIDATE,
  SiteBuildError,
  toSiteFile,
  type PageInOtherWords,
  type Site,
  type SiteFile,
} from './static-site';

/**
 * The pages that show the audit's words before any script runs (the audit's first section, the
 * results screen opened without an audit), in the live version's words (issue 34, decision 0074).
 * The build pre-renders them with version 1. While version 1 is live they are served as built;
 * once another version is live, each is rendered again once per version with the site's own
 * renderer, its root spliced into the built page (so the title, styles and loader stay the build's),
 * and the version put in the page as a JSON data block that the browser reads before hydrating.
 */
export const LIVE_CONTENT_PATHS = ['/audit-tool', '/audit-results'] as const;

const ROOT_START = '<div id="root">';
/** What the build writes after the root's closing tag (scripts/build.ts): where a render ends. */
export const ROOT_END_MARKER = '<!--/root-->';
const ROOT_END = `</div>${ROOT_END_MARKER}`;

/** Renders one page's root (its inner HTML) as the build does, with the given words. */
export type RenderPageRoot = (pathname: string, content: ContentVersion) => Promise<string>;

/** The page at a path in the live version's words, or undefined to serve the built page. */
export type LivePages = PageInOtherWords;

export function livePages(
  site: Site,
  options: { live: () => Promise<ContentVersion>; render: RenderPageRoot },
): LivePages {
  // A build from before versions has no marked root: say so at start, not on a visitor's request.
  for (const pathname of LIVE_CONTENT_PATHS) {
    const html = site.pages.get(pathname)?.identity.body.toString('utf8');
    if (html !== undefined && !rootOf(html)) {
      throw new SiteBuildError(
        `The page ${pathname} has no marked root (${ROOT_END}); run \`npm run build\`.`,
      );
    }
  }
  const rendered = new Map<string, Promise<SiteFile>>();
  return {
    async page(pathname) {
      if (!(LIVE_CONTENT_PATHS as readonly string[]).includes(pathname)) return undefined;
      const built = site.pages.get(pathname);
      if (!built) return undefined;
      const live = await options.live();
      if (live.version === 1) return undefined;
      const key = `${live.version} ${pathname}`;
      let file = rendered.get(key);
      if (!file) {
        file = renderLive(built, pathname, live, options.render);
        rendered.set(key, file);
        // A failed render is tried again by the next request, not remembered.
        file.catch(() => rendered.delete(key));
      }
      return file;
    },
  };
}

async function renderLive(
  built: SiteFile,
  pathname: string,
  live: ContentVersion,
  render: RenderPageRoot,
): Promise<SiteFile> {
  const html = built.identity.body.toString('utf8');
  // Checked when the site was loaded (livePages), so a page without it never gets here.
  const { start, end } = rootOf(html) ?? { start: -1, end: -1 };
  if (start < 0) throw new SiteBuildError(`The page ${pathname} has no marked root; run \`npm run build\`.`);
  const root = await render(pathname, live);
  const page =
    html.slice(0, start + ROOT_START.length) +
    root +
    ROOT_END +
    `<script type="application/json" id="${PAGE_CONTENT_ELEMENT_ID}">${dataBlock(live)}</script>` +
    html.slice(end + ROOT_END.length);
  return toSiteFile(Buffer.from(page, 'utf8'), '.html', REVALIDATE);
}

/** Where the root's opening tag and its closing marker are, if the page has both. */
function rootOf(html: string): { start: number; end: number } | undefined {
  const start = html.indexOf(ROOT_START);
  const end = start < 0 ? -1 : html.indexOf(ROOT_END, start);
  return start < 0 || end < 0 ? undefined : { start, end };
}

/** JSON that cannot end the script element early: `<` is written as its escape. */
export function dataBlock(live: ContentVersion): string {
  return JSON.stringify({ version: live.version, content: live.content }).replace(/</g, '\\u003c');
}
