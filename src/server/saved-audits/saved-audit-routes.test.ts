import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeResponses } from '../../core';
import { CONSENT_WORDING, EMAIL_REQUEST_MESSAGES } from '../../shared/email-request';
import { PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import { CONTINUE_TOKEN_PATTERN, type SavedAudit } from '../../shared/saved-audit';
import { SAVED_AUDIT_MESSAGES } from '../../shared/saved-audit-request';
import { STORABLE_DATE_MESSAGE } from '../../shared/storable-dates';
import { ukDay } from '../../shared/uk-day';
import { addDays } from '../../shared/uk-time';
import { eraseAddress } from '../leads/lead-records';
import { newSecret, secretHash } from '../http/secrets';
import { storeSavedAudit } from './saved-audits';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { solvedProof } from '../../../test/support/proof-of-work';
import { backdateSavedAudit, ukTimeDaysAgo } from '../../../test/support/saved-audit-fixtures';
import { COMPLETE_RESPONSES, postJson } from '../../../test/support/requests';
import { publishWords } from '../../../test/support/content-fixtures';
import { FIXTURE_PAGES, writeSiteFixture } from '../../../test/support/site-fixture';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { buildTestApp, useTestApp } from '../../../test/support/test-app';
import { testConfig } from '../../../test/support/test-config';
import { until } from '../../../test/support/until';

const PUBLIC_URL = 'https://audit.example.org';
const ADDRESS = 'Manager@Care-Home.example';
const LINK = /https:\/\/audit\.example\.org\/audit-tool\/continue\/([A-Za-z0-9_-]{43})/;
/** The continue page as the build lists it (part B's page; the server needs only its row). */
const CONTINUE_PAGE = {
  path: '/audit-tool/continue',
  file: 'audit-tool-continue.html',
  status: 200,
  private: true,
  title: 'Continue your audit – Care Audit',
} as const;

/** Two sections answered (10 statements) and stopped at the third. */
const PARTIAL = { operational: COMPLETE_RESPONSES.operational, compliance: COMPLETE_RESPONSES.compliance };
const firstBody = (overrides: Record<string, unknown> = {}) => ({
  email: ADDRESS,
  responses: PARTIAL,
  section: 2,
  website: '',
  ...overrides,
});

const PRIVATE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
};

const to = (mail: ParsedMail): string =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .join(',');

