/**
 * The pages of a built site as the server needs them: which file answers which path, and with
 * which status. The build writes this list next to the pages (SITE_PAGES_FILE) from the web app's
 * route table, and the server reads it from there: the server imports nothing of the web app, and
 * a new page needs no server change.
 */
export interface SitePage {
  /** The path a visitor types. The not-found page's path only names it. */
  path: string;
  /** The pre-rendered document, relative to the site folder. */
  file: string;
  /** 200 for a page; 404 for the one not-found page, which answers every unknown path. */
  status: 200 | 404;
  /**
   * A page for one visitor's data, reached only through a link with a secret in it (the results
   * link, `<path>/<token>`): never served at its bare path, and served at a link's path only by the
   * route that checks the secret, kept out of caches and search engines.
   */
  private?: boolean;
}

/**
 * The one shape of a private link's token, whichever private page it opens: 32 random bytes in
 * base64url, 43 characters (the results link's and the continue link's alike).
 */
export const PRIVATE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether a path, as typed (not percent-decoded), is a well-formed link to the private page at
 * `pagePath`: exactly one segment below it, shaped like a token. Anything else below that path (too
 * short, a character a token never has, an extra segment, a trailing slash, percent-encoding) is
 * not that page but an unknown address: the server answers the not-found page and the browser
 * app renders it, so both agree and hydration finds what it expects.
 */
export function isPrivateLinkPath(pathname: string, pagePath: string): boolean {
  const prefix = `${pagePath}/`;
  return pathname.startsWith(prefix) && PRIVATE_TOKEN_PATTERN.test(pathname.slice(prefix.length));
}

export const SITE_PAGES_FILE = 'site-pages.json';

export class SitePagesError extends Error {
  override name = 'SitePagesError';
}

function isSitePage(value: unknown): value is SitePage {
  if (typeof value !== 'object' || value === null) return false;
  const { path, file, status, private: isPrivate } = value as Record<string, unknown>;
  return (
    typeof path === 'string' &&
    /^\/[\w\-/]*$/.test(path) &&
    typeof file === 'string' &&
    // A plain relative file name: the server reads it from the site folder and nowhere else.
    /^[\w-]+(\/[\w-]+)*\.html$/.test(file) &&
    (status === 200 || status === 404) &&
    // Only a page can be private: the not-found page answers every unknown path.
    (isPrivate === undefined || isPrivate === false || (isPrivate === true && status === 200))
  );
}

/**
 * The page list as the build wrote it; throws a SitePagesError naming what is wrong when it is
 * not a list of pages with unique paths and files and exactly one not-found page.
 */
export function parseSitePages(text: string): SitePage[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SitePagesError('the page list is not JSON');
  }
  if (!Array.isArray(value)) throw new SitePagesError('the page list is not a list');
  const invalid = value.findIndex((entry) => !isSitePage(entry));
  if (invalid >= 0) throw new SitePagesError(`entry ${invalid} of the page list is not a page`);
  const pages = value as SitePage[];
  for (const key of ['path', 'file'] as const) {
    const seen = new Set<string>();
    for (const page of pages) {
      if (seen.has(page[key])) throw new SitePagesError(`the page list has ${page[key]} twice`);
      seen.add(page[key]);
    }
  }
  const notFound = pages.filter((page) => page.status === 404).length;
  if (notFound !== 1) throw new SitePagesError(`the page list has ${notFound} not-found pages, not 1`);
  return pages;
}

/** The page list as the build writes it: only what the server needs, one page a line. */
export function formatSitePages(pages: readonly SitePage[]): string {
  const lines = pages.map(({ path, file, status, private: isPrivate }) =>
    JSON.stringify({ path, file, status, ...(isPrivate ? { private: true } : {}) }),
  );
  return `[\n${lines.join(',\n')}\n]\n`;
}
