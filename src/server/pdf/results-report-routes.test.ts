import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildReport, sanitizeResponses, type Responses } from '../../core';
import { storeEmailRequest, type NewEmailRequest } from '../leads/email-requests';
import { CONSENT_WORDING } from '../../shared/email-request';
import { bookingLinkInPdf } from '../../../test/support/booking-links';
import { newSecret } from '../http/secrets';
import { answersScoring, emptyBenchmarkTables } from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { pdfText } from '../../../test/support/pdf/pdf-text';
import { postJson } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const RETENTION_DAYS = 365;
/** A booking page with a query and a fragment of its own. */
const BOOKING_URL = 'https://book.example/care?utm_source=audit&x=a%20b#team';

/** `POST /api/results/<token>/report` through the app's inject, as JSON (a string payload as it is). */
function postResultsReport(
  app: FastifyInstance,
  token: string,
  payload: unknown = {},
  options: Partial<InjectOptions> = {},
) {
  return postJson(app, `/api/results/${token}/report`, payload, options);
}

/**
 * Stores a request with a results link, as the e-mail route does, made on `day` (noon UTC) with the
 * answers given; links it to `previous` (a request id) as a retake of it; `given` adds what the
 * visitor gave (consent, contact details). Resolves with its id and token.
 */
async function storeResult(
  db: Parameters<typeof storeEmailRequest>[0],
  day: string,
  responses: Responses,
  previous?: string,
  given: Pick<NewEmailRequest, 'consentWording' | 'contact'> = {},
): Promise<{ id: string; token: string }> {
  const token = newSecret();
  const email = 'manager@care-home.example';
  const result = await storeEmailRequest(
    db,
    {
      email,
      note: null,
      responses,
      report: buildReport(responses),
      profile: {},
      resultsToken: token,
      ...given,
    },
    { visitor: email, team: undefined },
    { max: 1_000, windowMs: 60_000 },
  );
  if (!result.stored) throw new Error('the request was rate-limited');
  await db.query(
    `UPDATE email_requests SET created_at = $2::timestamptz, previous_request_id = $3 WHERE id = $1`,
    [result.id, `${day}T12:00:00Z`, previous ?? null],
  );
  return { id: result.id, token };
}

