import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseSitePages, SITE_PAGES_FILE, SitePagesError, type SitePage } from '../../shared/pages';
import type { SiteLinks } from '../config';
import { chooseEncoding, type CompressedEncoding } from './content-encoding';
import type { InlineHashes } from '../http/security-headers';
import { inlineHashes } from './inline-hashes';
import { substituteLinks, type TextKind } from './link-substitution';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One representation of a file: its bytes and its strong ETag. */
interface Representation {
  body: Buffer;
  etag: string;
}

/** A file of the built site, held in memory with its compressed forms. */
export interface SiteFile {
  contentType: string;
  cacheControl: string;
  identity: Representation;
  compressed: Partial<Record<CompressedEncoding, Representation>>;
}

/** The built site, loaded once at start-up. */
export interface Site {
  /** Page path from the build's page list (e.g. "/audit-tool") → its pre-rendered document. */
  pages: ReadonlyMap<string, SiteFile>;
  /**
   * The private pages by path (e.g. "/results"): never served here, at their bare path or any
   * other; only a route that checks a link's secret serves one (see leads/results-link-routes.ts).
   */
  privatePages: ReadonlyMap<string, SiteFile>;
  /** The not-found document, served with status 404. */
  notFound: SiteFile;
  /** Every other file by its URL path ("/assets/app-3f9a.js", "/favicon.svg"). */
  files: ReadonlyMap<string, SiteFile>;
  /** Hashes of the pages' inline scripts and styles, for the Content-Security-Policy. */
  inline: InlineHashes;
  /**
   * The team workspace's shell (team/index.html), or null in a build without it. It is the same
   * empty document at every /team path: the workspace renders in the browser, from the API.
   */
  teamShell: SiteFile | null;
}

export class SiteBuildError extends Error {
  override name = 'SiteBuildError';
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.ico',
]);
const SUBSTITUTED: Record<string, TextKind> = { '.html': 'html', '.js': 'javascript', '.mjs': 'javascript' };
// Not worth a Content-Encoding header below this.
const MIN_COMPRESS_BYTES = 256;

/** Hashed build output never changes under the same name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages and unhashed files: the browser may keep them but must check the ETag first. */
export const REVALIDATE = 'no-cache';
/** The workspace's shell and private pages: kept nowhere, so no cache or shared computer holds them. */
export const NO_STORE = 'no-store';

/** The team workspace's own build (vite.team.config.ts) sits in this folder of the site. */
const TEAM_DIR = 'team';
const TEAM_SHELL_FILE = `${TEAM_DIR}/index.html`;
/** Hashed build output: the site's and the workspace's. */
const HASHED_DIRS = ['assets/', `${TEAM_DIR}/assets/`];

/**
 * Whether a page's HTML tells search engines not to index it (<meta name="robots" content="…noindex…">).
 * A private page must, as well as its X-Robots-Tag header: a saved copy of the page keeps the one.
 */
export function hasNoindexMeta(html: string): boolean {
  return (html.match(/<meta\b[^>]*>/gi) ?? []).some(
    (tag) => /\bname=["']?robots["'\s/>]/i.test(tag) && /\bcontent=["'][^"']*\bnoindex\b/i.test(tag),
  );
}

function etagOf(body: Buffer, suffix = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${suffix}"`;
}

export async function toSiteFile(body: Buffer, extension: string, cacheControl: string): Promise<SiteFile> {
  const file: SiteFile = {
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    cacheControl,
    identity: { body, etag: etagOf(body) },
    compressed: {},
  };
  if (COMPRESSIBLE.has(extension) && body.length >= MIN_COMPRESS_BYTES) {
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // Each encoding has its own strong ETag: the bytes differ (RFC 9110 §8.8.3).
    if (br.length < body.length) file.compressed.br = { body: br, etag: etagOf(body, '-br') };
    if (gz.length < body.length) file.compressed.gzip = { body: gz, etag: etagOf(body, '-gz') };
  }
  return file;
}

async function exists(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** The build's page list in `dir`, checked. */
async function readSitePages(dir: string): Promise<SitePage[]> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, SITE_PAGES_FILE), 'utf8');
  } catch {
    throw new SiteBuildError(`The site in ${dir} lacks ${SITE_PAGES_FILE}; run \`npm run build\`.`);
  }
  try {
    return parseSitePages(text);
  } catch (error) {
    if (error instanceof SitePagesError)
      throw new SiteBuildError(`${dir}/${SITE_PAGES_FILE}: ${error.message}`);
    throw error;
  }
}

/**
 * The built site in `dir`, read once into memory with the link placeholders replaced by `links`,
 * compressed, hashed and ready to serve; `null` when the directory does not exist (an API-only
 * server). The pages and their statuses come from the page list the build wrote beside them.
 * Throws a SiteBuildError when that list is missing or wrong, or names a file the build lacks.
 */
