import { beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import {
  answersScoring,
  auditBody,
  benchmarkRowCounts,
  emptyBenchmarkTables,
  postAudit,
} from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS } from '../../../test/support/databases';
import {
  COMPLETE_RESPONSES,
  EXPECTED_SCORES,
  postEmailRequest,
  validBody,
} from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

const NOTHING_STORED = { audits: 0, keys: 0, counted: 0 };

describe.each(DATABASE_KINDS)('POST /api/audits on %s', (kind) => {
  const logLines: string[] = [];
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      RATE_LIMIT_AUDITS_PER_CLIENT: '1000',
      LOG_LEVEL: 'info',
    }),
    deps: { db: t.db, logStream: { write: (line) => logLines.push(line) } },
  }));
  beforeEach(async () => {
    await emptyBenchmarkTables(t.db);
    logLines.length = 0;
  });

  it('stores the date, the profile, the ratings and the server’s own scores, and answers 202 counted', async () => {
    const body = auditBody({
      responses: COMPLETE_RESPONSES,
      profile: { serviceType: 'nursing', size: '25_99' },
    });
    const res = await postAudit(server.app, { ...body, overallScore: 100, scores: { data: 100 } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'counted' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();

    const { rows } = await t.db.query<Record<string, unknown>>(
      `SELECT to_char(completed_on, 'YYYY-MM-DD') AS completed_on, service_type, size_band, ratings,
              operational_score, compliance_score, quality_score, training_score, data_score, overall_score
         FROM completed_audits`,
    );
    expect(rows).toEqual([
      {
        completed_on: new Date().toISOString().slice(0, 10),
        service_type: 'nursing',
        size_band: '25_99',
        ratings: COMPLETE_RESPONSES,
        operational_score: EXPECTED_SCORES.operational,
        compliance_score: EXPECTED_SCORES.compliance,
        quality_score: EXPECTED_SCORES.quality,
        training_score: EXPECTED_SCORES.training,
        data_score: EXPECTED_SCORES.data,
        overall_score: EXPECTED_SCORES.overall,
      },
    ]);
    const counts = await t.db.query<{ area: string; score: number; count: number }>(
      `SELECT area, score, count::int AS count FROM benchmark_score_counts
        WHERE service_type = 'nursing' AND size_band = '25_99' ORDER BY area`,
    );
    expect(counts.rows).toEqual([
      { area: 'compliance', score: 96, count: 1 },
      { area: 'data', score: 32, count: 1 },
      { area: 'operational', score: 80, count: 1 },
      { area: 'quality', score: 52, count: 1 },
      { area: 'training', score: 68, count: 1 },
    ]);
  });

  it('keeps nothing that could identify the visitor: no address, no time of day; only the audit’s own random key and what replaced it', async () => {
    const { rows } = await t.db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = 'completed_audits' ORDER BY ordinal_position`,
    );
    expect(rows).toEqual([
      { column_name: 'id', data_type: 'uuid' },
      { column_name: 'completed_on', data_type: 'date' },
      { column_name: 'service_type', data_type: 'text' },
      { column_name: 'size_band', data_type: 'text' },
      { column_name: 'ratings', data_type: 'jsonb' },
      ...['operational', 'compliance', 'quality', 'training', 'data', 'overall'].map((area) => ({
        column_name: `${area}_score`,
        data_type: 'smallint',
      })),
      // The key the browser made for this audit (a retake names it), and the retake that replaced it.
      { column_name: 'submission_key', data_type: 'uuid' },
      { column_name: 'replaced_by', data_type: 'uuid' },
    ]);
  });

  it('stores a skipped profile, or a half-answered one, as not given', async () => {
    await postAudit(server.app, auditBody());
    await postAudit(server.app, auditBody({ profile: {} }));
    await postAudit(server.app, auditBody({ profile: { size: 'under_25' } }));
    const { rows } = await t.db.query<{ service_type: string | null; size_band: string | null }>(
      'SELECT service_type, size_band FROM completed_audits ORDER BY size_band NULLS FIRST',
    );
    expect(rows).toEqual([
      { service_type: null, size_band: null },
      { service_type: null, size_band: null },
      { service_type: null, size_band: 'under_25' },
    ]);
    const counts = await t.db.query<{ count: number }>(
      `SELECT count::int AS count FROM benchmark_score_counts
        WHERE service_type IS NULL AND size_band IS NULL AND area = 'operational'`,
    );
    expect(counts.rows).toEqual([{ count: 2 }]);
  });

  it('counts an audit once when the same idempotency key comes again, one after the other or at once', async () => {
    const body = auditBody();
    for (let i = 0; i < 2; i++) {
      const res = await postAudit(server.app, body);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: 'counted' });
    }
    // In upper case it is the same UUID.
    const upper = await postAudit(server.app, {
      ...body,
      idempotencyKey: String(body.idempotencyKey).toUpperCase(),
    });
    expect(upper.statusCode).toBe(202);
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 1, keys: 1, counted: 5 });

    const raced = auditBody({ responses: answersScoring(100) });
    const answers = await Promise.all(Array.from({ length: 12 }, () => postAudit(server.app, raced)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(202));
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 2, keys: 2, counted: 10 });
  });

  /** The benchmark's counts as "type/size/area/score: count" lines, NULL shown as "–", in a stable order. */
  async function countLines(): Promise<string[]> {
    const { rows } = await t.db.query<{ line: string }>(
      `SELECT concat_ws('/', coalesce(service_type, '–'), coalesce(size_band, '–'), area, score) || ': ' || count AS line
         FROM benchmark_score_counts ORDER BY 1`,
    );
    return rows.map((row) => row.line);
  }

  async function storedProfiles() {
    const { rows } = await t.db.query<{ service_type: string | null; size_band: string | null }>(
      'SELECT service_type, size_band FROM completed_audits ORDER BY id',
    );
    return rows;
  }

  it('files the same audit under a profile given later with the same key, moving its counts, never adding an audit', async () => {
    const body = auditBody({ responses: answersScoring({ operational: 40, data: 100 }, 60) });
    await postAudit(server.app, body);
    expect(await storedProfiles()).toEqual([{ service_type: null, size_band: null }]);

    // The results page: the profile, under the same key.
    const given = await postAudit(server.app, {
      ...body,
      profile: { serviceType: 'nursing', size: '25_99' },
    });
    expect(given.statusCode).toBe(202);
    expect(given.json()).toEqual({ status: 'counted' });
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 1, keys: 1, counted: 5 });
    expect(await storedProfiles()).toEqual([{ service_type: 'nursing', size_band: '25_99' }]);
    expect(await countLines()).toEqual([
      'nursing/25_99/compliance/60: 1',
      'nursing/25_99/data/100: 1',
      'nursing/25_99/operational/40: 1',
      'nursing/25_99/quality/60: 1',
      'nursing/25_99/training/60: 1',
    ]);

    // Changed again (the size only), then the same again: one audit, in the last segment given.
    await postAudit(server.app, { ...body, profile: { serviceType: 'nursing', size: 'under_25' } });
    await postAudit(server.app, { ...body, profile: { serviceType: 'nursing', size: 'under_25' } });
    expect(await storedProfiles()).toEqual([{ service_type: 'nursing', size_band: 'under_25' }]);
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 1, keys: 1, counted: 5 });
    expect((await countLines()).every((line) => line.startsWith('nursing/under_25/'))).toBe(true);

    // A retry without a profile changes nothing; an empty profile takes it back to "not given".
    await postAudit(server.app, body);
    expect(await storedProfiles()).toEqual([{ service_type: 'nursing', size_band: 'under_25' }]);
    await postAudit(server.app, { ...body, profile: {} });
    expect(await storedProfiles()).toEqual([{ service_type: null, size_band: null }]);
    expect((await countLines()).every((line) => line.startsWith('–/–/'))).toBe(true);
  });

  it('moves only one audit’s share of a count that other audits share, and leaves theirs', async () => {
    const responses = answersScoring(60);
    const other = auditBody({ responses, profile: { serviceType: 'home_care' } });
    const mine = auditBody({ responses });
    await postAudit(server.app, other);
    await postAudit(server.app, auditBody({ responses }));
    await postAudit(server.app, mine);
    await postAudit(server.app, { ...mine, profile: { serviceType: 'home_care' } });
    expect(await countLines()).toEqual(
      ['compliance', 'data', 'operational', 'quality', 'training']
        .flatMap((area) => [`–/–/${area}/60: 1`, `home_care/–/${area}/60: 2`])
        .sort(),
    );
  });

  it('refiles many audits at once into each other’s segments without a lost count or a deadlock', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) =>
      auditBody({ profile: { serviceType: i % 2 ? 'nursing' : 'residential' } }),
    );
    for (const body of bodies) await postAudit(server.app, body);
    // Each swaps to the other's segment, all at once, while new audits with the same scores arrive
    // in both segments (the same count rows, taken by inserts and refiles together).
    const newcomers = Array.from({ length: 12 }, (_, i) =>
      auditBody({ profile: { serviceType: i % 2 ? 'nursing' : 'residential' } }),
    );
    const answers = await Promise.all(
      bodies.flatMap((body, i) => [
        postAudit(server.app, { ...body, profile: { serviceType: i % 2 ? 'residential' : 'nursing' } }),
        postAudit(server.app, newcomers[i]),
      ]),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(24).fill(202));
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 24, keys: 24, counted: 120 });
    expect((await storedProfiles()).filter((p) => p.service_type === 'nursing')).toHaveLength(12);
    expect(await countLines()).toEqual(
      ['nursing', 'residential'].flatMap((type) =>
        ['compliance', 'data', 'operational', 'quality', 'training'].map(
          (area) => `${type}/–/${area}/60: 12`,
        ),
      ),
    );
  });

  it('changes nothing for a profile under a key it does not know, or one that names no audit', async () => {
    await postAudit(server.app, auditBody());
    const before = await countLines();
    const unknown = auditBody({ profile: { serviceType: 'nursing' } });
    // A key never seen is a new audit, counted with its profile, as before.
    await postAudit(server.app, unknown);
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 2, keys: 2, counted: 10 });
    // A key remembered from before keys named their audits: the profile has nothing to file.
    const old = auditBody();
    await t.db.query(`INSERT INTO audit_submission_keys (idempotency_key, received_on) VALUES ($1, now())`, [
      String(old.idempotencyKey),
    ]);
    const res = await postAudit(server.app, { ...old, profile: { serviceType: 'other' } });
    expect(res.statusCode).toBe(202);
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 2, keys: 3, counted: 10 });
    expect((await countLines()).filter((line) => line.startsWith('other/'))).toEqual([]);
    expect(before.length).toBe(5);
  });

  it('loses no count when many audits with the same scores arrive at once', async () => {
    const bodies = Array.from({ length: 30 }, (_, i) =>
      auditBody({
        responses: answersScoring(i % 2 === 0 ? 60 : 80),
        profile: { serviceType: 'residential' },
      }),
    );
    const answers = await Promise.all(bodies.map((body) => postAudit(server.app, body)));
    expect(answers.every((res) => res.statusCode === 202)).toBe(true);
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 30, keys: 30, counted: 150 });
    const { rows } = await t.db.query<{ score: number; count: number }>(
      `SELECT score, count::int AS count FROM benchmark_score_counts WHERE area = 'data' ORDER BY score`,
    );
    expect(rows).toEqual([
      { score: 60, count: 15 },
      { score: 80, count: 15 },
    ]);
  });

  const incomplete = answersScoring(60) as Record<string, Record<string, number>>;
  delete incomplete.data?.['4'];
  it.each([
    ['no idempotency key', { responses: COMPLETE_RESPONSES }, 'idempotencyKey'],
    [
      'a key that is not a UUID',
      { idempotencyKey: 'retry-1', responses: COMPLETE_RESPONSES },
      'idempotencyKey',
    ],
    ['no answers', { idempotencyKey: '8c4a1d2e-3b5f-4a6c-9d7e-0f1a2b3c4d5e' }, 'responses'],
    ['a statement left unrated', auditBody({ responses: incomplete as never }), 'responses'],
    [
      'a rating of 6',
      auditBody({ responses: { ...answersScoring(60), data: { ...answersScoring(60).data, '0': 6 } } }),
      'responses.data.0',
    ],
    [
      'an unknown area',
      { ...auditBody(), responses: { ...answersScoring(60), finance: { '0': 3 } } },
      'responses.finance',
    ],
    [
      'an unknown service type',
      auditBody({ profile: { serviceType: 'hospital' as never } }),
      'profile.serviceType',
    ],
    ['an unknown size', auditBody({ profile: { size: '1000_plus' as never } }), 'profile.size'],
    ['a retaken key that is not a UUID', { ...auditBody(), retakes: 'earlier-audit' }, 'retakes'],
    ['a retaken key that is a number', { ...auditBody(), retakes: 42 }, 'retakes'],
    [
      'a retake of itself',
      {
        ...auditBody({ idempotencyKey: '8c4a1d2e-3b5f-4a6c-9d7e-0f1a2b3c4d5e' }),
        retakes: '8C4A1D2E-3B5F-4A6C-9D7E-0F1A2B3C4D5E',
      },
      'retakes',
    ],
    ['an array', [auditBody()], ''],
    ['null', null, ''],
  ])('refuses %s with 400 invalid_request and stores nothing', async (_what, payload, field) => {
    const res = await postAudit(server.app, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('invalid_request');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
    expect(await benchmarkRowCounts(t.db)).toEqual(NOTHING_STORED);
  });

  it('replaces the audit a retake names, and refuses a malformed name with 400, changing nothing', async () => {
    const first = auditBody({ responses: answersScoring(40), profile: { serviceType: 'nursing' } });
    await postAudit(server.app, first);
    const malformed = await postAudit(server.app, {
      ...auditBody({ responses: answersScoring(80) }),
      retakes: `${String(first.idempotencyKey)}x`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({
      retakes: 'retakes must be an audit’s key, a UUID',
    });
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 1, keys: 1, counted: 5 });

    const retake = await postAudit(server.app, {
      ...auditBody({ responses: answersScoring(80) }),
      retakes: first.idempotencyKey,
    });
    expect(retake.statusCode).toBe(202);
    expect(retake.json()).toEqual({ status: 'counted' });
    // Two audits kept, one counted: the retake's 80s, in no segment (it gave no profile yet).
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 2, keys: 2, counted: 5 });
    const { rows } = await t.db.query(
      'SELECT service_type, size_band, area, score::int AS score, count::int AS count FROM benchmark_score_counts ORDER BY area',
    );
    expect(rows).toEqual(
      ['compliance', 'data', 'operational', 'quality', 'training'].map((area) => ({
        service_type: null,
        size_band: null,
        area,
        score: 80,
        count: 1,
      })),
    );
  });

  it('counts a retake whose key names no audit (unknown, or from before keys were kept) as an audit of its own', async () => {
    await postAudit(server.app, auditBody());
    const res = await postAudit(server.app, {
      ...auditBody(),
      retakes: '0b6f5a3c-8e2d-4f1a-9c7b-5d4e3f2a1b0c',
    });
    expect(res.statusCode).toBe(202);
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 2, keys: 2, counted: 10 });
  });

  it('refuses a body that is not JSON with 400, and its text reaches no log line', async () => {
    for (const payload of ['{"idempotencyKey": "x", "responses": SECRET-ANSWERS', '']) {
      const res = await postAudit(server.app, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain('SECRET-ANSWERS');
    expect(await benchmarkRowCounts(t.db)).toEqual(NOTHING_STORED);
  });

  it('logs no answer of a stored audit', async () => {
    const marker = '8c4a1d2e-3b5f-4a6c-9d7e-0f1a2b3c4d5e';
    expect((await postAudit(server.app, auditBody({ idempotencyKey: marker }))).statusCode).toBe(202);
    const log = logLines.join('');
    expect(log).toContain('/api/audits');
    expect(log).not.toContain(marker);
    expect(log).not.toContain('operational');
  });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
  ])('refuses %s with 415 and stores nothing', async (_what, type) => {
    const res = await postAudit(server.app, JSON.stringify(auditBody()), {
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    expect(await benchmarkRowCounts(t.db)).toEqual(NOTHING_STORED);
  });

  it('refuses a body over the size limit with 413 and stores nothing', async () => {
    const res = await postAudit(server.app, { ...auditBody(), padding: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(await benchmarkRowCounts(t.db)).toEqual(NOTHING_STORED);
  });

  it('drops an unknown field instead of storing it', async () => {
    const res = await postAudit(server.app, { ...auditBody(), email: 'manager@care-home.example' });
    expect(res.statusCode).toBe(202);
    const { rows } = await t.db.query<{ row: string }>(
      'SELECT row_to_json(a)::text AS row FROM completed_audits a',
    );
    expect(rows[0]?.row).not.toContain('care-home');
  });
});

describe.each(DATABASE_KINDS)('the audits rate limit on %s', (kind) => {
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    config: testConfig({
      ...apiOnlyEnv(t.dataDir),
      RATE_LIMIT_AUDITS_PER_CLIENT: '3',
      RATE_LIMIT_PER_CLIENT: '3',
      RATE_LIMIT_PER_RECIPIENT: '1000',
    }),
    deps: { db: t.db },
  }));

  it('answers 429 past RATE_LIMIT_AUDITS_PER_CLIENT, storing nothing, in a bucket of its own', async () => {
    await emptyBenchmarkTables(t.db);
    const from = (remoteAddress: string) => postAudit(server.app, auditBody(), { remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('192.0.2.20')).statusCode).toBe(202);
    const limited = await from('192.0.2.20');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 3, keys: 3, counted: 15 });

    // Another client is not held back, and the same client may still send its results by e-mail.
    expect((await from('192.0.2.21')).statusCode).toBe(202);
    const email = await postEmailRequest(server.app, validBody({ responses: COMPLETE_RESPONSES }), {
      remoteAddress: '192.0.2.20',
    });
    expect(email.statusCode).toBe(202);
  });
});
