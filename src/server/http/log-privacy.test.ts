import { beforeEach, describe, expect, it } from 'vitest';
import { maskAddresses, serializeError, urlForLog } from './log-privacy';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { validBody } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

describe('urlForLog', () => {
  it('hides a sign-in token in the query and keeps the rest', () => {
    expect(urlForLog('/team/auth?token=AbC-_12')).toBe('/team/auth?token=…');
    expect(urlForLog('/team/auth?x=1&token=AbC&y=2#top')).toBe('/team/auth?x=1&token=…&y=2#top');
    expect(urlForLog('/api/team/leads?page=2&q=tokens')).toBe('/api/team/leads?page=2&q=tokens');
  });

  it("hides a results link's token in the path, for the page and its API", () => {
    const token = 'Ab-_'.repeat(10) + 'xyz';
    expect(urlForLog(`/results/${token}`)).toBe('/results/…');
    expect(urlForLog(`/results/${token}/?utm=1`)).toBe('/results/…/?utm=1');
    expect(urlForLog(`/api/results/${token}`)).toBe('/api/results/…');
    expect(urlForLog('/audit-results')).toBe('/audit-results');
  });
});

describe('maskAddresses and serializeError', () => {
  it('masks every e-mail address, and nothing that only has an @ in it', () => {
    expect(maskAddresses('550 5.1.1 <Some.One+tag@Mail.Example.org>: no such user; cc a_b@x.co')).toBe(
      '550 5.1.1 <<address>>: no such user; cc <address>',
    );
    expect(maskAddresses('at /srv/node_modules/@electric-sql/pglite/dist/index.js:1:2')).toBe(
      'at /srv/node_modules/@electric-sql/pglite/dist/index.js:1:2',
    );
    expect(maskAddresses('')).toBe('');
  });

  it('keeps type, code, message, stack and causes, and drops every other field', () => {
    const driverError = Object.assign(new Error('new row violates check constraint "c"'), {
      code: '23514',
      detail: 'Failing row contains (victim@example.org, my note).',
      query: 'SELECT store($1, $2)',
      params: ['victim@example.org', 'my note'],
      where: 'PL/pgSQL function store',
    });
    const wrapped = new Error('store failed', { cause: driverError });
    const logged = serializeError(wrapped);
    expect(logged).toEqual({
      type: 'Error',
      message: 'store failed',
      stack: expect.stringContaining('store failed'),
      cause: {
        type: 'Error',
        message: 'new row violates check constraint "c"',
        code: '23514',
        stack: expect.any(String),
      },
    });
    expect(JSON.stringify(logged)).not.toMatch(/victim|my note|store\(\$1/);
    expect(serializeError('a string about victim@example.org')).toEqual({
      type: 'string',
      message: 'a string about <address>',
      stack: '',
    });
    const grouped = serializeError(new AggregateError([new Error('one'), 7], 'all failed'));
    expect(grouped.errors).toEqual([
      { type: 'Error', message: 'one', stack: expect.any(String) },
      { type: 'number', message: '7', stack: '' },
    ]);
  });
});

// The store step fails after the parameters reached the database: the error then carries them
// (PGlite: query and params; PostgreSQL: a detail quoting the row).
describe.each(DATABASE_KINDS)('the log of a failed store on %s', (kind) => {
  const ADDRESS = 'log.victim@example.org';
  const NOTE = 'Private note: call Mrs Example on 07700 900123';
  const lines: string[] = [];
  const t = useTestDatabase(kind, { emptyBeforeEach: false });
  const server = useTestApp(() => ({
    config: testConfig({
      LOG_LEVEL: 'info',
      ...apiOnlyEnv(t.dataDir),
      BOT_PROTECTION: 'off',
    }),
    deps: { db: t.db, logStream: { write: (line) => void lines.push(line) } },
  }));
  beforeEach(() => {
    lines.length = 0;
  });

  it('says what failed, and holds neither the address, nor the note, nor the answers', async () => {
    await t.db.query('ALTER TABLE email_requests ADD CONSTRAINT refuse_every_row CHECK (false) NOT VALID');
    try {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/email-results',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(validBody({ email: ADDRESS, message: NOTE })),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.query('ALTER TABLE email_requests DROP CONSTRAINT refuse_every_row');
    }
    const log = lines.join('');
    expect(log).toContain('"msg":"request failed"');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('refuse_every_row');
    expect(log.toLowerCase()).not.toContain('log.victim');
    // The whole number: a bare "07700" also turns up inside a responseTime such as 28.07700799.
    expect(log).not.toContain('07700 900123');
    expect(log).not.toContain('Mrs Example');
    // The answers travel as JSON keyed by area; no area's name may appear.
    expect(log).not.toMatch(/operational|compliance|quality|training/);
  });

  it('masks an address quoted in the reason for a rejected body', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/email-results',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${ADDRESS}", "message": "${NOTE}"`,
    });
    expect(res.statusCode).toBe(400);
    const log = lines.join('');
    expect(log).toContain('"msg":"request rejected"');
    expect(log.toLowerCase()).not.toContain('log.victim');
  });
});