export async function loadSite(dir: string, links: SiteLinks): Promise<Site | null> {
  if (!(await exists(dir))) return null;
  const pages = await readSitePages(dir);
  const pageFiles = new Set(pages.map((p) => p.file));
  const privateFiles = new Set(pages.filter((p) => p.private).map((p) => p.file));
  const relativePaths = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    // The page list is for the server, not a file of the site.
    .filter((relative) => relative !== SITE_PAGES_FILE);
  const missing = [...pageFiles].filter((file) => !relativePaths.includes(file));
  if (missing.length > 0) {
    throw new SiteBuildError(`The site in ${dir} lacks ${missing.join(', ')}; run \`npm run build\`.`);
  }

  const byFile = new Map<string, SiteFile>();
  const files = new Map<string, SiteFile>();
  const servedHtml: string[] = [];
  let teamShell: SiteFile | null = null;
  await Promise.all(
    relativePaths.map(async (relative) => {
      const extension = path.extname(relative).toLowerCase();
      const isPage = pageFiles.has(relative);
      if (relative === TEAM_SHELL_FILE) {
        // Its only script and stylesheet are files of ours: nothing inline for the CSP to allow.
        teamShell = await toSiteFile(await fs.readFile(path.join(dir, relative)), extension, NO_STORE);
        return;
      }
      // Other HTML files (a bundler's fallback document, say) are not pages we serve.
      if (extension === '.html' && !isPage) return;
      let body = await fs.readFile(path.join(dir, relative));
      const kind = SUBSTITUTED[extension];
      let substituted = false;
      if (kind) {
        const original = body.toString('utf8');
        const text = substituteLinks(original, kind, links);
        substituted = text !== original;
        body = Buffer.from(text, 'utf8');
        if (isPage) servedHtml.push(text);
        if (privateFiles.has(relative) && !hasNoindexMeta(text)) {
          throw new SiteBuildError(
            `${relative} is a private page without <meta name="robots" content="noindex">; run \`npm run build\`.`,
          );
        }
      }
      // A hashed asset whose text now holds deployment-specific links must be revalidated: its
      // name would not change if the configured links did.
      const hashed = HASHED_DIRS.some((prefix) => relative.startsWith(prefix)) && !substituted;
      const cacheControl = privateFiles.has(relative) ? NO_STORE : isPage || !hashed ? REVALIDATE : IMMUTABLE;
      const file = await toSiteFile(body, extension, cacheControl);
      if (isPage) byFile.set(relative, file);
      else files.set(`/${relative}`, file);
    }),
  );

  const notFoundPage = pages.find((p) => p.status === 404);
  const notFound = notFoundPage && byFile.get(notFoundPage.file);
  if (!notFound) throw new SiteBuildError(`The page list in ${dir} has no not-found page.`);
  const pageMap = new Map<string, SiteFile>();
  const privatePages = new Map<string, SiteFile>();
  for (const page of pages) {
    const file = byFile.get(page.file);
    if (file && page.status === 200) (page.private ? privatePages : pageMap).set(page.path, file);
  }
  return { pages: pageMap, privatePages, notFound, files, inline: inlineHashes(servedHtml), teamShell };
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter for If-None-Match.
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a site file, picking the encoding from Accept-Encoding and answering 304 to a matching ETag. */
export function sendSiteFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SiteFile,
  status = 200,
): FastifyReply {
  const available = new Set(Object.keys(file.compressed) as CompressedEncoding[]);
  const encoding = chooseEncoding(request.headers['accept-encoding'], available);
  const representation =
    encoding === 'identity' ? file.identity : (file.compressed[encoding] ?? file.identity);
  reply
    .header('Content-Type', file.contentType)
    .header('Cache-Control', file.cacheControl)
    .header('Vary', 'Accept-Encoding');
  // A 404 page is an error document, not a resource a cache should validate.
  if (status === 200) {
    reply.header('ETag', representation.etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], representation.etag)) {
      return reply.code(304).send();
    }
  }
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.code(status).send(representation.body);
}

/**
 * Whether a path is the team workspace's, answered with its shell: /team and every /team/… path
 * but its assets folder (a missing script must be a 404, not an HTML page in its place).
 */
function isTeamPage(pathname: string): boolean {
  return (
    pathname === `/${TEAM_DIR}` ||
    (pathname.startsWith(`/${TEAM_DIR}/`) && !pathname.startsWith(`/${TEAM_DIR}/assets/`))
  );
}

/**
 * Serves the site: each page of the build's page list at its path (but the private ones, which
 * only their own route serves), every other built file at its own path, and the workspace's shell
 * at every other /team path (kept out of search engines and caches).
 * A page asked for with a trailing slash is redirected to its canonical path. Anything else falls
 * through to the app's not-found handler.
 */
/** A page in other words than the built one's, or undefined to serve the built page (live-pages.ts). */
export interface PageInOtherWords {
  page(pathname: string): Promise<SiteFile | undefined>;
}

export function registerSite(app: FastifyInstance, site: Site, live?: PageInOtherWords): void {
  app.get('/*', async (request, reply) => {
    const pathname = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
    const page = site.pages.get(pathname);
    // A page that shows the audit's words is served in the live version's (live-pages.ts).
    if (page) return sendSiteFile(request, reply, (await live?.page(pathname)) ?? page);
    const file = site.files.get(pathname);
    if (file) return sendSiteFile(request, reply, file);
    if (site.teamShell && isTeamPage(pathname)) {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      return sendSiteFile(request, reply, site.teamShell);
    }
    const canonical = pathname.replace(/\/+$/, '');
    if (canonical !== pathname && canonical !== '' && site.pages.has(canonical)) {
      // The target is a path from the page list, never from the request, so this cannot redirect off-site.
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${canonical}${query}`, 308);
    }
    return reply.callNotFound();
  });
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
