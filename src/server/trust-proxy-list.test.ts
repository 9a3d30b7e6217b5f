import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { postEmailRequest, validBody } from '../../test/support/requests';
import { useTestApp } from '../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';

const LIMIT = 2;
const PROXY = '127.0.0.1';
// Reached directly, not through the proxy: what an instance exposed to the internet would see.
const STRANGER = '198.51.100.7';

// Issue 36: with TRUST_PROXY=1 an instance reached directly believed a forged X-Forwarded-For (12 of
// 12 past a limit of 10). With the proxies' addresses instead, only they are believed.
describe('TRUST_PROXY as a list of proxy addresses and ranges', () => {
  let t: TestDatabase;
  let sent = 0;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(() => ({
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      TRUST_PROXY: `${PROXY}, 10.0.0.0/8`,
      RATE_LIMIT_PER_CLIENT: String(LIMIT),
      RATE_LIMIT_PER_RECIPIENT: '1000',
    }),
    deps: { db: t.db },
  }));
  beforeEach(() => t.reset());

  /** Posts a new request (a new recipient each time) from `peer`, with this X-Forwarded-For. */
  const post = async (peer: string, forwardedFor: string) =>
    (
      await postEmailRequest(server.app, validBody({ email: `visitor-${++sent}@example.org` }), {
        remoteAddress: peer,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      })
    ).statusCode;

  it('believes X-Forwarded-For from a listed proxy: each visitor has a limit of their own', async () => {
    const visitors = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    expect(await Promise.all(visitors.map((visitor) => post(PROXY, visitor)))).toEqual([202, 202, 202, 202]);
    // One visitor is still held to the limit: it is their address that is counted.
    const one = [];
    for (let i = 0; i <= LIMIT; i++) one.push(await post(PROXY, '203.0.113.9'));
    expect(one).toEqual([202, 202, 429]);
  });

  it('skips every listed hop, and stops at the first address not on the list', async () => {
    // The visitor, then a proxy in 10.0.0.0/8, then the listed proxy the request came from.
    for (let i = 0; i < LIMIT; i++) expect(await post(PROXY, '203.0.113.20, 10.1.2.3')).toBe(202);
    expect(await post(PROXY, '203.0.113.20, 10.9.9.9')).toBe(429);
    // An entry the client wrote before the visitor's own address does not change who is counted.
    expect(await post(PROXY, '192.0.2.1, 203.0.113.20')).toBe(429);
  });

  it('does not believe X-Forwarded-For from an address not on the list: it counts the real peer', async () => {
    const forged = ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'];
    const statuses = [];
    for (const address of forged) statuses.push(await post(STRANGER, address));
    expect(statuses).toEqual([202, 202, 429, 429]);
    // Another peer still has its own limit.
    expect(await post('198.51.100.8', '203.0.113.10')).toBe(202);
  });
});
