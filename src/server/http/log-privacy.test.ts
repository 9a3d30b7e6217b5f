import { beforeEach, describe, expect, it } from 'vitest';
import { maskAddresses, pathForLog, serializeError, textForLog } from './log-privacy';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { validBody } from '../../../test/support/requests';
import { useTestDatabase } from '../../../test/support/suite-database';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';

describe('pathForLog', () => {
  it('keeps the path and drops the whole query string and fragment, keys and values alike', () => {
    expect(pathForLog('/api/team/leads?q=someone%40example.test&page=2')).toBe('/api/team/leads');
    expect(pathForLog('/team?q=Mrs+Example')).toBe('/team');
    expect(pathForLog('/team/auth?token=AbC-_12')).toBe('/team/auth');
    expect(pathForLog('/team/auth?x=1&token=AbC&y=2#top')).toBe('/team/auth');
    expect(pathForLog('/privacy#retention')).toBe('/privacy');
    // An empty query, a query alone, and "?" inside a fragment.
    expect(pathForLog('/api/team/leads?')).toBe('/api/team/leads');
    expect(pathForLog('?q=x')).toBe('');
    expect(pathForLog('/a#b?c')).toBe('/a');
    expect(pathForLog('/')).toBe('/');
    expect(pathForLog('')).toBe('');
  });

  it("hides a results link's token in the path, for the page and its API", () => {
    const token = 'Ab-_'.repeat(10) + 'xyz';
    expect(pathForLog(`/results/${token}`)).toBe('/results/…');
    expect(pathForLog(`/results/${token}/?utm=1`)).toBe('/results/…/');
    expect(pathForLog(`/api/results/${token}`)).toBe('/api/results/…');
    expect(pathForLog('/audit-results')).toBe('/audit-results');
  });

  it("hides a continue link's token in the path, for the page and every saved-audit route", () => {
    const token = 'Ab-_'.repeat(10) + 'xyz';
    expect(pathForLog(`/audit-tool/continue/${token}`)).toBe('/audit-tool/continue/…');
    expect(pathForLog(`/api/saved-audits/${token}`)).toBe('/api/saved-audits/…');
    expect(pathForLog(`/api/saved-audits/${token}/completed`)).toBe('/api/saved-audits/…/completed');
    expect(pathForLog('/api/saved-audits')).toBe('/api/saved-audits');
    expect(pathForLog('/audit-tool')).toBe('/audit-tool');
  });

  it("hides a team audit's join token, for the page and its API", () => {
    const token = 'Ab-_'.repeat(10) + 'xyz';
    expect(pathForLog(`/audit-tool/join/${token}`)).toBe('/audit-tool/join/…');
    expect(pathForLog(`/api/team-audits/${token}/answers`)).toBe('/api/team-audits/…/answers');
    expect(pathForLog(`/api/results/${token}/team-audit`)).toBe('/api/results/…/team-audit');
  });

  it('hides a token by what the path decodes to, whatever its spelling', () => {
    const token = 'Ab-_'.repeat(10) + 'xyz';
    for (const spelling of [
      `/%72esults/${token}`,
      `/results//${token}`,
      `/results%2F${token}`,
      `/results%2f${token}`,
      `/results;x/${token}`,
      `/results/;x=1/${token}`,
      `/%2572esults/${token}`,
      `/results%5C${token}`,
      `/results\\${token}`,
    ]) {
      expect(pathForLog(spelling), spelling).toBe('/results/…');
    }
    expect(pathForLog(`/RESULTS/${token}`)).toBe('/RESULTS/…');
    expect(pathForLog(`/results;${token}`)).toBe('/results');
    expect(pathForLog(`/results%3F${token}`)).toBe('/results');
    expect(pathForLog(`/team/auth%3Ftoken=${token}`)).toBe('/team/auth');
    // An escape that is not UTF-8 stays as it was, and hides nothing.
    expect(pathForLog(`/%72%FFesults/${token}`)).toBe('/r%FFesults/' + token);
    expect(pathForLog(`/%72%E0%A4%A/x`)).toBe('/r%E0%A4%A/x');
  });

  it('masks an address in the path, plain or percent-encoded', () => {
    expect(pathForLog('/api/nothing/someone@example.test')).toBe('/api/nothing/<address>');
    expect(pathForLog('/someone%40example.test/x')).toBe('/<address>/x');
    expect(pathForLog('/Some.One%2Btag%40Mail.Example.org')).toBe('/<address>');
    expect(pathForLog('/o%27brien%40example.test')).toBe('/<address>');
  });
});

describe('maskAddresses and textForLog', () => {
  it('masks an address in every form a URL, a form or a person writes it', () => {
    for (const address of [
      'someone@example.test',
      'someone%40example.test',
      'SOMEONE%40EXAMPLE.TEST',
      'some.one%2Btag%40example.test',
      'o%27brien@example.test',
      'josé@exämple.test',
      encodeURIComponent('josé@exämple.test'),
    ]) {
      expect(maskAddresses(`before ${address} after`), address).toBe('before <address> after');
    }
  });

  it('leaves text with no address as it is', () => {
    expect(maskAddresses('50% off, 40 left; user @ host; a@b')).toBe('50% off, 40 left; user @ host; a@b');
    expect(maskAddresses('at /srv/node_modules/%40scope/pkg/index.js')).toBe(
      'at /srv/node_modules/%40scope/pkg/index.js',
    );
  });

  it('drops a query string after a path in free text, and masks addresses there too', () => {
    expect(textForLog('Reply was already sent in "/api/team/leads?q=Mrs%20Example" (GET)')).toBe(
      'Reply was already sent in "/api/team/leads" (GET)',
    );
    expect(textForLog('GET https://site.example/team?q=a@b.example failed for x@y.example')).toBe(
      'GET https://site.example/team failed for <address>',
    );
    expect(textForLog('Is it done? Yes.')).toBe('Is it done? Yes.');
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