describe.each(DATABASE_KINDS)('saved audits (“Save and continue later”) on %s', (kind) => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  let siteDir: string;
  const env = (extra: Record<string, string> = {}) => ({
    DATA_DIR: t.dataDir,
    SITE_DIR: siteDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    MAIL_RETRY_BASE_MS: '100',
    RATE_LIMIT_PER_CLIENT: '1000',
    RATE_LIMIT_PER_RECIPIENT: '1000',
    RATE_LIMIT_AUDITS_PER_CLIENT: '1000',
    ...extra,
  });

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(kind), startSmtpServer()]);
    siteDir = await writeSiteFixture(path.join(t.dataDir, 'site'), {
      ...FIXTURE_PAGES,
      continue: CONTINUE_PAGE,
    });
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });
  const server = useTestApp(() => ({ config: testConfig(env()), deps: { db: t.db } }), { ready: true });
  beforeEach(async () => {
    await t.reset();
    smtp.messages.length = 0;
  });

  const firstSave = (body: unknown, options: Partial<InjectOptions> = {}, app = server.app) =>
    postJson(app, '/api/saved-audits', body, options);
  const laterSave = (
    token: string,
    body: unknown,
    origin: string | null = PUBLIC_URL,
    app: FastifyInstance = server.app,
  ) => postJson(app, `/api/saved-audits/${token}`, body, { headers: sameOriginHeaders(origin) });
  const complete = (token: string, origin: string | null = PUBLIC_URL, app = server.app) =>
    app.inject({
      method: 'POST',
      url: `/api/saved-audits/${token}/completed`,
      headers: origin === null ? {} : { origin },
    });
  const open = (token: string) => server.app.inject({ url: `/api/saved-audits/${token}` });

  // null: no Origin header at all (undefined would take the default).
  function sameOriginHeaders(origin: string | null): Record<string, string> {
    return { 'content-type': 'application/json', ...(origin === null ? {} : { origin }) };
  }

  /** A saved audit stored directly (its e-mail queued as the route queues it), and its token. */
  async function seeded(email = ADDRESS, section = 2): Promise<string> {
    const token = newSecret();
    const result = await storeSavedAudit(
      t.db,
      { email, responses: sanitizeResponses(PARTIAL), section, profile: {}, consentWording: null, token },
      { max: 1000, windowMs: 60_000 },
    );
    expect(result.stored).toBe(true);
    return token;
  }

  async function counts(): Promise<{ saved: number; messages: number }> {
    const { rows } = await t.db.query<{ saved: number; messages: number }>(
      `SELECT (SELECT count(*) FROM saved_audits)::int AS saved, (SELECT count(*) FROM outbox_messages)::int AS messages`,
    );
    return rows[0] ?? { saved: -1, messages: -1 };
  }

  async function mailTo(address: string): Promise<ParsedMail> {
    const sentTo = (m: ParsedMail) => to(m).toLowerCase() === address.toLowerCase();
    await until(() => smtp.messages.some(sentTo));
    const mail = smtp.messages.find(sentTo);
    if (!mail) throw new Error(`no e-mail to ${address}`);
    return mail;
  }

  function expectError(res: LightMyRequestResponse, status: number, code: string): void {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
  }

  describe('the round trip', () => {
    it('saves (202), e-mails the link, and the link reopens the section with every answer', async () => {
      const res = await firstSave(firstBody({ profile: { serviceType: 'nursing' } }));
      expect(res.statusCode).toBe(202);
      expect(res.headers['cache-control']).toBe('no-store');
      const accepted = res.json();
      expect(accepted).toEqual({
        savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        expiresOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        replacedAnotherSave: false,
      });
      // The last day it opens, all of it: the UK day 30 days on from the first save's.
      expect(accepted.expiresOn).toBe(addDays(ukDay(new Date(accepted.savedAt)), 30));

      const mail = await mailTo(ADDRESS);
      expect(mail.subject).toBe('Continue your AI care management audit');
      const token = LINK.exec(mail.text ?? '')?.[1] ?? '';
      expect(token).toMatch(CONTINUE_TOKEN_PATTERN);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/audit-tool/continue/${token}"`);
      expect(mail.text).toContain('section 3 of 5, Service Quality, with 10 of 25 statements answered');
      expect(mail.attachments).toHaveLength(0);
      const { rows: outbox } = await t.db.query<{ id: string }>('SELECT id FROM outbox_messages');
      expect(mail.messageId).toMatch(new RegExp(`^<${outbox[0]?.id}@`));

      const reopened = await open(token);
      expect(reopened.statusCode).toBe(200);
      expect(reopened.headers).toMatchObject(PRIVATE_HEADERS);
      expect(reopened.json<SavedAudit>()).toEqual({
        section: 2,
        responses: PARTIAL,
        profile: { serviceType: 'nursing' },
        savedAt: accepted.savedAt,
        expiresOn: accepted.expiresOn,
        // Saved without a version, as a page from before versions saves: version 1.
        contentVersion: 1,
      });
    });

    it('keeps the token only as its hash: once the e-mail is sent no row holds it', async () => {
      expect((await firstSave(firstBody())).statusCode).toBe(202);
      const mail = await mailTo(ADDRESS);
      const token = LINK.exec(mail.text ?? '')?.[1] ?? '';
      await until(async () => {
        const { rows } = await t.db.query<{ status: string }>('SELECT status FROM outbox_messages');
        return rows[0]?.status === 'sent';
      });
      const saved = await t.db.query<{ hash: string }>(
        `SELECT encode(token_hash, 'hex') AS hash FROM saved_audits`,
      );
      expect(saved.rows).toEqual([{ hash: secretHash(token, 'hex') }]);
      for (const table of ['saved_audits', 'outbox_messages', 'job_runs', 'team_activity']) {
        const { rows } = await t.db.query(`SELECT * FROM ${table}`);
        expect(JSON.stringify(rows)).not.toContain(token);
      }
    });

    it('stores the consent wording only when the box is ticked, and a saved retake’s earlier result', async () => {
      const earlier = {
        takenOn: '2026-01-15',
        scores: { operational: 40, compliance: 60, quality: 20, training: 0, data: 100 },
      };
      for (const [email, consent] of [
        ['yes@example.org', true],
        ['no@example.org', false],
        ['absent@example.org', undefined],
      ] as const) {
        expect((await firstSave(firstBody({ email, consent, earlier }))).statusCode).toBe(202);
      }
      const { rows } = await t.db.query(
        `SELECT email, consent_text, consent_at = created_at AS same_time, earlier, retake_of_request
           FROM saved_audits ORDER BY email`,
      );
      const stored = { earlier, retake_of_request: null };
      expect(rows).toEqual([
        { email: 'absent@example.org', consent_text: null, same_time: null, ...stored },
        { email: 'no@example.org', consent_text: null, same_time: null, ...stored },
        { email: 'yes@example.org', consent_text: CONSENT_WORDING, same_time: true, ...stored },
      ]);
    });

    it('reopens a saved retake with its earlier result and that result’s overall', async () => {
      const scores = { operational: 40, compliance: 60, quality: 20, training: 0, data: 100 };
      expect(
        (await firstSave(firstBody({ earlier: { takenOn: '2026-01-15', scores }, retakeOf: newSecret() })))
          .statusCode,
      ).toBe(202);
      const token = LINK.exec((await mailTo(ADDRESS)).text ?? '')?.[1] ?? '';
      expect((await open(token)).json().earlier).toEqual({ takenOn: '2026-01-15', scores, overall: 44 });
    });
  });

  describe('the version of the audit’s words it is answered with', () => {
    const tokenOf = async () => LINK.exec((await mailTo(ADDRESS)).text ?? '')?.[1] ?? '';

    it('is kept by the first save, reopened with it, and kept by a later save', async () => {
      expect(await publishWords(t.db)).toBe(2);
      expect((await firstSave(firstBody({ contentVersion: 2 }))).statusCode).toBe(202);
      const token = await tokenOf();
      const opened = (await open(token)).json<SavedAudit>();
      expect(opened.contentVersion).toBe(2);
      // A later save sends no version: the audit goes on in the words it began with.
      const later = await laterSave(token, { responses: PARTIAL, section: 3, savedAt: opened.savedAt });
      expect(later.statusCode).toBe(200);
      expect((await open(token)).json<SavedAudit>()).toMatchObject({ section: 3, contentVersion: 2 });
      const { rows } = await t.db.query('SELECT content_version FROM saved_audits');
      expect(rows).toEqual([{ content_version: 2 }]);
    });

    it('is version 1 when the save names version 1, or none', async () => {
      expect((await firstSave(firstBody({ contentVersion: 1 }))).statusCode).toBe(202);
      expect((await open(await tokenOf())).json<SavedAudit>().contentVersion).toBe(1);
    });

    it.each([
      // Not 2: the suite's one app keeps the version 2 an earlier test published (versions are never
      // taken back, so the cache keeps a version found for good).
      ['a version not published', 7],
      ['a version far past any', 3_000_000_000],
    ])('refuses %s with 400 on the field, and stores nothing', async (_name, version) => {
      const res = await firstSave(firstBody({ contentVersion: version }));
      expectError(res, 400, 'invalid_request');
      expect(res.json().error.fields).toEqual({
        contentVersion: `There is no version ${version} of the audit’s words`,
      });
      expect(await counts()).toEqual({ saved: 0, messages: 0 });
    });

    it.each([
      ['0', 0],
      ['1.5', 1.5],
      ['"2"', '2'],
    ])('refuses a version of %s as not a whole number from 1', async (_name, version) => {
      const res = await firstSave(firstBody({ contentVersion: version }));
      expectError(res, 400, 'invalid_request');
      expect(res.json().error.fields).toHaveProperty(
        'contentVersion',
        'The content version must be a whole number from 1',
      );
      expect(await counts()).toEqual({ saved: 0, messages: 0 });
    });
  });

  describe('a first save refuses bad input and stores nothing', () => {
    it.each([
      ['a missing address', { email: undefined }, 'email', EMAIL_REQUEST_MESSAGES.emailMissing],
      ['a malformed address', { email: 'manager@' }, 'email', EMAIL_REQUEST_MESSAGES.emailInvalid],
      ['an address holding U+0000', { email: 'man\u0000ager@example.org' }, 'email', undefined],
      ['no answers at all', { responses: {} }, 'responses', EMAIL_REQUEST_MESSAGES.noAnswers],
      ['only empty sections', { responses: { data: {} } }, 'responses', EMAIL_REQUEST_MESSAGES.noAnswers],
      [
        'a rating of 6',
        { responses: { data: { '0': 6 } } },
        'responses.data.0',
        EMAIL_REQUEST_MESSAGES.ratingInvalid,
      ],
      ['section 5', { section: 5 }, 'section', SAVED_AUDIT_MESSAGES.sectionInvalid],
      ['section -1', { section: -1 }, 'section', SAVED_AUDIT_MESSAGES.sectionInvalid],
      ['section 2.5', { section: 2.5 }, 'section', SAVED_AUDIT_MESSAGES.sectionInvalid],
      ['section "2"', { section: '2' }, 'section', SAVED_AUDIT_MESSAGES.sectionInvalid],
      ['no section', { section: undefined }, 'section', SAVED_AUDIT_MESSAGES.sectionInvalid],
      ['consent as text', { consent: 'yes' }, 'consent', EMAIL_REQUEST_MESSAGES.consentInvalid],
      ['an unknown service type', { profile: { serviceType: 'hotel' } }, 'profile.serviceType', undefined],
      ['a malformed retakeOf', { retakeOf: 'abc' }, 'retakeOf', "retakeOf must be a link's token"],
      [
        'an earlier result without scores',
        { earlier: { takenOn: '2026-01-15' } },
        'earlier.scores',
        undefined,
      ],
      [
        'an earlier score of 101',
        {
          earlier: {
            takenOn: '2026-01-15',
            scores: { operational: 101, compliance: 0, quality: 0, training: 0, data: 0 },
          },
        },
        'earlier.scores.operational',
        undefined,
      ],
    ])('%s → 400 naming the field', async (_, overrides, field, message) => {
      const res = await firstSave(firstBody(overrides));
      expectError(res, 400, 'invalid_request');
      expect(res.json().error.fields).toHaveProperty(field, message ?? expect.any(String));
      expect(await counts()).toEqual({ saved: 0, messages: 0 });
    });

    it('refuses control characters anywhere, with the plain-text message', async () => {
      const res = await firstSave(firstBody({ email: 'manager\u0007@example.org' }));
      expectError(res, 400, 'invalid_request');
      expect(Object.values(res.json().error.fields)).toContain(PLAIN_TEXT_MESSAGE);
      expect(await counts()).toEqual({ saved: 0, messages: 0 });
    });

    it.each([
      ['text/plain', JSON.stringify(firstBody())],
      [undefined, JSON.stringify(firstBody())],
    ])('a %s body → 415', async (contentType, payload) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/saved-audits',
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
      });
      expectError(res, 415, 'unsupported_media_type');
      expect(await counts()).toEqual({ saved: 0, messages: 0 });
    });

    it('a filled-in honeypot → 400 bot_check_failed', async () => {
      expectError(await firstSave(firstBody({ website: 'https://spam.example' })), 400, 'bot_check_failed');
      expect(await counts()).toEqual({ saved: 0, messages: 0 });
    });

    it('with the proof of work on: none, or one used twice → 400 bot_check_failed; a solved one → 202', async () => {
      const app = await buildTestApp(testConfig(env({ BOT_PROTECTION: 'on' })), { db: t.db });
      expectError(await firstSave(firstBody(), {}, app), 400, 'bot_check_failed');
      const proof = await solvedProof(app);
      expect((await firstSave(firstBody({ proof }), {}, app)).statusCode).toBe(202);
      expectError(await firstSave(firstBody({ proof }), {}, app), 400, 'bot_check_failed');
      expect((await counts()).saved).toBe(1);
    });
  });

  describe('limits', () => {
    it('answers 429 with Retry-After past the per-client limit; another client goes on', async () => {
      const app = await buildTestApp(testConfig(env({ RATE_LIMIT_PER_CLIENT: '2' })), { db: t.db });
      const client = { remoteAddress: '203.0.113.7' };
      for (const email of ['one@example.org', 'two@example.org']) {
        expect((await firstSave(firstBody({ email }), client, app)).statusCode).toBe(202);
      }
      const refused = await firstSave(firstBody({ email: 'three@example.org' }), client, app);
      expectError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(refused.json().error.message).toMatch(/try again in 15 minutes/);
      const elsewhere = await firstSave(
        firstBody({ email: 'three@example.org' }),
        { remoteAddress: '198.51.100.1' },
        app,
      );
      expect(elsewhere.statusCode).toBe(202);
      expect((await counts()).saved).toBe(3);
    });

    it('answers 429 past the per-address limit, counting a+1@… and a+2@… as one mailbox', async () => {
      const app = await buildTestApp(testConfig(env({ RATE_LIMIT_PER_RECIPIENT: '2' })), { db: t.db });
      for (const email of ['a+1@example.org', 'A+2@Example.org']) {
        expect((await firstSave(firstBody({ email }), {}, app)).statusCode).toBe(202);
      }
      const refused = await firstSave(firstBody({ email: 'a@example.org' }), {}, app);
      expectError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(24 * 3600 - 60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
      expect(refused.json().error.message).toMatch(/try again in 24 hours/);
      expect((await firstSave(firstBody({ email: 'b@example.org' }), {}, app)).statusCode).toBe(202);
      expect(await counts()).toEqual({ saved: 3, messages: 3 });
    });

    it('holds the per-address limit when saves arrive at the same moment', async () => {
      const app = await buildTestApp(testConfig(env({ RATE_LIMIT_PER_RECIPIENT: '2' })), { db: t.db });
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          firstSave(firstBody({ email: `race+${i}@example.org` }), {}, app),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([202, 202, 429, 429, 429]);
      expect((await counts()).saved).toBe(2);
    });

    it('answers 429 past the per-client limit of later saves and completions', async () => {
      const app = await buildTestApp(testConfig(env({ RATE_LIMIT_AUDITS_PER_CLIENT: '2' })), { db: t.db });
      const token = await seeded();
      const savedAt = (await open(token)).json().savedAt;
      const body = { responses: COMPLETE_RESPONSES, section: 4, savedAt };
      expect((await laterSave(token, body, PUBLIC_URL, app)).statusCode).toBe(200);
      expect((await laterSave(token, body, PUBLIC_URL, app)).statusCode).toBe(200);
      const refused = await laterSave(token, body, PUBLIC_URL, app);
      expectError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Completion is counted apart from saving, as every route is.
      expect((await complete(token, PUBLIC_URL, app)).statusCode).toBe(204);
      expect((await complete(token, PUBLIC_URL, app)).statusCode).toBe(204);
      expectError(await complete(token, PUBLIC_URL, app), 429, 'rate_limited');
    });
  });

  describe('opening a link', () => {
    it.each([
      ['a malformed token', 'not-a-token'],
      ['an unknown token', newSecret()],
    ])('%s → 404, private', async (_, token) => {
      const res = await open(token);
      expectError(res, 404, 'not_found');
      expect(res.headers).toMatchObject(PRIVATE_HEADERS);
    });

    it('opens all of its last day, and not the day after, purged or not', async () => {
      const young = await seeded('young@example.org');
      const old = await seeded('old@example.org');
      const idOf = async (email: string) =>
        (await t.db.query<{ id: string }>('SELECT id FROM saved_audits WHERE email = $1', [email])).rows[0]
          ?.id ?? '';
      // Saved at 00:00:30 UK time 30 days ago: today is its last day. At 23:59:30 31 days ago: yesterday was.
      await backdateSavedAudit(t.db, await idOf('young@example.org'), ukTimeDaysAgo(30, 0, 0, 30));
      await backdateSavedAudit(t.db, await idOf('old@example.org'), ukTimeDaysAgo(31, 23, 59, 30));
      expect((await open(young)).statusCode).toBe(200);
      expectError(await open(old), 404, 'not_found');
      const savedAt = new Date().toISOString();
      expectError(await laterSave(old, { responses: PARTIAL, section: 1, savedAt }), 404, 'not_found');
      expectError(await complete(old), 404, 'not_found');
      expect((await server.app.inject({ url: `/audit-tool/continue/${old}` })).statusCode).toBe(404);
    });
  });

  describe('a later save', () => {
    it('replaces the answers, section and profile, and says whether it replaced a save from elsewhere', async () => {
      const token = await seeded();
      const opened = (await open(token)).json<SavedAudit>();
      // Another device saves first, with the time it opened the link: it replaced nothing.
      const other = await laterSave(token, {
        responses: { ...PARTIAL, quality: COMPLETE_RESPONSES.quality },
        section: 3,
        savedAt: opened.savedAt,
      });
      expect(other.statusCode).toBe(200);
      expect(other.headers).toMatchObject(PRIVATE_HEADERS);
      expect(other.json()).toEqual({
        savedAt: expect.any(String),
        expiresOn: opened.expiresOn,
        replacedAnotherSave: false,
      });
      expect(other.json().savedAt >= opened.savedAt).toBe(true);
      // This device saves later with its older time: the later save wins, and says so.
      const mine = await laterSave(token, {
        responses: COMPLETE_RESPONSES,
        section: 4,
        profile: { size: '100_plus' },
        savedAt: opened.savedAt,
      });
      expect(mine.json().replacedAnotherSave).toBe(true);
      // And its next save, with the time it got back, replaces nothing.
      const next = await laterSave(token, {
        responses: COMPLETE_RESPONSES,
        section: 4,
        savedAt: mine.json().savedAt,
      });
      expect(next.json().replacedAnotherSave).toBe(false);
      expect((await open(token)).json()).toMatchObject({
        section: 4,
        responses: COMPLETE_RESPONSES,
        profile: {},
        savedAt: next.json().savedAt,
      });
    });

    it('sends no e-mail', async () => {
      const token = await seeded();
      await mailTo(ADDRESS);
      const savedAt = (await open(token)).json().savedAt;
      expect((await laterSave(token, { responses: PARTIAL, section: 1, savedAt })).statusCode).toBe(200);
      expect((await counts()).messages).toBe(1);
    });

    it.each([
      ['no Origin', null],
      ['another site’s Origin', 'https://evil.example'],
      ['the null Origin', 'null'],
      ['PUBLIC_URL over http', 'http://audit.example.org'],
    ])('with %s → 403 forbidden_origin, private, and nothing changed', async (_, origin) => {
      const token = await seeded();
      const before = (await open(token)).json();
      const res = await laterSave(
        token,
        { responses: COMPLETE_RESPONSES, section: 4, savedAt: before.savedAt },
        origin,
      );
      expectError(res, 403, 'forbidden_origin');
      expect(res.headers).toMatchObject(PRIVATE_HEADERS);
      expectError(await complete(token, origin), 403, 'forbidden_origin');
      expect((await open(token)).json()).toEqual(before);
    });

    it.each([
      ['section 5', { section: 5 }, 'section'],
      ['no savedAt', { savedAt: undefined }, 'savedAt'],
      ['a savedAt that is no time', { savedAt: 'yesterday' }, 'savedAt'],
      ['no answers', { responses: {} }, 'responses'],
      ['a control character in savedAt', { savedAt: '2026-11-26T10:00:00\u0000Z' }, 'savedAt'],
    ])('with %s → 400 naming the field', async (_, overrides, field) => {
      const token = await seeded();
      const before = (await open(token)).json();
      const res = await laterSave(token, {
        responses: PARTIAL,
        section: 1,
        savedAt: before.savedAt,
        ...overrides,
      });
      expectError(res, 400, 'invalid_request');
      expect(res.json().error.fields).toHaveProperty(field);
      expect((await open(token)).json()).toEqual(before);
    });

    // The database holds neither year 0 nor an offset past ±15:59 (nor "+010000", how JavaScript
    // writes 9999-12-31T23:59:59-23:59 in UTC): these were a 500. The range is 2000 to 9999 in UTC.
    it.each([
      ['year 0', '0000-01-01T00:00:00Z'],
      ['past the year 9999 once in UTC', '9999-12-31T23:59:59-23:59'],
      ['one ms before the first instant', '1999-12-31T23:59:59.999Z'],
      ['one ms after the last instant', '9999-12-31T23:59:00.000-00:01'],
    ])('with a savedAt %s → 400 naming savedAt, and nothing changed', async (_, savedAt) => {
      const token = await seeded();
      const before = (await open(token)).json();
      const res = await laterSave(token, { responses: PARTIAL, section: 1, savedAt });
      expectError(res, 400, 'invalid_request');
      expect(res.json().error.fields).toEqual({ savedAt: STORABLE_DATE_MESSAGE });
      expect((await open(token)).json()).toEqual(before);
    });

    it.each([
      ['the first instant', '2000-01-01T00:00:00.000Z'],
      ['the first instant with an offset', '2000-01-01T01:00:00+01:00'],
      ['the last instant', '9999-12-31T23:59:59.999Z'],
      ['the last instant with an offset', '9999-12-31T22:59:59.999-01:00'],
    ])('with a savedAt at %s → 200', async (_, savedAt) => {
      const token = await seeded();
      const res = await laterSave(token, { responses: PARTIAL, section: 1, savedAt });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('a text body → 415; an unknown or malformed token → 404', async () => {
      const token = await seeded();
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/saved-audits/${token}`,
        headers: { origin: PUBLIC_URL, 'content-type': 'text/plain' },
        payload: '{}',
      });
      expectError(res, 415, 'unsupported_media_type');
      const body = { responses: PARTIAL, section: 1, savedAt: new Date().toISOString() };
      expectError(await laterSave(newSecret(), body), 404, 'not_found');
      expectError(await laterSave('short', body), 404, 'not_found');
    });
  });

  describe('completion', () => {
    it('empties the row and its e-mails (204, twice), after which the link says completed (410)', async () => {
      const token = await seeded();
      await firstSave(firstBody({ email: 'other@example.org', consent: true }));
      const first = await complete(token);
      expect(first.statusCode).toBe(204);
      expect(first.headers).toMatchObject(PRIVATE_HEADERS);
      expect((await complete(token)).statusCode).toBe(204);

      const { rows } = await t.db.query(
        `SELECT email, email_normalized, recipient_key, section, responses, service_type, size_band, earlier,
                consent_text, consent_at, completed_at IS NOT NULL AS completed
           FROM saved_audits WHERE token_hash = decode($1, 'hex')`,
        [secretHash(token, 'hex')],
      );
      expect(rows).toEqual([
        {
          email: null,
          email_normalized: null,
          recipient_key: null,
          section: null,
          responses: null,
          service_type: null,
          size_band: null,
          earlier: null,
          consent_text: null,
          consent_at: null,
          completed: true,
        },
      ]);
      const messages = await t.db.query<{ recipient: string }>('SELECT recipient FROM outbox_messages');
      expect(messages.rows).toEqual([{ recipient: 'other@example.org' }]);

      const reopened = await open(token);
      expectError(reopened, 410, 'completed');
      expect(reopened.headers).toMatchObject(PRIVATE_HEADERS);
      const body = { responses: PARTIAL, section: 1, savedAt: new Date().toISOString() };
      expectError(await laterSave(token, body), 410, 'completed');
      // The page still opens, so it can say the audit was completed.
      expect((await server.app.inject({ url: `/audit-tool/continue/${token}` })).statusCode).toBe(200);
    });

    it('an unknown or malformed token → 404', async () => {
      expectError(await complete(newSecret()), 404, 'not_found');
      expectError(await complete('nope'), 404, 'not_found');
    });
  });

  describe('the continue page', () => {
    it('serves the private page for a live link (200) and the same page as 404 for any other token', async () => {
      const live = await seeded();
      for (const [token, status] of [
        [live, 200],
        [newSecret(), 404],
      ] as const) {
        const res = await server.app.inject({ url: `/audit-tool/continue/${token}` });
        expect(res.statusCode).toBe(status);
        expect(res.headers).toMatchObject(PRIVATE_HEADERS);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain(CONTINUE_PAGE.title);
      }
      // A link that cannot be one (not a token's shape) is the not-found page, as the browser app
      // renders it for that address (site/malformed-links.ts), still answered privately.
      const malformed = await server.app.inject({ url: '/audit-tool/continue/not-a-token' });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.headers).toMatchObject({
        'referrer-policy': 'no-referrer',
        'x-robots-tag': 'noindex, nofollow',
      });
      expect(malformed.body).not.toContain(CONTINUE_PAGE.title);
      // Never at its bare path.
      expect((await server.app.inject({ url: '/audit-tool/continue' })).body).not.toContain(
        CONTINUE_PAGE.title,
      );
    });
  });

  describe('the log', () => {
    it('keeps neither the token nor the address of any saved-audit request', async () => {
      const lines: string[] = [];
      const app = await buildTestApp(testConfig(env({ LOG_LEVEL: 'debug' })), {
        db: t.db,
        logStream: { write: (line) => lines.push(line) },
      });
      expect((await firstSave(firstBody({ email: 'private.person@example.org' }), {}, app)).statusCode).toBe(
        202,
      );
      const token = await seeded('private.person@example.org');
      const savedAt = (await app.inject({ url: `/api/saved-audits/${token}` })).json().savedAt;
      await laterSave(token, { responses: PARTIAL, section: 1, savedAt }, PUBLIC_URL, app);
      await laterSave(token, { responses: PARTIAL, section: 1, savedAt }, 'https://evil.example', app);
      await complete(token, PUBLIC_URL, app);
      await app.inject({ url: `/audit-tool/continue/${token}` });
      await app.inject({ url: `/api/saved-audits/${newSecret()}` });
      const log = lines.join('');
      expect(log).toContain('/api/saved-audits/…/completed');
      expect(log).toContain('/audit-tool/continue/…');
      expect(log).not.toContain(token);
      expect(log).not.toMatch(/private\.person/i);
    });
  });

  describe('erasing an address', () => {
    it('removes its saved audits and their e-mails: the link is then 404', async () => {
      const erased = await seeded('manager@care-home.example');
      const kept = await seeded('someone.else@example.org');
      const removed = await eraseAddress(t.db, 'MANAGER@care-home.example', 'sam@care-audit.example');
      expect(removed).toMatchObject({ requests: 0, messages: 1 });
      expectError(await open(erased), 404, 'not_found');
      expect((await server.app.inject({ url: `/audit-tool/continue/${erased}` })).statusCode).toBe(404);
      expect((await open(kept)).statusCode).toBe(200);
      const { rows } = await t.db.query<{ recipient: string }>('SELECT recipient FROM outbox_messages');
      expect(rows).toEqual([{ recipient: 'someone.else@example.org' }]);
      const left = JSON.stringify((await t.db.query('SELECT * FROM saved_audits')).rows);
      expect(left).not.toContain('manager@care-home.example');
    });
  });
});
