import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoDate } from '../../core';
import {
  CONSENT_WORDING,
  CONTACT_AND_SOURCE_MESSAGES,
  EMAIL_REQUEST_MESSAGES,
} from '../../shared/email-request';
import { PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import type { StoredResults } from '../../shared/results-link';
import { newSecret, secretHash } from '../http/secrets';
import type { Config } from '../config';
import { findEmailRequest } from './email-requests';
import { eraseAddress, purgeExpiredRequests } from './lead-records';
import {
  DATABASE_KINDS,
  openTestDatabase,
  rowCounts,
  type TestDatabase,
} from '../../../test/support/databases';
import { EXPECTED_SCORES, postEmailRequest, validBody } from '../../../test/support/requests';
import { useTestApp } from '../../../test/support/test-app';
import { answersScoring } from '../../../test/support/audit-fixtures';
import { until } from '../../../test/support/until';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { completeSavedAudit } from '../saved-audits/saved-audits';

const LEADS_TO = 'leads@care-audit.example';
const PUBLIC_URL = 'https://audit.example.org';
const RESULTS_LINK = /https:\/\/audit\.example\.org\/results\/([A-Za-z0-9_-]{43})/;
const M = { ...EMAIL_REQUEST_MESSAGES, ...CONTACT_AND_SOURCE_MESSAGES };

describe.each(DATABASE_KINDS)('POST /api/email-results on %s', (kind) => {
  let t: TestDatabase;
  const env = () => ({
    ...apiOnlyEnv(t.dataDir),
    LEADS_TO,
    RATE_LIMIT_PER_CLIENT: '1000',
    RATE_LIMIT_PER_RECIPIENT: '1000',
  });

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });
  // No outbox here: these tests read what was stored, and a second worker on the same database
  // could take the e-mail a block below waits for in its own app's transport (it polls each second).
  const server = useTestApp(() => ({ config: testConfig(env()), deps: { db: t.db, runOutbox: false } }));
  beforeEach(() => t.reset());

  it('stores the request with the server’s own scores and queues both messages, then answers 202', async () => {
    const res = await postEmailRequest(
      server.app,
      validBody({ email: '  Manager@Care-Home.example ', overallScore: 100, areaScores: { data: 100 } }),
    );
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued' });

    const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM email_requests WHERE id = $1', [
      body.id,
    ]);
    expect(rows[0]).toMatchObject({
      email: 'Manager@Care-Home.example',
      email_normalized: 'manager@care-home.example',
      note: 'Please call me on Tuesday.',
      operational_score: EXPECTED_SCORES.operational,
      compliance_score: EXPECTED_SCORES.compliance,
      quality_score: EXPECTED_SCORES.quality,
      training_score: EXPECTED_SCORES.training,
      data_score: EXPECTED_SCORES.data,
      overall_score: EXPECTED_SCORES.overall,
    });
    const messages = await t.db.query<{ kind: string; recipient: string }>(
      'SELECT kind, recipient FROM outbox_messages WHERE request_id = $1 ORDER BY kind',
      [body.id],
    );
    expect(messages.rows).toEqual([
      { kind: 'team', recipient: LEADS_TO },
      { kind: 'visitor', recipient: 'Manager@Care-Home.example' },
    ]);
  });

  it('stores no note when there is none, or only spaces', async () => {
    const res = await postEmailRequest(server.app, validBody({ message: '   ' }));
    const { rows } = await t.db.query<{ note: string | null }>(
      'SELECT note FROM email_requests WHERE id = $1',
      [res.json().id],
    );
    expect(rows[0]?.note).toBeNull();
  });

  it('stores the consent wording and its time when the box is ticked, and nothing when it is not', async () => {
    const ticked = await postEmailRequest(server.app, validBody({ email: 'yes@example.org', consent: true }));
    const unticked = await postEmailRequest(
      server.app,
      validBody({ email: 'no@example.org', consent: false }),
    );
    const absent = await postEmailRequest(server.app, validBody({ email: 'absent@example.org' }));
    const { rows } = await t.db.query<{
      email: string;
      consent_text: string | null;
      same_time: boolean | null;
    }>('SELECT email, consent_text, consent_at = created_at AS same_time FROM email_requests ORDER BY email');
    expect([ticked, unticked, absent].map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(rows).toEqual([
      { email: 'absent@example.org', consent_text: null, same_time: null },
      { email: 'no@example.org', consent_text: null, same_time: null },
      { email: 'yes@example.org', consent_text: CONSENT_WORDING, same_time: true },
    ]);
  });

  it('stores the note trimmed, and a note of 2,000 emoji inside spaces', async () => {
    const note = '😀'.repeat(2000);
    const res = await postEmailRequest(server.app, validBody({ message: `  ${note}\n ` }));
    expect(res.statusCode).toBe(202);
    const { rows } = await t.db.query<{ note: string }>('SELECT note FROM email_requests');
    expect(rows[0]?.note).toBe(note);
  });

  describe('refuses every bad input and stores nothing', () => {
    it.each([
      ['malformed JSON', '{"email": "a@b.co", "responses": {', 400, { code: 'invalid_request' }],
      ['an empty body', '', 400, { code: 'invalid_request' }],
      ['a JSON array', [], 400, { code: 'invalid_request', fields: { '': expect.any(String) } }],
      [
        'a missing address',
        validBody({ email: undefined }),
        400,
        { code: 'invalid_request', fields: { email: M.emailMissing } },
      ],
      [
        'an empty address',
        validBody({ email: '' }),
        400,
        { code: 'invalid_request', fields: { email: M.emailMissing } },
      ],
      [
        'a malformed address',
        validBody({ email: 'manager@' }),
        400,
        { code: 'invalid_request', fields: { email: M.emailInvalid } },
      ],
      [
        'an unknown section',
        validBody({ responses: { finance: { '0': 3 } } }),
        400,
        { code: 'invalid_request', fields: { 'responses.finance': M.unknownArea } },
      ],
      [
        'a question index outside 0–4',
        validBody({ responses: { data: { '5': 3 } } }),
        400,
        { code: 'invalid_request', fields: { 'responses.data.5': M.unknownQuestion } },
      ],
      [
        'a rating that is not an integer',
        validBody({ responses: { data: { '0': 3.5 } } }),
        400,
        { code: 'invalid_request', fields: { 'responses.data.0': M.ratingInvalid } },
      ],
      [
        'a rating outside 1–5',
        validBody({ responses: { data: { '0': 6 } } }),
        400,
        { code: 'invalid_request', fields: { 'responses.data.0': M.ratingInvalid } },
      ],
      [
        'no answers',
        validBody({ responses: {} }),
        400,
        { code: 'invalid_request', fields: { responses: M.noAnswers } },
      ],
      [
        'a note holding U+0000',
        validBody({ message: 'Call me\u0000' }),
        400,
        { code: 'invalid_request', fields: { message: M.messageInvalid } },
      ],
      [
        'a 65-character local part',
        validBody({ email: `${'a'.repeat(65)}@example.org` }),
        400,
        { code: 'invalid_request', fields: { email: M.emailInvalid } },
      ],
      [
        'a note of 2,001 emoji',
        validBody({ message: '😀'.repeat(2001) }),
        400,
        { code: 'invalid_request', fields: { message: M.messageTooLong } },
      ],
      [
        'a honeypot filled in (checked even with the proof of work off)',
        validBody({ website: 'https://spam.example' }),
        400,
        { code: 'bot_check_failed' },
      ],
      [
        'a message over 2,000 characters',
        validBody({ message: 'x'.repeat(2001) }),
        400,
        { code: 'invalid_request', fields: { message: M.messageTooLong } },
      ],
      [
        'a retakeOf that is no link’s token',
        validBody({ retakeOf: 'abc' }),
        400,
        { code: 'invalid_request', fields: { retakeOf: "retakeOf must be a link's token" } },
      ],
      [
        'a retakeOf one character long',
        validBody({ retakeOf: 'A'.repeat(44) }),
        400,
        { code: 'invalid_request', fields: { retakeOf: "retakeOf must be a link's token" } },
      ],
      [
        'a retakeOf that is a whole link, not its token',
        validBody({ retakeOf: `https://audit.example.org/results/${'A'.repeat(43)}` }),
        400,
        { code: 'invalid_request', fields: { retakeOf: "retakeOf must be a link's token" } },
      ],
      [
        'a retakeOf holding U+0000',
        validBody({ retakeOf: `${'A'.repeat(42)}\u0000` }),
        400,
        { code: 'invalid_request', fields: { retakeOf: PLAIN_TEXT_MESSAGE } },
      ],
      [
        'a continueToken that is not text',
        validBody({ continueToken: 12345 }),
        400,
        { code: 'invalid_request', fields: { continueToken: "continueToken must be a link's token" } },
      ],
      [
        'a continueToken with a character outside base64url',
        validBody({ continueToken: `${'A'.repeat(42)}=` }),
        400,
        { code: 'invalid_request', fields: { continueToken: "continueToken must be a link's token" } },
      ],
      [
        'a body over 16 KiB',
        validBody({ message: 'x'.repeat(17 * 1024) }),
        413,
        { code: 'payload_too_large' },
      ],
    ] as const)('%s → %i', async (_, payload, status, error) => {
      const res = await postEmailRequest(server.app, payload);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { message: expect.any(String), ...error } });
      expect(await rowCounts(t.db)).toEqual({ requests: 0, messages: 0 });
    });

    it.each([
      ['text/plain', JSON.stringify(validBody())],
      ['application/x-www-form-urlencoded', 'email=manager%40care-home.example'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
      ],
      [undefined, JSON.stringify(validBody())],
    ])('a %s body → 415', async (contentType, payload) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/email-results',
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
      expect(await rowCounts(t.db)).toEqual({ requests: 0, messages: 0 });
    });
  });

  describe('rate limits', () => {
    let config: Config;
    beforeAll(() => {
      config = testConfig({ ...env(), RATE_LIMIT_PER_CLIENT: '3', RATE_LIMIT_PER_RECIPIENT: '2' });
    });
    const limitedServer = useTestApp(() => ({ config, deps: { db: t.db } }));
    // A second instance on the same database, as behind a load balancer.
    const otherServer = useTestApp(() => ({ config, deps: { db: t.db } }));

    it('answers 429 with Retry-After past the per-client limit, and other clients go on', async () => {
      const client = { remoteAddress: '203.0.113.7' };
      for (let i = 0; i < 3; i++) {
        expect(
          (await postEmailRequest(limitedServer.app, validBody({ email: `person${i}@example.org` }), client))
            .statusCode,
        ).toBe(202);
      }
      const refused = await postEmailRequest(
        limitedServer.app,
        validBody({ email: 'person9@example.org' }),
        client,
      );
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringMatching(/try again in 15 minutes/) },
      });
      expect((await rowCounts(t.db)).requests).toBe(3);

      const elsewhere = await postEmailRequest(
        limitedServer.app,
        validBody({ email: 'person9@example.org' }),
        {
          remoteAddress: '198.51.100.1',
        },
      );
      expect(elsewhere.statusCode).toBe(202);
    });

    it('answers 429 with Retry-After past the per-recipient limit, whatever the case of the address and the instance', async () => {
      expect(
        (
          await postEmailRequest(limitedServer.app, validBody({ email: 'Busy@Example.org' }), {
            remoteAddress: '192.0.2.1',
          })
        ).statusCode,
      ).toBe(202);
      expect(
        (
          await postEmailRequest(otherServer.app, validBody({ email: 'busy@example.org' }), {
            remoteAddress: '192.0.2.2',
          })
        ).statusCode,
      ).toBe(202);
      const refused = await postEmailRequest(otherServer.app, validBody({ email: 'BUSY@EXAMPLE.ORG' }), {
        remoteAddress: '192.0.2.3',
      });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(24 * 3600 - 60);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringMatching(/try again in 24 hours/) },
      });
      expect((await rowCounts(t.db)).requests).toBe(2);
    });

    it.each([
      ['a +tag', '192.0.2.40', ['Victim@example.org', 'victim+1@example.org', 'VICTIM+news+2@Example.org']],
      [
        'Gmail’s dots and googlemail.com',
        '192.0.2.41',
        ['victim@gmail.com', 'v.ictim@gmail.com', 'V.I.C.T.I.M+x@googlemail.com'],
      ],
    ])('counts variants of one mailbox (%s) against one limit', async (_, client, [first, second, third]) => {
      // Each case from a client of its own, so the per-client limit (3) stays out of the way.
      for (const email of [first, second]) {
        expect(
          (await postEmailRequest(limitedServer.app, validBody({ email }), { remoteAddress: client }))
            .statusCode,
        ).toBe(202);
      }
      const refused = await postEmailRequest(otherServer.app, validBody({ email: third }), {
        remoteAddress: client,
      });
      expect(refused.statusCode).toBe(429);
      expect((await rowCounts(t.db)).requests).toBe(2);
    });

    it('keeps dots apart outside Gmail, and treats a leading + as part of the name', async () => {
      const addresses = [
        'victim@example.org',
        'v.ictim@example.org',
        '+victim@example.org',
        '+victim+1@example.org',
      ];
      for (const email of addresses) {
        expect(
          (
            await postEmailRequest(limitedServer.app, validBody({ email }), {
              remoteAddress: `192.0.2.5${addresses.indexOf(email)}`,
            })
          ).statusCode,
        ).toBe(202);
      }
      const { rows } = await t.db.query<{ recipient_key: string }>(
        'SELECT DISTINCT recipient_key FROM email_requests ORDER BY recipient_key',
      );
      expect(rows.map((r) => r.recipient_key)).toEqual([
        '+victim@example.org',
        'v.ictim@example.org',
        'victim@example.org',
      ]);
    });

    it('holds the per-recipient limit when requests arrive at the same moment', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          postEmailRequest(
            i % 2 ? limitedServer.app : otherServer.app,
            validBody({ email: 'race@example.org' }),
            {
              remoteAddress: `192.0.2.${10 + i}`,
            },
          ),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([202, 202, 429, 429, 429, 429]);
      expect((await rowCounts(t.db)).requests).toBe(2);
    });
  });

  describe('contact details with consent, and the source of the visit', () => {
    const CONTACT = {
      name: 'Ann Smith',
      organisation: 'Sunrise Care Homes Ltd',
      role: 'Registered Manager',
      phone: '+44 (0)1632 960-001',
    };
    const SOURCE = {
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'winter-2026',
      referrerHost: 'www.example.co.uk',
    };

    /** Posts a request and expects a 400 naming exactly `fields`, with nothing stored or queued. */
    async function expectRefused(body: Record<string, unknown>, fields: Record<string, string>) {
      const res = await postEmailRequest(server.app, validBody(body));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_request', message: expect.any(String), fields } });
      expect(await rowCounts(t.db)).toEqual({ requests: 0, messages: 0 });
    }

    /** Posts a request that must be stored, and reads it back as the outbox and webhook read it. */
    async function storedFrom(body: Record<string, unknown>) {
      const res = await postEmailRequest(server.app, validBody(body));
      expect(res.statusCode).toBe(202);
      return findEmailRequest(t.db, res.json().id);
    }

    it('stores the contact and the source as given (trimmed, the host lower-cased) and reads them back', async () => {
      const stored = await storedFrom({
        consent: true,
        contact: {
          name: `  ${CONTACT.name} `,
          organisation: CONTACT.organisation,
          role: CONTACT.role,
          phone: CONTACT.phone,
        },
        source: { ...SOURCE, referrerHost: ' WWW.Example.co.uk ' },
      });
      expect(stored).toMatchObject({ contact: CONTACT, source: SOURCE });
      const { rows } = await t.db.query('SELECT source_label FROM email_requests');
      expect(rows).toEqual([{ source_label: 'newsletter' }]);
    });

    it('leaves out empty parts: no contact at all is null, no source is {} and "direct"', async () => {
      const partial = await storedFrom({
        email: 'partial@example.org',
        consent: true,
        contact: { name: '', organisation: '   ', phone: '01632 960001' },
        source: { utmSource: '', referrerHost: 'Search.Example' },
      });
      expect(partial?.contact).toEqual({ phone: '01632 960001' });
      expect(partial?.source).toEqual({ referrerHost: 'search.example' });
      const none = await storedFrom({ email: 'none@example.org', consent: true, contact: {} });
      expect(none?.contact).toBeNull();
      expect(none?.source).toEqual({});
      const { rows } = await t.db.query('SELECT email, source_label FROM email_requests ORDER BY email');
      expect(rows).toEqual([
        { email: 'none@example.org', source_label: 'direct' },
        { email: 'partial@example.org', source_label: 'search.example' },
      ]);
    });

    it.each([
      ['without consent', {}],
      ['with consent false', { consent: false }],
    ])('refuses a contact %s, naming contact', async (_, consent) => {
      const res = await postEmailRequest(server.app, validBody({ ...consent, contact: { name: 'Ann' } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('contact');
      expect(await rowCounts(t.db)).toEqual({ requests: 0, messages: 0 });
    });

    it('refuses a contact with consent as text, naming the consent that is wrong', async () => {
      await expectRefused({ consent: 'true', contact: { name: 'Ann' } }, { consent: M.consentInvalid });
    });

    it('refuses even an empty contact without consent', async () => {
      await expectRefused({ consent: false, contact: {} }, { contact: M.contactNeedsConsent });
    });

    it.each([
      ['name', 100, M.nameTooLong],
      ['organisation', 150, M.organisationTooLong],
      ['role', 100, M.roleTooLong],
    ] as const)('stores a %s of %i characters and refuses one more', async (field, limit, message) => {
      const atLimit = 'é'.repeat(limit);
      expect((await storedFrom({ consent: true, contact: { [field]: atLimit } }))?.contact).toEqual({
        [field]: atLimit,
      });
      await t.reset();
      await expectRefused(
        { consent: true, contact: { [field]: 'é'.repeat(limit + 1) } },
        {
          [`contact.${field}`]: message,
        },
      );
    });

    it.each([
      ['7 digits', '1234567'],
      ['20 digits', '+44 (0) 1234-567 890 1234567'],
      ['40 characters', '1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0'.padEnd(40, '-')],
    ])('stores a phone number of %s', async (_, phone) => {
      expect((await storedFrom({ consent: true, contact: { phone } }))?.contact).toEqual({ phone });
    });

    it.each([
      ['6 digits', '123456'],
      ['21 digits', '+44 (0) 1234-567 890 12345678'],
      ['41 characters', '1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0'.padEnd(41, '-')],
      ['letters', '01632 96OOO1'],
      ['a word', 'call me'],
    ])('refuses a phone number of %s', async (_, phone) => {
      await expectRefused({ consent: true, contact: { phone } }, { 'contact.phone': M.phoneInvalid });
    });

    const CONTROL = [
      ['U+0000', '\u0000'],
      ['a bell (U+0007)', '\u0007'],
      ['an escape (U+001B)', '\u001b'],
      ['a line break', '\n'],
      ['DEL', '\u007f'],
      ['a lone surrogate', '\ud800'],
    ] as const;

    it.each(
      (['name', 'organisation', 'role', 'phone'] as const).flatMap((field) =>
        CONTROL.map(([what, character]) => [field, what, character] as const),
      ),
    )('refuses a contact %s holding %s', async (field, _, character) => {
      const value = field === 'phone' ? `01632${character}960001` : `Ann${character}Smith`;
      await expectRefused(
        { consent: true, contact: { [field]: value } },
        { [`contact.${field}`]: PLAIN_TEXT_MESSAGE },
      );
    });

    it.each(
      (['utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const).flatMap((field) =>
        CONTROL.map(([what, character]) => [field, what, character] as const),
      ),
    )('refuses a source %s holding %s', async (field, _, character) => {
      await expectRefused(
        { source: { [field]: `example${character}.com` } },
        { [`source.${field}`]: PLAIN_TEXT_MESSAGE },
      );
    });

    it.each([
      ['utmSource', M.utmSourceInvalid],
      ['utmMedium', M.utmMediumInvalid],
      ['utmCampaign', M.utmCampaignInvalid],
    ] as const)('stores a %s of 100 characters and refuses 101', async (field, message) => {
      const atLimit = 'x'.repeat(100);
      expect((await storedFrom({ source: { [field]: atLimit } }))?.source).toEqual({ [field]: atLimit });
      await t.reset();
      await expectRefused({ source: { [field]: 'x'.repeat(101) } }, { [`source.${field}`]: message });
    });

    it.each([
      ['a full URL', 'https://www.example.co.uk/search?q=care+audit'],
      ['a host and path', 'www.example.co.uk/page'],
      ['a host and port', 'www.example.co.uk:443'],
      ['254 characters', `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`],
      ['text that is no host', 'my friend told me'],
    ])('refuses a referrerHost that is %s', async (_, referrerHost) => {
      await expectRefused({ source: { referrerHost } }, { 'source.referrerHost': M.referrerHostInvalid });
    });

    it('stores a referrerHost of 253 characters', async () => {
      const referrerHost = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
      expect((await storedFrom({ source: { referrerHost } }))?.source).toEqual({ referrerHost });
    });

    it.each([
      [
        'contact',
        { consent: true, contact: { ...CONTACT, email: 'ann@example.org' } },
        'contact.email',
        M.unknownContactField,
      ],
      ['source', { source: { ...SOURCE, utmTerm: 'care' } }, 'source.utmTerm', M.unknownSourceField],
    ])('refuses a key it does not know inside %s', async (_, body, field, message) => {
      await expectRefused(body, { [field]: message });
    });

    it.each([
      ['contact', { consent: true, contact: 'Ann Smith' }, { contact: M.contactNotObject }],
      ['source', { source: 'newsletter' }, { source: M.sourceNotObject }],
      [
        'a contact part',
        { consent: true, contact: { phone: 1632960001 } },
        { 'contact.phone': M.phoneNotText },
      ],
      ['a source part', { source: { utmSource: ['a', 'b'] } }, { 'source.utmSource': M.utmSourceInvalid }],
    ])('refuses %s that is not what it should be', async (_, body, fields) => {
      await expectRefused(body, fields);
    });

    it('erases the contact and source with the address, leaving no trace of them', async () => {
      await storedFrom({ consent: true, contact: CONTACT, source: SOURCE });
      await storedFrom({ email: 'someone.else@example.org', consent: true, contact: { name: 'Bea Jones' } });
      const removed = await eraseAddress(t.db, 'MANAGER@care-home.example', 'sam@care-audit.example');
      expect(removed.requests).toBe(1);
      const { rows } = await t.db.query<{ email: string; contact_name: string | null }>(
        'SELECT email, contact_name FROM email_requests',
      );
      expect(rows).toEqual([{ email: 'someone.else@example.org', contact_name: 'Bea Jones' }]);
      // Nothing the visitor gave survives in the activity log either.
      const log = JSON.stringify((await t.db.query('SELECT * FROM team_activity')).rows);
      for (const value of [...Object.values(CONTACT), ...Object.values(SOURCE)])
        expect(log).not.toContain(value);
    });

    it('deletes the contact and source with the request after the retention period', async () => {
      const old = await storedFrom({ consent: true, contact: CONTACT, source: SOURCE });
      const recent = await storedFrom({
        email: 'recent@example.org',
        consent: true,
        contact: { name: 'Bea Jones' },
      });
      const oldId = old?.id ?? '';
      await t.db.query(`UPDATE email_requests SET created_at = now() - interval '366 days' WHERE id = $1`, [
        oldId,
      ]);
      expect((await purgeExpiredRequests(t.db, 365)).requests).toBe(1);
      expect(await findEmailRequest(t.db, oldId)).toBeUndefined();
      expect((await findEmailRequest(t.db, recent?.id ?? ''))?.contact).toEqual({ name: 'Bea Jones' });
      const { rows } = await t.db.query(
        'SELECT count(*)::int AS n FROM email_requests WHERE contact_name = $1 OR utm_campaign = $2',
        [CONTACT.name, SOURCE.utmCampaign],
      );
      expect(rows).toEqual([{ n: 0 }]);
    });
  });

  describe('lead alerts for the team', () => {
    const alertingServer = useTestApp(() => ({
      config: testConfig({
        ...env(),
        TEAM_EMAILS: 'sam@care-audit.example, kim@care-audit.example, lee@care-audit.example',
      }),
      deps: { db: t.db },
    }));

    it('queues a lead alert for each team member who wants one: by default, or by choice, but not for a digest or none', async () => {
      await t.db.query(
        `INSERT INTO team_alert_preferences (email, alert) VALUES ('kim@care-audit.example', 'daily_digest'),
                                                               ('lee@care-audit.example', 'none')`,
      );
      const res = await postEmailRequest(alertingServer.app, validBody({ consent: true }));
      expect(res.statusCode).toBe(202);
      const { rows } = await t.db.query(
        `SELECT recipient FROM outbox_messages WHERE request_id = $1 AND kind = 'lead_alert'`,
        [res.json().id],
      );
      expect(rows).toEqual([{ recipient: 'sam@care-audit.example' }]);
    });

    it('queues no alert for a request without consent unless the member chose to hear of those', async () => {
      const quiet = await postEmailRequest(alertingServer.app, validBody());
      const alerts = async (id: string) =>
        (
          await t.db.query(
            `SELECT recipient FROM outbox_messages WHERE request_id = $1 AND kind = 'lead_alert'`,
            [id],
          )
        ).rows;
      expect(await alerts(quiet.json().id)).toEqual([]);
      await t.db.query(
        `INSERT INTO team_alert_preferences (email, alert, requests_without_consent)
         VALUES ('sam@care-audit.example', 'each_lead', true)`,
      );
      const told = await postEmailRequest(alertingServer.app, validBody({ email: 'other@example.org' }));
      expect(await alerts(told.json().id)).toEqual([{ recipient: 'sam@care-audit.example' }]);
    });

    it('queues none when TEAM_EMAILS is not set', async () => {
      const res = await postEmailRequest(server.app, validBody());
      const { rows } = await t.db.query(
        `SELECT kind FROM outbox_messages WHERE request_id = $1 ORDER BY kind`,
        [res.json().id],
      );
      expect(rows).toEqual([{ kind: 'team' }, { kind: 'visitor' }]);
    });
  });

  describe('a retake, linked to the result it came from', () => {
    const sent: SendMailOptions[] = [];
    const linkingServer = useTestApp(
      () => ({
        config: testConfig({ ...env(), LEADS_TO: undefined, PUBLIC_URL }),
        deps: {
          db: t.db,
          mailTransport: {
            description: 'memory',
            send: async (message) => void sent.push(message),
            close: () => undefined,
          },
          renderPdf: async () => new Uint8Array([37, 80, 68, 70]),
        },
      }),
      { ready: true },
    );
    beforeEach(() => {
      sent.length = 0;
    });

    /** Posts a request and waits for its e-mail; resolves with its id and its results link's token. */
    async function emailResults(
      overrides: Record<string, unknown> = {},
    ): Promise<{ id: string; token: string }> {
      // An address of its own unless given, so its e-mail is told apart from the others'.
      const email = String(overrides.email ?? `visitor-${Math.random().toString(36).slice(2)}@example.org`);
      const res = await postEmailRequest(linkingServer.app, validBody({ ...overrides, email }));
      expect(res.statusCode).toBe(202);
      await until(() => sent.some((mail) => mail.to === email));
      const text = String(sent.find((mail) => mail.to === email)?.text);
      const token = RESULTS_LINK.exec(text)?.[1];
      if (!token) throw new Error('the e-mail has no results link');
      return { id: res.json<{ id: string }>().id, token };
    }

    async function previousOf(id: string): Promise<string | null | undefined> {
      const { rows } = await t.db.query<{ previous_request_id: string | null }>(
        'SELECT previous_request_id FROM email_requests WHERE id = $1',
        [id],
      );
      return rows[0]?.previous_request_id;
    }

    const results = async (token: string) =>
      (await linkingServer.app.inject({ url: `/api/results/${token}` })).json<StoredResults>();

    /** A saved audit that was a retake of `origin`, as the saved audits store one; resolves with its token. */
    async function savedRetakeOf(origin: string): Promise<string> {
      const token = newSecret();
      await t.db.query(
        `INSERT INTO saved_audits (token_hash, email, email_normalized, recipient_key, section, responses,
                                   retake_of_request)
         VALUES (decode($1, 'hex'), 'saver@example.org', 'saver@example.org', 'saver@example.org', 2, '{}', $2)`,
        [secretHash(token, 'hex'), origin],
      );
      return token;
    }

    it('links a retake to the link’s result: the new link shows both, the earlier one that it was retaken', async () => {
      const first = await emailResults({ responses: answersScoring(20) });
      const second = await emailResults({ responses: answersScoring(100), retakeOf: first.token });
      expect(await previousOf(second.id)).toBe(first.id);
      expect(await previousOf(first.id)).toBeNull();

      const today = isoDate(new Date());
      const all = (score: number) => ({
        operational: score,
        compliance: score,
        quality: score,
        training: score,
        data: score,
      });
      expect((await results(second.token)).history).toEqual({
        entries: [
          { takenOn: today, scores: all(20), overall: 20 },
          { takenOn: today, scores: all(100), overall: 100 },
        ],
        total: 2,
        laterResults: false,
      });
      expect((await results(first.token)).history).toEqual({
        entries: [{ takenOn: today, scores: all(20), overall: 20 }],
        total: 1,
        laterResults: true,
      });
      // A retake of the retake: the chain grows by one.
      const third = await emailResults({ retakeOf: second.token });
      expect(await previousOf(third.id)).toBe(second.id);
      expect((await results(third.token)).history.total).toBe(3);
    });

    it.each([
      ['unknown', async () => newSecret()],
      [
        'past the retention period, not yet purged',
        async () => {
          const { id, token } = await emailResults();
          await t.db.query(
            `UPDATE email_requests SET created_at = now() - interval '365 days 1 second' WHERE id = $1`,
            [id],
          );
          return token;
        },
      ],
      [
        'erased',
        async () => {
          const { token } = await emailResults({ email: 'erase.me@example.org' });
          await eraseAddress(t.db, 'erase.me@example.org', 'command line (test)');
          return token;
        },
      ],
    ])('stores a retake of a link that opens nothing (%s), unlinked, and answers 202', async (_, linkOf) => {
      const retakeOf = await linkOf();
      const retake = await emailResults({ retakeOf });
      expect(await previousOf(retake.id)).toBeNull();
      expect((await results(retake.token)).history).toMatchObject({ total: 1, laterResults: false });
    });

    it('links a saved retake continued from its continue link to the saved audit’s origin', async () => {
      const first = await emailResults();
      const continueToken = await savedRetakeOf(first.id);
      const retake = await emailResults({ continueToken });
      expect(await previousOf(retake.id)).toBe(first.id);
    });

    it('links it still once "Complete Audit" has emptied the saved audit, as the browser does before it e-mails', async () => {
      const first = await emailResults();
      const continueToken = await savedRetakeOf(first.id);
      expect(await completeSavedAudit(t.db, continueToken)).toBe(true);
      const retake = await emailResults({ continueToken });
      expect(await previousOf(retake.id)).toBe(first.id);
    });

    it('takes the results link first, and the continue link when the results link opens nothing', async () => {
      const [one, two] = [await emailResults(), await emailResults()];
      const continueToken = await savedRetakeOf(two.id);
      const both = await emailResults({ retakeOf: one.token, continueToken });
      expect(await previousOf(both.id)).toBe(one.id);
      const fallback = await emailResults({ retakeOf: newSecret(), continueToken });
      expect(await previousOf(fallback.id)).toBe(two.id);
    });

    it.each([
      ['an unknown continue link', async () => newSecret()],
      [
        'a saved audit past its days',
        async () => {
          const token = await savedRetakeOf((await emailResults()).id);
          // Its term ended a second ago (the end of its last UK day).
          await t.db.query(`UPDATE saved_audits SET ends_at = now() - interval '1 second'`);
          return token;
        },
      ],
      [
        'a saved retake whose origin is past the retention period',
        async () => {
          const origin = await emailResults();
          const token = await savedRetakeOf(origin.id);
          await t.db.query(
            `UPDATE email_requests SET created_at = now() - interval '365 days 1 second' WHERE id = $1`,
            [origin.id],
          );
          return token;
        },
      ],
      [
        'a saved audit that was no retake',
        async () => {
          const token = newSecret();
          await t.db.query(
            `INSERT INTO saved_audits (token_hash, email, email_normalized, recipient_key, section, responses)
             VALUES (decode($1, 'hex'), 'saver@example.org', 'saver@example.org', 'saver@example.org', 0, '{}')`,
            [secretHash(token, 'hex')],
          );
          return token;
        },
      ],
    ])('stores a request continued from %s unlinked, and answers 202', async (_, linkOf) => {
      const continueToken = await linkOf();
      const request = await emailResults({ continueToken });
      expect(await previousOf(request.id)).toBeNull();
    });
  });
});
