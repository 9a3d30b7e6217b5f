import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecret } from './http/secrets';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { FIXTURE_PAGES, FIXTURE_PRIVATE_PAGE, writeSiteFixture } from '../../test/support/site-fixture';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process';

/**
 * Issue 36: a private link's token reached the log under other spellings of its path. The real
 * server (src/server/main.ts, its own process, logging every request) is sent each private path
 * kind in the four spellings the probe used, and its output is searched for the tokens.
 */

// Each private path kind: the path up to its private segment, and the token's place after it.
const PRIVATE_PATHS = [
  '/results',
  '/api/results',
  '/audit-tool/continue',
  '/api/saved-audits',
  '/audit-tool/join',
  '/api/team-audits',
] as const;

/** The four spellings of `<prefix>/<token>`, on the private segment (the last of prefix). */
function spellings(prefix: string, token: string): string[] {
  const cut = prefix.lastIndexOf('/') + 1;
  const before = prefix.slice(0, cut);
  const segment = prefix.slice(cut);
  const firstEscaped = `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  return [
    `${before}${firstEscaped}/${token}`,
    `${prefix}//${token}`,
    `${prefix}%2F${token}`,
    `${prefix};x/${token}`,
  ];
}

/** GET exactly `rawPath` (fetch would rewrite some spellings); resolves with the status. */
function getRaw(server: ServerProcess, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end();
  });
}

describe('a private link under other spellings of its path, in a server process’s log', () => {
  let t: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    t = await openTestDatabase('pglite', { onDisk: true });
    await t.db.close();
    const siteDir = await writeSiteFixture(path.join(t.dataDir, 'site'), {
      ...FIXTURE_PAGES,
      results: FIXTURE_PRIVATE_PAGE,
    });
    server = await startServerProcess({ DATA_DIR: t.dataDir, SITE_DIR: siteDir, LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server?.signal('SIGKILL');
    await t?.destroy();
  });

  it('logs no token of any private path kind in any of the four spellings', async () => {
    const sent: { path: string; token: string; status: number }[] = [];
    for (const prefix of PRIVATE_PATHS) {
      // One token per spelling, so a leak names the spelling that let it through.
      for (const spelling of spellings(prefix, '<token>')) {
        const token = newSecret();
        const rawPath = spelling.replace('<token>', token);
        sent.push({ path: rawPath, token, status: await getRaw(server!, rawPath) });
      }
    }
    // The sign-in link's token travels in a query; "?" escaped makes it part of the path.
    const signInToken = newSecret();
    for (const rawPath of [`/team/auth%3Ftoken=${signInToken}`, `/team//auth%3Ftoken%3D${signInToken}`]) {
      sent.push({ path: rawPath, token: signInToken, status: await getRaw(server!, rawPath) });
    }
    // Made-up tokens answer 404 (a real one's first spelling is the page): the log line is the same.
    expect(sent.every((s) => s.status < 500)).toBe(true);

    // Every request is logged as it completes: wait for the last one's line.
    const deadline = Date.now() + 10_000;
    const completed = () => (server!.output().match(/"msg":"request completed"/g) ?? []).length;
    while (completed() < sent.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = server!.output();
    expect(completed()).toBeGreaterThanOrEqual(sent.length);
    const leaked = sent.filter((s) => log.includes(s.token)).map((s) => s.path);
    expect(leaked).toEqual([]);
    // And each is logged as the path it decodes to, its token masked.
    for (const prefix of PRIVATE_PATHS) expect(log).toContain(`"url":"${prefix}/…"`);
    expect(log).toContain('"url":"/team/auth"');
  });
});
