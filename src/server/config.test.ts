import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LINK_PLACEHOLDERS } from '../shared/site-links';
import { ConfigError, loadConfig } from './config';

function problemsFor(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Care Audit <audit@care-audit.example>',
      leadsTo: undefined,
      links: LINK_PLACEHOLDERS,
      mail: { retryBaseMs: 30_000, maxAttempts: 8, leaseMs: 120_000 },
      rateLimit: {
        perClient: 10,
        perClientWindowMs: 900_000,
        perRecipient: 5,
        perRecipientWindowMs: 86_400_000,
        eventsPerClientPerMinute: 120,
        auditsPerClient: 30,
        reportsPerClient: 30,
      },
      benchmarkMinResponses: 10,
      retentionDays: 365,
      jobsTickMs: 60_000,
      shutdownDrainMs: 0,
      logLevel: 'info',
      trustProxy: false,
      botProtection: true,
    });
    expect(config.siteDir).toBe(path.resolve(import.meta.dirname, '../../build/client'));
  });

  it('reads every variable it knows', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/care-audit',
        SITE_DIR: 'dist/site',
        DATABASE_URL: 'postgresql://app:secret@db.internal:5432/care_audit',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'audit@example.org',
        LEADS_TO: 'leads@example.org, sales@example.org',
        BOOKING_URL: 'https://example.org/book',
        SIGNUP_URL: 'https://example.org/join',
        CONTACT_URL: 'https://wa.me/441210000000',
        CONTACT_EMAIL: 'hello@example.org',
        MAIL_RETRY_BASE_MS: '250',
        MAIL_MAX_ATTEMPTS: '3',
        MAIL_LEASE_MS: '5000',
        RATE_LIMIT_PER_CLIENT: '100',
        RATE_LIMIT_PER_RECIPIENT: '2',
        RATE_LIMIT_EVENTS_PER_CLIENT: '600',
        RATE_LIMIT_AUDITS_PER_CLIENT: '45',
        RATE_LIMIT_REPORTS_PER_CLIENT: '12',
        BENCHMARK_MIN_RESPONSES: '3',
        RETENTION_DAYS: '30',
        JOBS_TICK_MS: '250',
        SHUTDOWN_DRAIN_MS: '2000',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
        BOT_PROTECTION: 'off',
        PUBLIC_URL: 'https://audit.example.org/',
        TEAM_EMAILS: 'Ana@Example.org, ben@example.org',
        TEAM_EDITORS: 'ana@example.org',
        WEBHOOK_URL: 'https://hooks.example.org/catch/1',
        WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        WEBHOOK_TIMEOUT_MS: '30000',
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.5',
      },
      '/srv/app',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/care-audit',
      siteDir: '/srv/app/dist/site',
      databaseUrl: 'postgresql://app:secret@db.internal:5432/care_audit',
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'audit@example.org',
      leadsTo: 'leads@example.org, sales@example.org',
      links: {
        signupUrl: 'https://example.org/join',
        contactUrl: 'https://wa.me/441210000000',
        bookingUrl: 'https://example.org/book',
        contactEmail: 'hello@example.org',
        retentionPeriod: '30 days after it is made',
      },
      mail: { retryBaseMs: 250, maxAttempts: 3, leaseMs: 5000 },
      rateLimit: {
        perClient: 100,
        perClientWindowMs: 900_000,
        perRecipient: 2,
        perRecipientWindowMs: 86_400_000,
        eventsPerClientPerMinute: 600,
        auditsPerClient: 45,
        reportsPerClient: 12,
      },
      benchmarkMinResponses: 3,
      retentionDays: 30,
      jobsTickMs: 250,
      shutdownDrainMs: 2000,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      botProtection: false,
      publicUrl: 'https://audit.example.org',
      teamEmails: ['ana@example.org', 'ben@example.org'],
      teamEditors: ['ana@example.org'],
      webhook: {
        url: 'https://hooks.example.org/catch/1',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        timeoutMs: 30_000,
      },
      metrics: { port: 9464, host: '10.0.0.5' },
    });
  });

  it('serves no metrics unless METRICS_PORT is set, and then on loopback unless METRICS_HOST says otherwise', () => {
    // toHaveProperty, not toMatchObject: an absent key would pass a check for undefined.
    expect(loadConfig({})).toHaveProperty('metrics', undefined);
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
  });

  it.each([
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT must differ from PORT (both are 3000)'],
    [{ PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT must differ from PORT (both are 8080)'],
    [{ METRICS_HOST: '0.0.0.0' }, 'METRICS_HOST is set but METRICS_PORT is not'],
  ])('refuses the metrics with %o', (env, message) => {
    expect(problemsFor(env)).toEqual([expect.stringContaining(message)]);
  });

  it('defaults PUBLIC_URL to localhost on PORT, and TEAM_EMAILS and TEAM_EDITORS to nobody', () => {
    expect(loadConfig({ PORT: '4321' })).toMatchObject({
      publicUrl: 'http://localhost:4321',
      teamEmails: [],
      teamEditors: [],
      webhook: undefined,
    });
  });

  it.each([
    [{ WEBHOOK_URL: 'https://hooks.example.org/x' }, /WEBHOOK_URL is set but WEBHOOK_SECRET is not/],
    [
      { WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
      /WEBHOOK_SECRET is set but WEBHOOK_URL is not/,
    ],
    [
      { WEBHOOK_URL: 'https://hooks.example.org/x', WEBHOOK_SECRET: 'not-a-secret' },
      /WEBHOOK_SECRET must be a Standard Webhooks secret/,
    ],
    [{ TEAM_EMAILS: 'ana@example.org, not an address' }, /TEAM_EMAILS/],
    [{ TEAM_EMAILS: 'ana@example.org', TEAM_EDITORS: 'ana@example.org, x' }, /TEAM_EDITORS/],
    [
      { TEAM_EMAILS: 'ana@example.org', TEAM_EDITORS: 'Ana@Example.org, ben@example.org' },
      /TEAM_EDITORS names ben@example.org, not in TEAM_EMAILS: every editor must be a team member/,
    ],
    [{ TEAM_EDITORS: 'ana@example.org' }, /TEAM_EDITORS names ana@example.org, not in TEAM_EMAILS/],
    [{ PUBLIC_URL: 'ftp://example.org' }, /PUBLIC_URL must be a https:\/\/ or http:\/\/ URL/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes WEBHOOK_SECRET in an error', () => {
    expect(() =>
      loadConfig({ WEBHOOK_URL: 'https://hooks.example.org/x', WEBHOOK_SECRET: 'whsec_short' }),
    ).toThrow(/^(?![\s\S]*whsec_short)/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', SMTP_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1,fd00::/8 , ::1', ['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '::1']],
    ['loopback, 10.1.2.0/24', ['loopback', '10.1.2.0/24']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['10.0.0.0/33', '"10.0.0.0/33" needs a prefix length of 0–32 after its "/"'],
    ['fd00::/129', '"fd00::/129" needs a prefix length of 0–128 after its "/"'],
    ['10.0.0.1, 300.1.1.1', '"300.1.1.1" is not an IP address or CIDR range'],
    ['10.0.0.1,', '"" is not an IP address or CIDR range'],
    ['proxy.internal', '"proxy.internal" is not an IP address or CIDR range'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8" is not an IP address or CIDR range'],
    ['10.0.0.0/ 8', '"10.0.0.0/ 8" needs a prefix length of 0–32 after its "/"'],
  ])('refuses TRUST_PROXY=%j, naming the bad entry', (value, problem) => {
    const problems = problemsFor({ TRUST_PROXY: value });
    expect(problems).toEqual([
      expect.stringMatching(
        /^TRUST_PROXY must be false, true, a number of proxy hops, or a comma-separated list/,
      ),
    ]);
    expect(problems[0]).toContain(problem);
  });

  it.each([
    [undefined, true],
    ['on', true],
    ['off', false],
  ])('reads BOT_PROTECTION=%s (on unless turned off)', (value, expected) => {
    expect(loadConfig({ BOT_PROTECTION: value }).botProtection).toBe(expected);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['METRICS_PORT', 'abc'],
    ['METRICS_PORT', '0'],
    ['METRICS_PORT', '65536'],
    ['DATABASE_URL', 'mysql://db/care'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'https://smtp.example.com'],
    ['MAIL_FROM', 'Care Audit <not-an-address>'],
    ['MAIL_FROM', 'Care Audit audit@example.com'],
    ['LEADS_TO', 'leads@example.org, nobody'],
    ['BOOKING_URL', 'javascript:alert(1)'],
    ['SIGNUP_URL', 'care-audit.example/sign-up'],
    ['CONTACT_URL', 'ftp://example.org'],
    ['CONTACT_EMAIL', 'hello'],
    ['MAIL_RETRY_BASE_MS', '-5'],
    ['MAIL_RETRY_BASE_MS', '1.5'],
    ['MAIL_MAX_ATTEMPTS', '0'],
    ['MAIL_LEASE_MS', '10'],
    ['RATE_LIMIT_PER_CLIENT', 'ten'],
    ['RATE_LIMIT_PER_RECIPIENT', '0'],
    ['RETENTION_DAYS', '0'],
    ['JOBS_TICK_MS', '9'],
    ['JOBS_TICK_MS', '3600001'],
    ['JOBS_TICK_MS', '1e3'],
    ['SHUTDOWN_DRAIN_MS', '-1'],
    ['SHUTDOWN_DRAIN_MS', '60001'],
    ['WEBHOOK_TIMEOUT_MS', '999'],
    ['WEBHOOK_TIMEOUT_MS', '120001'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes please'],
    ['BOT_PROTECTION', 'false'],
    ['BOT_PROTECTION', 'ON'],
  ])('rejects %s=%j and names it', (name, value) => {
    const problems = problemsFor({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} `));
  });

  it('names every bad variable in one error', () => {
    const problems = problemsFor({
      PORT: 'x',
      LOG_LEVEL: 'loud',
      RETENTION_DAYS: '-1',
      SMTP_URL: 'mail.example.com',
    });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual([
      'LOG_LEVEL',
      'PORT',
      'RETENTION_DAYS',
      'SMTP_URL',
    ]);
    const error = (() => {
      try {
        loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/PORT must be a whole number from 1 to 65535 \(got "x"\)/);
    expect(error?.message).toMatch(/LOG_LEVEL must be one of/);
  });

  it('never echoes a value that may hold a password', () => {
    const [problem] = problemsFor({ DATABASE_URL: 'mysql://app:hunter2@db/care' });
    expect(problem).toMatch(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(problem).not.toContain('hunter2');
    const [smtpProblem] = problemsFor({ SMTP_URL: 'http://u:hunter2@relay' });
    expect(smtpProblem).not.toContain('hunter2');
  });
});
