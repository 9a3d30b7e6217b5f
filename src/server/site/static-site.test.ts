import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES_FILE } from '../../shared/pages';
import { LINK_PLACEHOLDERS } from '../../shared/site-links';
import {
  FIXTURE_ASSETS,
  FIXTURE_PAGES,
  FIXTURE_PRIVATE_PAGE,
  writeSiteFixture,
} from '../../../test/support/site-fixture';
import { freshPgliteDir } from '../../../test/support/pglite';
import { buildTestApp, useTestApp } from '../../../test/support/test-app';
import { testConfig } from '../../../test/support/test-config';
import { hasNoindexMeta, IMMUTABLE, loadSite, NO_STORE, REVALIDATE, SiteBuildError } from './static-site';

const LINKS = {
  SIGNUP_URL: 'https://example.org/join?ref=site&lang=en',
  CONTACT_URL: 'https://wa.me/441210000000',
  BOOKING_URL: 'https://example.org/book',
  CONTACT_EMAIL: 'team@example.org',
};

let tmp: string;
let siteDir: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-static-'));
  siteDir = await writeSiteFixture(path.join(tmp, 'site'));
  await freshPgliteDir(tmp);
});

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

const server = useTestApp(() => ({ config: testConfig({ DATA_DIR: tmp, SITE_DIR: siteDir, ...LINKS }) }));

