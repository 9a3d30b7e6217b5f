import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONSENT_WORDING,
  CONTACT_AND_SOURCE_MESSAGES,
  EMAIL_REQUEST_MESSAGES,
} from '../../shared/email-request';
import { PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
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
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const LEADS_TO = 'leads@care-audit.example';
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
  const server = useTestApp(() => ({ config: testConfig(env()), deps: { db: t.db } }));
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
      const res = await postEmailRequest(alertingServer.app, validBody());
      expect(res.statusCode).toBe(202);
      const { rows } = await t.db.query(
        `SELECT recipient FROM outbox_messages WHERE request_id = $1 AND kind = 'lead_alert'`,
        [res.json().id],
      );
      expect(rows).toEqual([{ recipient: 'sam@care-audit.example' }]);
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
});
