import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_WORDING, EMAIL_REQUEST_MESSAGES as M } from '../../shared/email-request';
import type { Config } from '../config';
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
});
