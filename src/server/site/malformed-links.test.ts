import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINUE_PATH } from '../../shared/saved-audit';
import { RESULTS_PATH } from '../../shared/results-link';
import { FIXTURE_PAGES, FIXTURE_PRIVATE_PAGE, writeSiteFixture } from '../../../test/support/site-fixture';
import { freshPgliteDir } from '../../../test/support/pglite';
import { useTestApp } from '../../../test/support/test-app';
import { testConfig } from '../../../test/support/test-config';
import { malformedPrivateLink } from './malformed-links';

const TOKEN = 'A'.repeat(43);
const CONTINUE_PAGE = {
  path: CONTINUE_PATH,
  file: 'continue.html',
  status: 200,
  private: true,
  title: 'Continue your audit – Care Audit',
} as const;

/** Every kind of malformed link, as the part after `<private path>/`, the path as typed. */
const MALFORMED: [string, string][] = [
  ['too short', 'abc'],
  ['one character short', 'A'.repeat(42)],
  ['one character long', 'A'.repeat(44)],
  ['a character a token never has', `${'A'.repeat(42)}!`],
  ['an extra path segment', `${TOKEN}/more`],
  ['a trailing slash', `${TOKEN}/`],
  ['percent-encoded letters', '%41%42%43'],
  ['a percent-encoded slash', `${'A'.repeat(20)}%2F${'A'.repeat(20)}`],
  ['a token spelt in percent escapes', '%41'.repeat(43)],
  ['a broken percent escape', `${'A'.repeat(40)}%E0%A4%A`],
  ['nothing', ''],
];

describe('malformedPrivateLink: below a private page, anything but one 43-character token', () => {
  const site = [RESULTS_PATH, CONTINUE_PATH];

  it.each(MALFORMED)('%s is malformed', (_kind, rest) => {
    expect(malformedPrivateLink(`${RESULTS_PATH}/${rest}`, site)).toBe(RESULTS_PATH);
    expect(malformedPrivateLink(`${CONTINUE_PATH}/${rest}`, site)).toBe(CONTINUE_PATH);
  });

  it.each([
    ['a token', `${RESULTS_PATH}/${TOKEN}`],
    ['a token of every character a token has', `${RESULTS_PATH}/${'aZ09_-'.repeat(7)}x`],
    ['a token and a query', `${CONTINUE_PATH}/${TOKEN}?utm_source=mail`],
    ['the private page’s bare path (the site’s own not-found)', RESULTS_PATH],
    ['another page', '/audit-tool'],
    ['a path that only starts like one', `${RESULTS_PATH}-old/abc`],
  ])('%s is not', (_kind, url) => {
    expect(malformedPrivateLink(url, site)).toBeUndefined();
  });
});

describe('the server answers a malformed private link with the not-found page, before any route', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-malformed-'));
  });
  afterAll(async () => {
    await fs.rm(tmp, { recursive: true, force: true });
  });

  const server = useTestApp(async () => {
    const dir = await writeSiteFixture(path.join(tmp, 'site'), {
      ...FIXTURE_PAGES,
      results: FIXTURE_PRIVATE_PAGE,
      continue: CONTINUE_PAGE,
    });
    await freshPgliteDir(tmp);
    return { config: testConfig({ DATA_DIR: tmp, SITE_DIR: dir }) };
  });

  for (const base of [RESULTS_PATH, CONTINUE_PATH]) {
    it.each(MALFORMED)(`${base}/: %s → 404, the not-found page`, async (_kind, rest) => {
      const res = await server.app.inject({ url: `${base}/${rest}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(FIXTURE_PAGES.notFound.title);
      expect(res.body).not.toContain(CONTINUE_PAGE.title);
      expect(res.body).not.toContain(FIXTURE_PRIVATE_PAGE.title);
      // It may still hold a secret someone mistyped: no referrer, no search engine.
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    });
  }

  it('a well-formed continue token that opens nothing is still the continue page, 404 (it says why)', async () => {
    const res = await server.app.inject({ url: `${CONTINUE_PATH}/${TOKEN}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(CONTINUE_PAGE.title);
  });

  it('a broken percent escape anywhere on the site is the not-found page, not a bare 400', async () => {
    const res = await server.app.inject({ url: '/audit-tool%E0%A4%A' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(FIXTURE_PAGES.notFound.title);
  });

  it('a broken percent escape in an API path is the API’s own 400', async () => {
    const res = await server.app.inject({ url: `/api/results/${'A'.repeat(40)}%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_request', message: 'The address is not valid.' } });
  });
});
