import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildReport } from '../../core';
import { RESULTS_TOKEN_PATTERN, type StoredResults } from '../../shared/results-link';
import type { Queryable } from '../db/database';
import { storeEmailRequest } from './email-requests';
import { eraseAddress, purgeExpiredRequests } from './lead-records';
import { newSecret } from '../http/secrets';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import {
  COMPLETE_ANSWERS,
  EXPECTED_AREA_SCORES,
  postEmailRequest,
  validBody,
} from '../../../test/support/requests';
import { FIXTURE_PAGES, FIXTURE_PRIVATE_PAGE, writeSiteFixture } from '../../../test/support/site-fixture';
import { useTestApp } from '../../../test/support/test-app';
import { testConfig } from '../../../test/support/test-config';
import { until } from '../../../test/support/until';
import { bookingLinksInMail } from '../../../test/support/booking-links';

const PUBLIC_URL = 'https://audit.example.org';
const RETENTION_DAYS = 30;
const PROFILE = { serviceType: 'residential', size: '25_99' } as const;
const LINK = new RegExp(`${PUBLIC_URL}/results/([A-Za-z0-9_-]+)`);
/** A booking page with a query and a fragment of its own. */
const BOOKING_URL = 'https://book.example/care?utm_source=audit&x=a%20b#team';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(DATABASE_KINDS)('the private results link on %s', (kind) => {
  let t: TestDatabase;
  const sent: SendMailOptions[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  const server = useTestApp(
    async () => {
      const siteDir = await writeSiteFixture(path.join(t.dataDir, 'site'), {
        ...FIXTURE_PAGES,
        results: FIXTURE_PRIVATE_PAGE,
      });
      return {
        config: testConfig({
          DATA_DIR: t.dataDir,
          SITE_DIR: siteDir,
          PUBLIC_URL,
          BOOKING_URL,
          RETENTION_DAYS: String(RETENTION_DAYS),
          RATE_LIMIT_PER_CLIENT: '1000',
          RATE_LIMIT_PER_RECIPIENT: '1000',
        }),
        deps: {
          db: t.db,
          mailTransport: {
            description: 'memory',
            send: async (message) => void sent.push(message),
            close: () => undefined,
          },
          renderPdf: async () => new Uint8Array([37, 80, 68, 70]),
        },
      };
    },
    { ready: true },
  );
  beforeEach(async () => {
    await t.reset();
    sent.length = 0;
  });

  /**
   * Stores a request as the API does, with a token of its own (a retake of `previous`, a request id,
   * when given); resolves with the token.
   */
  async function storeWithLink(
    email = 'manager@care-home.example',
    db: Queryable = t.db,
    previous?: string,
  ): Promise<string> {
    const token = newSecret();
    const result = await storeEmailRequest(
      db,
      {
        email,
        note: null,
        responses: COMPLETE_ANSWERS,
        report: buildReport(COMPLETE_ANSWERS),
        profile: PROFILE,
        resultsToken: token,
        previousRequestId: previous,
      },
      { visitor: email, team: undefined },
      { max: 1_000, windowMs: 60_000 },
    );
    if (!result.stored) throw new Error('the request was rate-limited');
    return token;
  }

  const ageRequests = (age: string) =>
    t.db.query(`UPDATE email_requests SET created_at = now() - $1::interval`, [age]);

  describe('the token', () => {
    it('is 32 random bytes made for each e-mail request, reaches the visitor, and is stored only as its hash', async () => {
      for (const email of ['one@example.org', 'two@example.org']) {
        expect((await postEmailRequest(server.app, validBody({ email, profile: PROFILE }))).statusCode).toBe(
          202,
        );
      }
      await until(() => sent.length === 2);
      const tokens = sent.map((mail) => LINK.exec(String(mail.text))?.[1] ?? '');
      expect(new Set(tokens).size).toBe(2);
      for (const token of tokens) {
        expect(token).toMatch(RESULTS_TOKEN_PATTERN);
        // 256 bits: at least the 128 a link needs to be unguessable.
        expect(Buffer.from(token, 'base64url')).toHaveLength(32);
        expect(Buffer.from(token, 'base64url').toString('base64url')).toBe(token);
      }

      // The two e-mails may be sent in either order, so both sides are in the order of their hashes.
      const { rows } = await t.db.query<{ hash: string; service_type: string; size_band: string }>(
        `SELECT encode(results_token_hash, 'hex') AS hash, service_type, size_band
           FROM email_requests ORDER BY hash`,
      );
      expect(rows).toEqual(
        tokens
          .map((token) => sha256Hex(token))
          .sort()
          .map((hash) => ({ hash, service_type: 'residential', size_band: '25_99' })),
      );
      // Once sent, the token is nowhere in the database: not in a request, not in a message.
      await until(async () => {
        const { rows: left } = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox_messages WHERE status <> 'sent'`,
        );
        return left[0]?.n === 0;
      });
      const dump = await t.db.query<{ row: string }>(
        `SELECT row_to_json(r)::text AS row FROM email_requests r
          UNION ALL SELECT row_to_json(m)::text FROM outbox_messages m`,
      );
      for (const token of tokens) for (const { row } of dump.rows) expect(row).not.toContain(token);
    });

    it('waits in the visitor message only, until it is sent', async () => {
      // Looked at before it is committed, so the running outbox cannot have sent it yet.
      await t.db.transaction(async (tx) => {
        const token = await storeWithLink('manager@care-home.example', tx);
        const { rows } = await tx.query<{ kind: string; payload: unknown }>(
          'SELECT kind, payload FROM outbox_messages',
        );
        expect(rows).toEqual([{ kind: 'visitor', payload: { resultsToken: token } }]);
      });
    });

    it('is not made for a request without one: the profile and link columns stay empty', async () => {
      await storeEmailRequest(
        t.db,
        {
          email: 'old@example.org',
          note: null,
          responses: COMPLETE_ANSWERS,
          report: buildReport(COMPLETE_ANSWERS),
        },
        { visitor: 'old@example.org', team: undefined },
        { max: 1_000, windowMs: 60_000 },
      );
      const { rows } = await t.db.query(
        'SELECT results_token_hash, service_type, size_band FROM email_requests',
      );
      expect(rows).toEqual([{ results_token_hash: null, service_type: null, size_band: null }]);
    });
  });

  describe('GET /api/results/<token>', () => {
    it('answers the stored answers, date and profile, kept out of caches, search engines and Referer', async () => {
      const token = await storeWithLink();
      const res = await server.app.inject({ url: `/api/results/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      const body = res.json<StoredResults>();
      expect(body).toEqual({
        createdAt: expect.any(String),
        responses: COMPLETE_ANSWERS,
        profile: PROFILE,
        // A result alone: its own, the only one of its chain.
        history: {
          entries: [{ takenOn: body.createdAt.slice(0, 10), scores: EXPECTED_AREA_SCORES, overall: 66 }],
          total: 1,
          laterResults: false,
        },
        plan: [],
        // Answered in the words the server had when none was named: version 1.
        contentVersion: 1,
        // No consent: the booking link as configured.
        bookingUrl: BOOKING_URL,
      });
      expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60_000);
    });

    it('answers an empty profile for a visitor who skipped the question', async () => {
      await postEmailRequest(server.app, validBody());
      await until(() => sent.length === 1);
      const token = LINK.exec(String(sent[0]?.text))?.[1];
      const res = await server.app.inject({ url: `/api/results/${token}` });
      expect(res.json()).toMatchObject({ profile: {} });
    });
  });

  describe('the booking link the page is given', () => {
    /** Asks for results as the form does; resolves with the e-mail sent and the link's API answer. */
    async function requestAndOpen(body: Record<string, unknown>) {
      expect((await postEmailRequest(server.app, validBody(body))).statusCode).toBe(202);
      await until(() => sent.length === 1);
      const token = LINK.exec(String(sent[0]?.text))?.[1];
      const res = await server.app.inject({ url: `/api/results/${token}` });
      expect(res.statusCode).toBe(200);
      return { mail: sent[0]!, body: res.json<StoredResults>(), raw: res.body };
    }

    it('carries the name and the address given with consent, the same link as the e-mail’s', async () => {
      const { mail, body, raw } = await requestAndOpen({
        email: 'jo+x@home.example',
        consent: true,
        contact: { name: "Zoë O'Neill & Co", phone: '01632 960123' },
      });
      const filled =
        "https://book.example/care?utm_source=audit&x=a%20b&name=Zo%C3%AB%20O'Neill%20%26%20Co&email=jo%2Bx%40home.example#team";
      expect(body.bookingUrl).toBe(filled);
      expect(bookingLinksInMail(mail)).toEqual({ html: filled, text: filled });
      // The link is all the page gets of the visitor: no name, address or contact field apart.
      expect(Object.keys(body).sort()).toEqual([
        'bookingUrl',
        'contentVersion',
        'createdAt',
        'history',
        'plan',
        'profile',
        'responses',
      ]);
      expect(raw).not.toContain('jo+x@home.example');
      expect(raw).not.toContain('01632');
      expect(raw.split('jo%2Bx%40home.example')).toHaveLength(2);
    });

    it('carries the address alone with consent and no name', async () => {
      const { body } = await requestAndOpen({ email: 'jo@home.example', consent: true });
      expect(body.bookingUrl).toBe(
        'https://book.example/care?utm_source=audit&x=a%20b&email=jo%40home.example#team',
      );
    });

    it('is the link as configured, with nothing of the visitor, without consent', async () => {
      const { body, raw } = await requestAndOpen({ email: 'jo@home.example' });
      expect(body.bookingUrl).toBe(BOOKING_URL);
      expect(raw).not.toContain('home.example');
    });
  });

  describe('a retake’s link', () => {
    const idOf = async (token: string) => {
      const { rows } = await t.db.query<{ id: string }>(
        `SELECT id FROM email_requests WHERE results_token_hash = decode($1, 'hex')`,
        [sha256Hex(token)],
      );
      return rows[0]?.id;
    };

    it('shows both results, and the earlier link says it was retaken since', async () => {
      const earlier = await storeWithLink('first@example.org');
      const later = await storeWithLink('first@example.org', t.db, await idOf(earlier));
      const laterBody = (await server.app.inject({ url: `/api/results/${later}` })).json<StoredResults>();
      expect(laterBody.history).toMatchObject({ total: 2, laterResults: false });
      expect(laterBody.history.entries).toHaveLength(2);
      const earlierBody = (await server.app.inject({ url: `/api/results/${earlier}` })).json<StoredResults>();
      expect(earlierBody.history).toMatchObject({ total: 1, laterResults: true });
    });

    it('after the earlier address is erased: its link is gone, and the later one shows itself alone', async () => {
      const earlier = await storeWithLink('erase.me@example.org');
      const later = await storeWithLink('keep.me@example.org', t.db, await idOf(earlier));
      await eraseAddress(t.db, 'erase.me@example.org', 'command line (test)');
      await expectGone(earlier);
      const res = await server.app.inject({ url: `/api/results/${later}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<StoredResults>().history).toEqual({
        entries: [{ takenOn: expect.any(String), scores: EXPECTED_AREA_SCORES, overall: 66 }],
        total: 1,
        laterResults: false,
      });
    });

    it('after the later address is erased: the earlier link no longer says it was retaken', async () => {
      const earlier = await storeWithLink('keep.me@example.org');
      const later = await storeWithLink('erase.me@example.org', t.db, await idOf(earlier));
      await eraseAddress(t.db, 'erase.me@example.org', 'command line (test)');
      await expectGone(later);
      const res = await server.app.inject({ url: `/api/results/${earlier}` });
      expect(res.json<StoredResults>().history).toMatchObject({ total: 1, laterResults: false });
    });
  });

  describe('GET /results/<token>', () => {
    it('answers the private page, with the site’s own CSP, kept out of caches, search engines and Referer', async () => {
      const token = await storeWithLink();
      const res = await server.app.inject({ url: `/results/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<title>${FIXTURE_PRIVATE_PAGE.title}</title>`);
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      const home = await server.app.inject({ url: '/' });
      expect(res.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    });

    it('is a 404 at its bare path', async () => {
      await storeWithLink();
      for (const url of ['/results', '/results/']) {
        const res = await server.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain(FIXTURE_PAGES.notFound.title);
      }
    });
  });

  /** Both addresses of a link answer 404, each its own way, with nothing to keep or pass on. */
  async function expectGone(token: string): Promise<void> {
    const api = await server.app.inject({ url: `/api/results/${encodeURIComponent(token)}` });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    const page = await server.app.inject({ url: `/results/${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(FIXTURE_PAGES.notFound.title);
    expect(page.body).not.toContain(FIXTURE_PRIVATE_PAGE.title);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toContain('noindex');
  }

  describe('a link that opens nothing: 404', () => {
    it.each([
      ['too short', 'abc'],
      ['one character short', 'A'.repeat(42)],
      ['one character long', 'A'.repeat(44)],
      ['a character outside base64url', `${'A'.repeat(42)}.`],
      ['padding', `${'A'.repeat(42)}=`],
      ['a space', `${'A'.repeat(21)} ${'A'.repeat(21)}`],
    ])('a malformed token (%s)', async (_name, token) => {
      await storeWithLink();
      await expectGone(token);
    });

    it('a well-formed token nobody was given, and one a character away from a real one', async () => {
      const token = await storeWithLink();
      await expectGone(newSecret());
      const last = token.at(-1) === 'A' ? 'B' : 'A';
      await expectGone(`${token.slice(0, -1)}${last}`);
    });

    it('the hash in place of the token', async () => {
      const token = await storeWithLink();
      const { rows } = await t.db.query<{ b64: string }>(
        `SELECT rtrim(translate(encode(results_token_hash, 'base64'), '+/', '-_'), '=') AS b64 FROM email_requests`,
      );
      expect(rows[0]?.b64).toMatch(RESULTS_TOKEN_PATTERN);
      expect(rows[0]?.b64).not.toBe(token);
      await expectGone(rows[0]?.b64 ?? '');
    });

    it('after the address is erased (leads erase), and only that address', async () => {
      const erased = await storeWithLink('erase.me@example.org');
      const kept = await storeWithLink('keep.me@example.org');
      expect((await server.app.inject({ url: `/results/${erased}` })).statusCode).toBe(200);
      await eraseAddress(t.db, 'Erase.Me@example.org', 'command line (test)');
      await expectGone(erased);
      expect((await server.app.inject({ url: `/api/results/${kept}` })).statusCode).toBe(200);
    });

    it(`past the retention period (${RETENTION_DAYS} days), before the purge has run and after`, async () => {
      const token = await storeWithLink();
      // A minute inside the period: still open.
      await ageRequests(`${RETENTION_DAYS} days -1 minute`);
      expect((await server.app.inject({ url: `/api/results/${token}` })).statusCode).toBe(200);
      expect((await server.app.inject({ url: `/results/${token}` })).statusCode).toBe(200);
      // A second past it: gone, though the row is still there until the daily purge.
      await ageRequests(`${RETENTION_DAYS} days 1 second`);
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_requests');
      expect(rows[0]?.n).toBe(1);
      await expectGone(token);
      expect(await purgeExpiredRequests(t.db, RETENTION_DAYS)).toMatchObject({ requests: 1 });
      await expectGone(token);
    });
  });
});