/** Days before today (UTC), as YYYY-MM-DD: stored results must be within retention to open. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('POST /api/results/:token/report on %s', (kind) => {
  const logLines: string[] = [];
  const t = useTestDatabase(kind);
  const server = useTestApp(() => ({
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      RETENTION_DAYS: String(RETENTION_DAYS),
      RATE_LIMIT_REPORTS_PER_CLIENT: '1000',
      RATE_LIMIT_PER_RECIPIENT: '1000',
      LOG_LEVEL: 'info',
      BOOKING_URL,
    }),
    deps: { db: t.db, logStream: { write: (line) => logLines.push(line) } },
  }));
  beforeEach(async () => {
    await emptyBenchmarkTables(t.db);
    logLines.length = 0;
  });

  it('answers a result alone as a PDF dated the day it was taken, with no progress page', async () => {
    const day = daysAgo(40);
    const { token } = await storeResult(t.db, day, sanitizeResponses(answersScoring(60)));
    const res = await postResultsReport(server.app, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="care-management-audit-report-${day}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Overall Score: 60%');
    expect(text).not.toContain('Your progress');
    expect(text).not.toContain('since your audit on');
    // No log line holds the token.
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('prints the chain’s progress page and the change since the result before, for a linked result', async () => {
    const first = await storeResult(t.db, daysAgo(90), sanitizeResponses(answersScoring(40)));
    const second = await storeResult(t.db, daysAgo(30), sanitizeResponses(answersScoring(80)), first.id);
    const third = await storeResult(t.db, daysAgo(2), sanitizeResponses(answersScoring(60)), second.id);

    const text = await pdfText((await postResultsReport(server.app, third.token)).rawPayload);
    expect(text).toContain('Your progress');
    expect(text).toContain('Your 3 results, from');
    expect(text).toContain('Change since your first result');
    expect(text).toContain('Overall: 40% → 60%, +20 points');
    expect(text).toMatch(/\(this result\) 60% 60% 60% 60% 60% 60%/);
    // The cover and the areas compare with the result before this one (80%), not the first.
    expect(text).toContain('−20 points since your audit on');
    expect(text).not.toContain('You have taken the audit again since this one');

    // The middle result's own report: its chain so far, and a later result made from it.
    const middle = await pdfText((await postResultsReport(server.app, second.token)).rawPayload);
    expect(middle).toContain('Your 2 results, from');
    expect(middle).toContain('Overall: 40% → 80%, +40 points');
    expect(middle).toContain('You have taken the audit again since this one');
  });

  it.each([
    [
      'the name and the address, with consent',
      { consentWording: CONSENT_WORDING, contact: { name: 'Zoë O’Neill & Co', role: 'Manager' } },
      'https://book.example/care?utm_source=audit&x=a%20b&name=Zo%C3%AB%20O%E2%80%99Neill%20%26%20Co&email=manager%40care-home.example#team',
    ],
    [
      'the address alone, with consent and no name',
      { consentWording: CONSENT_WORDING },
      'https://book.example/care?utm_source=audit&x=a%20b&email=manager%40care-home.example#team',
    ],
    ['nothing of the visitor, without consent', {}, BOOKING_URL],
  ])('prints a booking link that carries %s', async (_case, given, expected) => {
    const { token } = await storeResult(
      t.db,
      daysAgo(3),
      sanitizeResponses(answersScoring(60)),
      undefined,
      given,
    );
    const pdf = new Uint8Array((await postResultsReport(server.app, token)).rawPayload);
    expect(await bookingLinkInPdf(pdf)).toEqual({
      text: expected,
      url: expected,
      contents: `Book your free consultation: ${expected}`,
    });
    if (expected === BOOKING_URL) expect(await pdfText(pdf)).not.toContain('care-home.example');
    // Neither the token nor the visitor's details reach a log line.
    expect(logLines.join('\n')).not.toMatch(/care-home|O’Neill/);
  });

  it.each([
    ['unknown', () => newSecret()],
    ['malformed', () => 'not-a-token'],
  ])('answers 404 for an %s token, the same as an erased one', async (_name, token) => {
    const res = await postResultsReport(server.app, token());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 once the result is past retention, or erased', async () => {
    const old = await storeResult(t.db, daysAgo(RETENTION_DAYS + 1), sanitizeResponses(answersScoring(60)));
    expect((await postResultsReport(server.app, old.token)).statusCode).toBe(404);
    const erased = await storeResult(t.db, daysAgo(1), sanitizeResponses(answersScoring(60)));
    expect((await postResultsReport(server.app, erased.token)).statusCode).toBe(200);
    await t.db.query('DELETE FROM email_requests WHERE id = $1', [erased.id]);
    expect((await postResultsReport(server.app, erased.token)).statusCode).toBe(404);
  });

  it.each([
    ['a field', { responses: { operational: { '0': 5 } } }],
    ['an array', []],
    ['a string', '"report"'],
    ['null', 'null'],
    ['a body that is not JSON', '{"date": '],
  ])(
    'answers 400 invalid_request for %s: the report is made from what is stored alone',
    async (_name, payload) => {
      const { token } = await storeResult(t.db, daysAgo(1), sanitizeResponses(answersScoring(60)));
      const res = await postResultsReport(server.app, token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    },
  );

  it('answers 415 for a body that is not sent as JSON', async () => {
    const { token } = await storeResult(t.db, daysAgo(1), sanitizeResponses(answersScoring(60)));
    const res = await postResultsReport(server.app, token, '{}', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  // It used to answer 200, reading the body as UTF-8 whatever it said it was.
  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"utf-16"'])(
    'answers 415 for a JSON body declaring charset=%s',
    async (charset) => {
      const { token } = await storeResult(t.db, daysAgo(1), sanitizeResponses(answersScoring(60)));
      const res = await postResultsReport(server.app, token, '{}', {
        headers: { 'content-type': `application/json; charset=${charset}` },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
    },
  );

  it.each(['utf-8', 'UTF-8', 'utf8', '"utf-8"'])(
    'answers a JSON body declaring charset=%s',
    async (charset) => {
      const { token } = await storeResult(t.db, daysAgo(1), sanitizeResponses(answersScoring(60)));
      const res = await postResultsReport(server.app, token, '{}', {
        headers: { 'content-type': `application/json; charset=${charset}` },
      });
      expect(res.statusCode).toBe(200);
    },
  );
});

describe.each(DATABASE_KINDS)('the results link report rate limit on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    config: testConfig({ ...apiOnlyEnv(t.dataDir), RATE_LIMIT_REPORTS_PER_CLIENT: '2' }),
    deps: { db: t.db },
  }));

  it('answers RATE_LIMIT_REPORTS_PER_CLIENT downloads per client, then 429, unknown tokens counted too', async () => {
    const from = (remoteAddress: string) => postResultsReport(server.app, newSecret(), {}, { remoteAddress });
    // Counted before the token is looked up, so asking for many tokens costs as much as one.
    for (let i = 0; i < 2; i++) expect((await from('192.0.2.40')).statusCode).toBe(404);
    const limited = await from('192.0.2.40');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many/),
    });
    expect((await from('192.0.2.41')).statusCode).toBe(404);
  });
});