describe('pages', () => {
  it.each(Object.values(FIXTURE_PAGES).filter((p) => p !== FIXTURE_PAGES.notFound))(
    'serves $path from $file with 200',
    async (page) => {
      const res = await server.app.inject({ url: page.path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.body).toContain(`<title>${page.title}</title>`);
    },
  );

  it('serves a page with a query string', async () => {
    const res = await server.app.inject({ url: '/audit-results?from=email' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(FIXTURE_PAGES.auditResults.title);
  });

  it('redirects a page path with a trailing slash to the canonical path, keeping the query', async () => {
    const res = await server.app.inject({ url: '/audit-tool/?a=1' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/audit-tool?a=1');
  });

  it('never redirects off the site', async () => {
    const res = await server.app.inject({ url: '//evil.example/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it.each([
    '/nope',
    '/audit-tool/extra',
    '/assets/missing-1234.js',
    '/index.html',
    '/404.html',
    '/__spa-fallback.html',
    '/404',
  ])('answers %s with the not-found page and status 404', async (url) => {
    const res = await server.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<title>${FIXTURE_PAGES.notFound.title}</title>`);
    expect(res.headers.etag).toBeUndefined();
  });

  it('answers other methods on site paths with the not-found page', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/audit-tool', payload: { a: 1 } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(FIXTURE_PAGES.notFound.title);
  });
});

describe('API paths', () => {
  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/nope'],
    ['POST', '/api/health'],
    ['DELETE', '/api/email-results/123'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const res = await server.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});

describe('link placeholders', () => {
  it('replaces them in pages with the configured links', async () => {
    const res = await server.app.inject({ url: '/' });
    expect(res.body).toContain('href="https://example.org/join?ref=site&amp;lang=en"');
    expect(res.body).toContain('href="https://wa.me/441210000000"');
    expect(res.body).toContain('href="mailto:team@example.org">team@example.org</a>');
    for (const placeholder of Object.values(LINK_PLACEHOLDERS)) expect(res.body).not.toContain(placeholder);
  });

  it('replaces them in scripts, which then must be revalidated rather than cached for a year', async () => {
    const res = await server.app.inject({ url: `/${FIXTURE_ASSETS.linksScript}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('signup: "https://example.org/join?ref=site&lang=en"');
    expect(res.body).toContain('email: "team@example.org"');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  it('gives a page a different ETag when the configured links differ', async () => {
    const other = await loadSite(siteDir, {
      ...LINK_PLACEHOLDERS,
      bookingUrl: 'https://example.org/elsewhere',
    });
    const mine = await loadSite(siteDir, { ...LINK_PLACEHOLDERS });
    expect(other?.files.get(`/${FIXTURE_ASSETS.linksScript}`)?.identity.etag).not.toBe(
      mine?.files.get(`/${FIXTURE_ASSETS.linksScript}`)?.identity.etag,
    );
  });
});

describe('assets and other files', () => {
  it.each([
    [FIXTURE_ASSETS.script, 'text/javascript; charset=utf-8', IMMUTABLE],
    [FIXTURE_ASSETS.style, 'text/css; charset=utf-8', IMMUTABLE],
    ['favicon.svg', 'image/svg+xml', REVALIDATE],
    ['robots.txt', 'text/plain; charset=utf-8', REVALIDATE],
  ])('serves /%s as %s with Cache-Control %s', async (file, type, cacheControl) => {
    const res = await server.app.inject({ url: `/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(res.body).toBe(await fs.readFile(path.join(siteDir, file), 'utf8'));
  });
});

describe('compression', () => {
  const url = `/${FIXTURE_ASSETS.script}`;
  const decoders: Record<string, (b: Buffer) => Buffer> = {
    br: (b) => zlib.brotliDecompressSync(b),
    gzip: (b) => zlib.gunzipSync(b),
    identity: (b) => b,
  };

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ])('Accept-Encoding %j gets %s, and the same bytes once decoded', async (accept, encoding) => {
    const plain = await fs.readFile(path.join(siteDir, FIXTURE_ASSETS.script));
    const res = await server.app.inject({ url, headers: accept ? { 'accept-encoding': accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    if (encoding !== 'identity') expect(res.rawPayload.length).toBeLessThan(plain.length);
    expect(decoders[encoding]?.(res.rawPayload).equals(plain)).toBe(true);
  });

  it('compresses the 404 page too', async () => {
    const res = await server.app.inject({ url: '/missing', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain(FIXTURE_PAGES.notFound.title);
  });

  it('does not compress a file too small to gain from it', async () => {
    const res = await server.app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('ETag and 304', () => {
  it('answers 304 with no body to a matching If-None-Match, for each encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const first = await server.app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await server.app.inject({
        url: '/',
        headers: { 'accept-encoding': accept, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(REVALIDATE);
    }
  });

  it('gives each encoding its own ETag', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(
        async (e) => (await server.app.inject({ url: '/', headers: { 'accept-encoding': e } })).headers.etag,
      ),
    );
    expect(new Set(tags).size).toBe(3);
  });

  it('answers 200 when the ETag does not match, and 304 for a list or a weak tag that does', async () => {
    const { etag } = (await server.app.inject({ url: `/${FIXTURE_ASSETS.style}` })).headers;
    const stale = await server.app.inject({
      url: `/${FIXTURE_ASSETS.style}`,
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    const list = await server.app.inject({
      url: `/${FIXTURE_ASSETS.style}`,
      headers: { 'if-none-match': `"stale", W/${etag}` },
    });
    expect(list.statusCode).toBe(304);
  });
});

describe('HEAD', () => {
  it('answers a page with its headers and no body', async () => {
    const get = await server.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const head = await server.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('answers an unknown path with 404 and no body', async () => {
    const head = await server.app.inject({ method: 'HEAD', url: '/nope' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });
});

describe('loadSite', () => {
  it("takes its pages from the build's page list, so a new page needs no server change", async () => {
    const pages = {
      ...FIXTURE_PAGES,
      pricing: { path: '/pricing', file: 'pricing.html', status: 200, title: 'Pricing – Care Audit' },
    } as const;
    const dir = await writeSiteFixture(path.join(tmp, 'with-pricing'), pages);
    const site = await loadSite(dir, { ...LINK_PLACEHOLDERS });
    const expected = Object.values(pages)
      .filter((p) => p !== FIXTURE_PAGES.notFound)
      .map((p) => p.path);
    expect([...(site?.pages.keys() ?? [])].sort()).toEqual(expected.sort());
    expect(site?.pages.get('/pricing')?.identity.body.toString()).toContain('Pricing – Care Audit');
    expect(site?.notFound.identity.body.toString()).toContain(FIXTURE_PAGES.notFound.title);
  });

  it('does not serve the page list itself', async () => {
    const res = await server.app.inject({ url: `/${SITE_PAGES_FILE}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"status"');
  });

  it('refuses a build that lacks a page of the list', async () => {
    const dir = await writeSiteFixture(path.join(tmp, 'incomplete'));
    await fs.rm(path.join(dir, FIXTURE_PAGES.emailResults.file));
    await expect(loadSite(dir, { ...LINK_PLACEHOLDERS })).rejects.toThrow(SiteBuildError);
    await expect(loadSite(dir, { ...LINK_PLACEHOLDERS })).rejects.toThrow(/email-results\.html/);
  });

  it('refuses a build without a page list, naming the file', async () => {
    const dir = await writeSiteFixture(path.join(tmp, 'unlisted'));
    await fs.rm(path.join(dir, SITE_PAGES_FILE));
    await expect(loadSite(dir, { ...LINK_PLACEHOLDERS })).rejects.toThrow(SiteBuildError);
    await expect(loadSite(dir, { ...LINK_PLACEHOLDERS })).rejects.toThrow(SITE_PAGES_FILE);
  });

  it('refuses a page list that is not one, naming what is wrong', async () => {
    const dir = await writeSiteFixture(path.join(tmp, 'bad-list'));
    await fs.writeFile(
      path.join(dir, SITE_PAGES_FILE),
      '[{"path":"/","file":"../secret.html","status":200}]',
    );
    await expect(loadSite(dir, { ...LINK_PLACEHOLDERS })).rejects.toThrow(/entry 0 of the page list/);
  });

  it('gives null for a missing directory', async () => {
    expect(await loadSite(path.join(tmp, 'no-such-dir'), { ...LINK_PLACEHOLDERS })).toBeNull();
  });
});

describe('a private page', () => {
  const withPrivate = { ...FIXTURE_PAGES, results: FIXTURE_PRIVATE_PAGE };
  let dir: string;

  const privateServer = useTestApp(async () => {
    dir = await writeSiteFixture(path.join(tmp, 'with-private'), withPrivate);
    const dataDir = await fs.mkdtemp(path.join(tmp, 'private-data-'));
    await freshPgliteDir(dataDir);
    return { config: testConfig({ DATA_DIR: dataDir, SITE_DIR: dir }) };
  });

  it('is held apart from the pages, kept out of caches', async () => {
    const site = await loadSite(dir, { ...LINK_PLACEHOLDERS });
    expect(site?.pages.has(FIXTURE_PRIVATE_PAGE.path)).toBe(false);
    const page = site?.privatePages.get(FIXTURE_PRIVATE_PAGE.path);
    expect(page?.cacheControl).toBe(NO_STORE);
    expect(page?.identity.body.toString()).toContain(FIXTURE_PRIVATE_PAGE.title);
    expect([...(site?.files.keys() ?? [])]).not.toContain(`/${FIXTURE_PRIVATE_PAGE.file}`);
  });

  it.each([
    FIXTURE_PRIVATE_PAGE.path,
    `${FIXTURE_PRIVATE_PAGE.path}/`,
    `/${FIXTURE_PRIVATE_PAGE.file}`,
    `${FIXTURE_PRIVATE_PAGE.path}?token=x`,
  ])('is never served at %s: the not-found page answers, 404', async (url) => {
    const res = await privateServer.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(FIXTURE_PAGES.notFound.title);
    expect(res.body).not.toContain(FIXTURE_PRIVATE_PAGE.title);
  });

  it('leaves the other pages as they were', async () => {
    const res = await privateServer.app.inject({ url: FIXTURE_PAGES.auditResults.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  it('must tell search engines to keep out in its own HTML, or the site is refused', async () => {
    const bare = await writeSiteFixture(path.join(tmp, 'private-without-meta'), withPrivate);
    const file = path.join(bare, FIXTURE_PRIVATE_PAGE.file);
    const html = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, html.replace(/<meta name="robots"[^>]*>/, ''));
    await expect(loadSite(bare, { ...LINK_PLACEHOLDERS })).rejects.toThrow(SiteBuildError);
    await expect(loadSite(bare, { ...LINK_PLACEHOLDERS })).rejects.toThrow(/results\.html is a private page/);
  });

  it.each([
    ['<meta name="robots" content="noindex">', true],
    ['<meta name="robots" content="noindex, nofollow"/>', true],
    ['<meta content="noindex,nofollow" name="robots" />', true],
    ["<META NAME='ROBOTS' CONTENT='NOINDEX'>", true],
    ['<meta name="robots" content="index, follow">', false],
    ['<meta name="googlebot-news" content="noindex">', false],
    ['<meta name="description" content="noindex pages">', false],
    ['<p>noindex</p>', false],
    ['', false],
  ])('reads %j as noindex: %s', (html, expected) => {
    expect(hasNoindexMeta(`<head>${html}</head>`)).toBe(expected);
  });
});

describe('the team workspace', () => {
  const SHELL_TITLE = 'Care Audit team';
  const TEAM_SCRIPT = 'team/assets/index-5e6f7a8b.js';

  const teamServer = useTestApp(async () => {
    const dir = await writeSiteFixture(path.join(tmp, 'with-team'));
    await fs.mkdir(path.join(dir, 'team/assets'), { recursive: true });
    await fs.writeFile(
      path.join(dir, 'team/index.html'),
      `<!doctype html><html lang="en-GB"><head><meta name="robots" content="noindex"><title>${SHELL_TITLE}</title><script type="module" src="/${TEAM_SCRIPT}"></script></head><body><div id="root"></div></body></html>`,
    );
    await fs.writeFile(path.join(dir, TEAM_SCRIPT), `export const team = true;\n${'// filler\n'.repeat(40)}`);
    const dataDir = await fs.mkdtemp(path.join(tmp, 'team-data-'));
    await freshPgliteDir(dataDir);
    return { config: testConfig({ DATA_DIR: dataDir, SITE_DIR: dir }) };
  });

  it.each([
    '/team',
    '/team/',
    '/team/sign-in',
    '/team/auth?token=abc',
    '/team/leads/123',
    '/team/no/such/page',
  ])('answers %s with the shell, status 200, noindex and no-store', async (url) => {
    const res = await teamServer.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe(NO_STORE);
    expect(res.body).toContain(`<title>${SHELL_TITLE}</title>`);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    // The shell carries no data: the same bytes at every path.
    expect(res.body).toBe(await fs.readFile(path.join(tmp, 'with-team/team/index.html'), 'utf8'));
  });

  it('serves its hashed assets as immutable, and a missing one as a 404 rather than the shell', async () => {
    const script = await teamServer.app.inject({ url: `/${TEAM_SCRIPT}` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    const missing = await teamServer.app.inject({ url: '/team/assets/missing-1234.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(FIXTURE_PAGES.notFound.title);
  });

  it('answers a path that only starts like /team with the not-found page', async () => {
    const teams = await teamServer.app.inject({ url: '/teams' });
    expect(teams.statusCode).toBe(404);
    expect(teams.headers['x-robots-tag']).toBeUndefined();
  });

  it('keeps the shell out of caches under its own file name too', async () => {
    const file = await teamServer.app.inject({ url: '/team/index.html' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe(NO_STORE);
    expect(file.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('leaves the visitor pages as they were', async () => {
    const home = await teamServer.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['x-robots-tag']).toBeUndefined();
    expect(home.headers['cache-control']).toBe(REVALIDATE);
  });

  it('is a 404 in a build without the workspace', async () => {
    const res = await server.app.inject({ url: '/team' });
    expect(res.statusCode).toBe(404);
  });
});

describe('without a built site', () => {
  it('serves the API and a plain 404 elsewhere', async () => {
    const dataDir = await fs.mkdtemp(path.join(tmp, 'api-only-'));
    await freshPgliteDir(dataDir);
    const apiOnly = await buildTestApp(
      testConfig({ DATA_DIR: dataDir, SITE_DIR: path.join(tmp, 'no-such-dir') }),
    );
    expect((await apiOnly.inject({ url: '/api/health' })).statusCode).toBe(200);
    const page = await apiOnly.inject({ url: '/' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await apiOnly.inject({ url: '/api/nope' })).json()).toMatchObject({
      error: { code: 'not_found' },
    });
  });
});
