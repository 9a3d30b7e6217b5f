import type { FastifyInstance } from 'fastify';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProofChallenge } from '../../shared/proof-of-work';
import { sqlChallengeStore } from './challenge-store';
import { DATABASE_KINDS, openTestDatabase, rowCounts } from '../../../test/support/databases';
import { solve, solvedProof } from '../../../test/support/proof-of-work';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const BOT_CHECK_FAILED = {
  error: { code: 'bot_check_failed', message: expect.stringMatching(/could not be confirmed/) },
};

describe.each(DATABASE_KINDS)('the bot check on POST /api/email-results, on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  beforeEach(() => t.reset());
  const instance = (botProtection: 'on' | 'off') =>
    useTestApp(
      () => ({
        config: testConfig({
          ...apiOnlyEnv(t.dataDir),
          LEADS_TO: 'leads@care-audit.example',
          RATE_LIMIT_PER_CLIENT: '1000',
          RATE_LIMIT_PER_RECIPIENT: '1000',
          BOT_PROTECTION: botProtection,
        }),
        deps: { db: t.db },
      }),
      // Built for each test, after the reset: an instance keeps the signing secret it read first,
      // and the reset empties bot_guard_secret.
      { per: 'test' },
    );
  // Two instances on one database, as behind a load balancer, with the production default (on).
  const server = instance('on');
  const otherServer = instance('on');
  const unprotectedServer = instance('off');

  /** Asserts a refusal that stored nothing and queued nothing to send. */
  async function expectRefused(body: Record<string, unknown>, on: FastifyInstance = server.app) {
    const res = await postEmailRequest(on, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BOT_CHECK_FAILED);
    expect(await rowCounts(t.db)).toEqual({ requests: 0, messages: 0 });
  }

  it('issues a fresh challenge that no cache may keep', async () => {
    const [a, b] = await Promise.all([
      server.app.inject({ url: '/api/challenge' }),
      server.app.inject({ url: '/api/challenge' }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.headers['set-cookie']).toBeUndefined();
    const challenge = a.json<ProofChallenge>();
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 25 * 60);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(b.json<ProofChallenge>().parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a solved challenge (202), and the same solution once only, at either instance', async () => {
    const proof = await solvedProof(server.app);
    expect((await postEmailRequest(otherServer.app, validBody({ proof, website: '' }))).statusCode).toBe(202);
    // The stored request goes, so that expectRefused finds nothing stored; the used challenge stays
    // (a whole reset would forget it).
    await t.db.query('TRUNCATE email_requests CASCADE');
    await expectRefused(validBody({ proof }), server.app);
    await expectRefused(validBody({ proof }), otherServer.app);
  });

  it('lets one of two requests with one solution through when they arrive together', async () => {
    const proof = await solvedProof(server.app);
    const results = await Promise.all([
      postEmailRequest(server.app, validBody({ proof })),
      postEmailRequest(otherServer.app, validBody({ proof })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 400]);
    expect((await rowCounts(t.db)).requests).toBe(1);
  });

  it('refuses a request without a solution', async () => {
    await expectRefused(validBody());
  });

  it.each([
    ['text', 'solved!'],
    ['an empty object', {}],
    ['a solution without its challenge', { solution: { counter: 1, derivedKey: 'ab' } }],
  ])('refuses a proof that is %s', async (_, proof) => {
    await expectRefused(validBody({ proof }));
  });

  it('refuses a wrong counter', async () => {
    const { challenge, solution } = await solvedProof(server.app);
    await expectRefused(
      validBody({ proof: { challenge, solution: { ...solution, counter: solution.counter + 1 } } }),
    );
  });

  it('refuses a challenge whose parameters were changed (an easier prefix, say)', async () => {
    const { challenge } = await solvedProof(server.app);
    const easier: ProofChallenge = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } };
    await expectRefused(validBody({ proof: solve(easier) }));
  });

  it('refuses a challenge signed with another secret', async () => {
    const forged = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() + 600_000),
      hmacSignatureSecret: 'not the server’s secret',
    });
    await expectRefused(validBody({ proof: solve(forged as ProofChallenge) }));
  });

  it('refuses an expired challenge, even one the server signed', async () => {
    const secret = await sqlChallengeStore(t.db).signingSecret();
    const expired = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: secret,
    });
    await expectRefused(validBody({ proof: solve(expired as ProofChallenge) }));
  });

  it.each([
    ['text', 'https://spam.example'],
    ['a number', 0],
    ['an object', { a: 1 }],
  ])('refuses a filled-in honeypot (%s), even with a solved challenge', async (_, website) => {
    await expectRefused(validBody({ proof: await solvedProof(server.app), website }));
  });

  it('checks the bot guard before the fields, so a bot learns nothing about them', async () => {
    await expectRefused({ email: 'not an address', responses: {} });
  });

  describe('with BOT_PROTECTION=off', () => {
    it('needs no proof of work', async () => {
      expect((await postEmailRequest(unprotectedServer.app, validBody())).statusCode).toBe(202);
    });

    it('still refuses a filled-in honeypot', async () => {
      await expectRefused(validBody({ website: 'https://spam.example' }), unprotectedServer.app);
    });
  });

  it('forgets used challenges once they have expired, and only those', async () => {
    await t.db.query('TRUNCATE bot_guard_used_challenges');
    const store = sqlChallengeStore(t.db);
    expect(await store.markUsed('old', new Date(Date.now() - 1000))).toBe(true);
    expect(await store.markUsed('current', new Date(Date.now() + 60_000))).toBe(true);
    expect(await store.markUsed('current', new Date(Date.now() + 60_000))).toBe(false);
    expect(await store.purgeExpired()).toBe(1);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM bot_guard_used_challenges');
    expect(rows).toEqual([{ id: 'current' }]);
  });
});

describe('one signing secret for every instance', () => {
  it('is made once, whichever instance asks first', async () => {
    const t = await openTestDatabase('pglite');
    try {
      const secrets = await Promise.all(
        [sqlChallengeStore(t.db), sqlChallengeStore(t.db)].map((s) => s.signingSecret()),
      );
      expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(secrets[1]).toBe(secrets[0]);
    } finally {
      await t.destroy();
    }
  });
});
