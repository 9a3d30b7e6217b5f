import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildReport, isoDate, overallChangeText, sanitizeResponses } from '../../core';
import { pdfText } from '../../../test/support/pdf/pdf-text';
import { storeCompletedAudit } from '../benchmark/completed-audits';
import { answersScoring, emptyBenchmarkTables } from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS } from '../../../test/support/databases';
import {
  COMPLETE_ANSWERS,
  COMPLETE_RESPONSES,
  EXPECTED_SCORES,
  postJson,
} from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) => isoDate(new Date(Date.now() + days * DAY_MS));

/** `POST /api/report` through the app's inject, as JSON (a string payload is sent as it is). */
function postReport(app: FastifyInstance, payload: unknown, options: Partial<InjectOptions> = {}) {
  return postJson(app, '/api/report', payload, options);
}

const body = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-11-23',
  responses: COMPLETE_RESPONSES,
  ...overrides,
});

describe.each(DATABASE_KINDS)('POST /api/report on %s', (kind) => {
  const logLines: string[] = [];
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      RATE_LIMIT_REPORTS_PER_CLIENT: '1000',
      BENCHMARK_MIN_RESPONSES: '2',
      BOOKING_URL: 'https://care-audit.test/book',
      LOG_LEVEL: 'info',
    }),
    deps: { db: t.db, logStream: { write: (line) => logLines.push(line) } },
  }));
  beforeEach(async () => {
    await emptyBenchmarkTables(t.db);
    logLines.length = 0;
  });

  it('answers the report as a PDF attachment, dated the day sent, scored by the server', async () => {
    const res = await postReport(server.app, body({ profile: { serviceType: 'nursing', size: '25_99' } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="care-management-audit-report-2026-11-23.pdf"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Overall Score: ${EXPECTED_SCORES.overall}%`);
    expect(text).toContain('23 November 2026');
    // Nothing of it is stored, and no log line holds the answers or the profile.
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM completed_audits');
    expect(rows[0]?.n).toBe(0);
    expect(logLines.join('\n')).not.toMatch(/nursing|"responses"|"operational"/);
  });

  it('shows the change since an earlier audit, its overall worked out from the scores sent', async () => {
    const scores = { operational: 40, compliance: 40, quality: 40, training: 40, data: 40 };
    const res = await postReport(server.app, body({ earlier: { takenOn: '2026-10-01', scores } }));
    expect(res.statusCode).toBe(200);
    const expected = overallChangeText(
      buildReport(COMPLETE_ANSWERS, new Date('2026-11-23T12:00:00Z'), {
        earlier: { takenOn: '2026-10-01', scores, overall: 40 },
      }),
    );
    expect(expected).toMatch(/^\+26 points since your audit on/);
    expect(await pdfText(res.rawPayload)).toContain(expected);
  });

  it('compares with providers like the visitor once enough audits exist, as the e-mail does', async () => {
    const profile = { serviceType: 'nursing', size: '25_99' } as const;
    const store = () =>
      storeCompletedAudit(t.db, {
        idempotencyKey: crypto.randomUUID(),
        profile,
        responses: sanitizeResponses(answersScoring(60)),
      });
    await store();
    const tooFew = await pdfText((await postReport(server.app, body({ profile }))).rawPayload);
    expect(tooFew).not.toContain('who have taken this audit');
    await store();
    const shown = await pdfText((await postReport(server.app, body({ profile }))).rawPayload);
    expect(shown).toContain('Each area is compared with 2 nursing');
    expect(shown).toContain('who have taken this audit');
  });

  it('accepts a date from 2020-01-01 to tomorrow (UTC)', async () => {
    for (const date of ['2020-01-01', dayFromToday(0), dayFromToday(1), '2024-02-29']) {
      const res = await postReport(server.app, body({ date }));
      expect(res.statusCode, date).toBe(200);
      expect(res.headers['content-disposition']).toContain(`care-management-audit-report-${date}.pdf`);
    }
  });

  it.each([
    ['a rating of 6', body({ responses: { operational: { '0': 6 } } }), 'responses.operational.0'],
    ['a field it does not know', body({ overallScore: 100 }), 'overallScore'],
    [
      'a key unknown to the earlier result',
      body({ earlier: { takenOn: '2026-10-01', scores: { ...EXPECTED_SCORES } } }),
      'earlier.scores.overall',
    ],
    ['an unknown profile field', body({ profile: { name: 'Rose House' } }), 'profile.name'],
    ['no answers at all', body({ responses: {} }), 'responses'],
    ['a date before 2020', body({ date: '2019-12-31' }), 'date'],
    ['the day after tomorrow', body({ date: dayFromToday(2) }), 'date'],
    ['a day not in the calendar', body({ date: '2026-02-30' }), 'date'],
    ['a date with a time', body({ date: '2026-11-23T10:00:00Z' }), 'date'],
    ['no date', { responses: COMPLETE_RESPONSES }, 'date'],
    [
      'an earlier score over 100',
      body({
        earlier: { takenOn: '2026-10-01', scores: { ...EXPECTED_SCORES, overall: undefined, data: 101 } },
      }),
      'earlier.scores.data',
    ],
  ])('answers 400 invalid_request for %s, naming the field', async (_name, payload, field) => {
    const res = await postReport(server.app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { error } = res.json();
    expect(error.code).toBe('invalid_request');
    expect(Object.keys(error.fields)).toContain(field);
  });

  it('answers 400 for a body that is not JSON, without quoting it in the log', async () => {
    const res = await postReport(server.app, '{"responses": {"operational": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(logLines.join('\n')).not.toContain('operational');
  });

  it('answers 415 for a body that is not sent as JSON', async () => {
    const res = await postReport(server.app, JSON.stringify(body()), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });
});

describe.each(DATABASE_KINDS)('the report download rate limit on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      RATE_LIMIT_REPORTS_PER_CLIENT: '3',
      RATE_LIMIT_AUDITS_PER_CLIENT: '3',
    }),
    deps: { db: t.db },
  }));

  it('answers RATE_LIMIT_REPORTS_PER_CLIENT downloads, then 429 with a message, in a bucket of its own', async () => {
    const from = (remoteAddress: string) => postReport(server.app, body(), { remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('192.0.2.30')).statusCode).toBe(200);
    const limited = await from('192.0.2.30');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many/),
    });
    // Another client is not held back.
    expect((await from('192.0.2.31')).statusCode).toBe(200);
  });
});
