import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { normalizeEmail } from '../shared/email-address';
import { LINK_PLACEHOLDERS, retentionPeriodText } from '../shared/site-links';

/** The server's settings, read from the environment once at start-up; a bad value stops the start naming the variable. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path: the embedded database and the file mail outbox live here. */
  dataDir: string;
  /** Absolute path of the built site (`build/client`); when it is missing the server serves only the API. */
  siteDir: string;
  /** Set: use this PostgreSQL server. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Set: send through this relay. Unset: write `.eml` files under `dataDir/mail`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the team hears of each request; unset: the team gets no message. */
  leadsTo: string | undefined;
  links: SiteLinks;
  mail: { retryBaseMs: number; maxAttempts: number; leaseMs: number };
  /**
   * Per-client limits are counted by route and client address: with DATABASE_URL in PostgreSQL,
   * shared by every instance on it; with PGlite in this process's memory (decision 0043).
   */
  rateLimit: {
    perClient: number;
    perClientWindowMs: number;
    perRecipient: number;
    perRecipientWindowMs: number;
    /** Usage events (POST /api/events) per client address per minute. */
    eventsPerClientPerMinute: number;
    /** Completed audits (POST /api/audits) per client address per `perClientWindowMs`. */
    auditsPerClient: number;
    /** Report PDFs (POST /api/report) per client address per `perClientWindowMs`. */
    reportsPerClient: number;
  };
  /**
   * BENCHMARK_MIN_RESPONSES: how many providers (in a segment) before any comparison is shown; a
   * chain of retakes is one provider, counted by its latest audit (decision 0062).
   */
  benchmarkMinResponses: number;
  retentionDays: number;
  /** JOBS_TICK_MS: how often this instance checks whether a background job is due (src/server/jobs). */
  jobsTickMs: number;
  /**
   * SHUTDOWN_DRAIN_MS: on SIGTERM, how long /api/health answers 503 while requests are still served,
   * before the server stops listening: a load balancer's checks take it out first, so a rolling
   * restart fails no request. 0 (the default): no balancer to tell, stop at once.
   */
  shutdownDrainMs: number;
  logLevel: LogLevel;
  trustProxy: boolean | number | string[];
  /** BOT_PROTECTION: false turns the proof of work off (for API clients); the honeypot stays. */
  botProtection: boolean;
  /** PUBLIC_URL: the site's own origin (no trailing slash), for links in e-mails and the team API's Origin check. */
  publicUrl: string;
  /** TEAM_EMAILS, normalised (normalizeEmail): who may sign in to the team workspace. Empty: nobody can. */
  teamEmails: readonly string[];
  /**
   * TEAM_EDITORS, normalised: the team members who may change and publish the audit's words (each
   * is in TEAM_EMAILS). Every member reads them; empty: nobody edits.
   */
  teamEditors: readonly string[];
  /**
   * WEBHOOK_URL and WEBHOOK_SECRET, both or neither: where each new lead is posted, signed; and
   * WEBHOOK_TIMEOUT_MS, how long one attempt waits for the receiver's answer.
   */
  webhook: { url: string; secret: string; timeoutMs: number } | undefined;
  /** METRICS_PORT and METRICS_HOST: where `GET /metrics` is served, apart from the public port; undefined: off. */
  metrics: { port: number; host: string } | undefined;
}

/** The external links and the footer address, as configured (the site ships with placeholders). */
export type SiteLinks = { [K in keyof typeof LINK_PLACEHOLDERS]: string };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Thrown for a bad environment; its message names every bad variable, one a line. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// The repository root, so the default site directory does not depend on where the server is started.
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const RATE_WINDOW_CLIENT_MS = 15 * 60 * 1000;
const RATE_WINDOW_RECIPIENT_MS = 24 * 60 * 60 * 1000;

// Variables whose value may hold a password: an error names them but never echoes the value.
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'WEBHOOK_SECRET']);

const emailAddress = z.email({ error: 'must be an e-mail address, like team@example.com' });

function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be a whole number from ${min} to ${max}` })
        .max(max, { error: `must be a whole number from ${min} to ${max}` }),
    );
}

function integer(min: number, max: number, fallback: number) {
  return wholeNumber(min, max).default(fallback);
}

function urlWithProtocols(protocols: readonly string[], example: string) {
  const message = `must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL, like ${example}`;
  return z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: message },
  );
}

const webUrl = (fallback: string) =>
  urlWithProtocols(['https:', 'http:'], 'https://example.com/page').default(fallback);

// "Name <address>" or a bare address; the display name may not hold characters that would break a header.
const MAILBOX = /^\s*(?:([^<>\r\n"]*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/;
const mailbox = z.string().refine(
  (value) => {
    const match = MAILBOX.exec(value);
    const address = match?.[2] ?? match?.[3];
    return address !== undefined && emailAddress.safeParse(address).success;
  },
  { error: 'must be an address, like Care Audit <audit@example.com>' },
);

const addressList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()))
  .pipe(z.array(emailAddress).min(1))
  .transform((list) => list.join(', '));

// The names proxy-addr (Fastify's trustProxy) knows for whole ranges: 127.0.0.1/8 and ::1, the
// link-local and the private (unique local) ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Why one TRUST_PROXY list entry cannot name a proxy, or undefined when it can: an IPv4 or IPv6
 * address, a CIDR range of one (`10.0.0.0/8`, `fd00::/8`), or a range name. Checked here because
 * Fastify would otherwise stop the start with proxy-addr's bare "invalid IP address", or take an
 * entry such as `10.0.0.0/33` for something it is not.
 */
export function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.has(entry)) return undefined;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return undefined;
  const most = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > most) {
    return `"${entry}" needs a prefix length of 0–${most} after its "/"`;
  }
  return undefined;
}

const TRUST_PROXY_FORMS =
  'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.5, 10.1.0.0/16)';

// false, true, a number of proxy hops, or a comma-separated list of proxy addresses/CIDR ranges.
const trustProxy = z
  .string()
  .transform((value): boolean | number | string[] => {
    if (value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((part) => part.trim());
  })
  .check((context) => {
    if (!Array.isArray(context.value)) return;
    const problems = context.value.map((entry) => proxyEntryProblem(entry)).filter((p) => p !== undefined);
    if (problems.length > 0) {
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: `${TRUST_PROXY_FORMS}: ${problems.join('; ')}`,
      });
    }
  })
  .default(false);

const environmentSchema = z.object({
  PORT: integer(1, 65535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Unset: no metrics. The host defaults to loopback, not HOST: the figures (lead volume, failures)
  // are the operator's, and a scraper elsewhere is named on purpose (decision 0047).
  METRICS_PORT: wholeNumber(1, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SITE_DIR: z.string().min(1).optional(),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@host:5432/care_audit',
  ).optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com:465').optional(),
  MAIL_FROM: mailbox.default('Care Audit <audit@care-audit.example>'),
  LEADS_TO: addressList.optional(),
  BOOKING_URL: webUrl(LINK_PLACEHOLDERS.bookingUrl),
  SIGNUP_URL: webUrl(LINK_PLACEHOLDERS.signupUrl),
  CONTACT_URL: webUrl(LINK_PLACEHOLDERS.contactUrl),
  CONTACT_EMAIL: emailAddress.default(LINK_PLACEHOLDERS.contactEmail),
  MAIL_RETRY_BASE_MS: integer(1, 24 * 60 * 60 * 1000, 30_000),
  MAIL_MAX_ATTEMPTS: integer(1, 100, 8),
  MAIL_LEASE_MS: integer(1_000, 60 * 60 * 1000, 120_000),
  RATE_LIMIT_PER_CLIENT: integer(1, 1_000_000, 10),
  RATE_LIMIT_PER_RECIPIENT: integer(1, 1_000_000, 5),
  // An audit sends about ten events; 120 a minute lets an office behind one address take several at once.
  RATE_LIMIT_EVENTS_PER_CLIENT: integer(1, 1_000_000, 120),
  // Its own bucket, more generous than the e-mail form's: one office may complete several audits
  // (a retake, colleagues), and an audit sends no e-mail to anyone.
  RATE_LIMIT_AUDITS_PER_CLIENT: integer(1, 1_000_000, 30),
  // Its own bucket too: each download renders a PDF (CPU, not e-mail), and a visitor may download
  // the report several times (before and after a retake, for colleagues).
  RATE_LIMIT_REPORTS_PER_CLIENT: integer(1, 1_000_000, 30),
  BENCHMARK_MIN_RESPONSES: integer(1, 1_000_000, 10),
  RETENTION_DAYS: integer(1, 36_500, 365),
  // A check is one short transaction per job. At most an hour: the digest, due every minute, would
  // then leave up to an hour after 08:00. The multi-instance test checks every few hundred milliseconds.
  JOBS_TICK_MS: integer(10, 60 * 60 * 1000, 60_000),
  SHUTDOWN_DRAIN_MS: integer(0, 60_000, 0),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: trustProxy,
  BOT_PROTECTION: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  PUBLIC_URL: urlWithProtocols(['https:', 'http:'], 'https://audit.example.com').optional(),
  TEAM_EMAILS: addressList.optional(),
  // Who of the team may change and publish the audit's words (issue 34); each must be in TEAM_EMAILS.
  TEAM_EDITORS: addressList.optional(),
  WEBHOOK_URL: urlWithProtocols(['https:', 'http:'], 'https://hooks.zapier.com/hooks/catch/…').optional(),
  // Standard Webhooks' secret format: "whsec_" and the key in base64 (at least 24 bytes of it).
  WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, {
      error: 'must be a Standard Webhooks secret: whsec_ followed by at least 24 random bytes in base64',
    })
    .optional(),
  // A receiver slower than this is tried again later. It holds one of the webhook lane's slots
  // meanwhile, never an e-mail's (decision 0045).
  WEBHOOK_TIMEOUT_MS: integer(1_000, 120_000, 10_000),
});

/** Every variable the server reads, for checks that a deployment sets none it does not (compose.yaml). */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);

/**
 * Settings that work but are probably not what the operator meant; the server logs each at start-up.
 */
export function configWarnings(config: Pick<Config, 'trustProxy'>): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    // With `true` the client's address is the first entry of X-Forwarded-For, which the client
    // itself writes; a proxy that appends to the header does not change that first entry.
    warnings.push(
      'TRUST_PROXY=true takes the client address from the first X-Forwarded-For entry, which any client can write, ' +
        'so a visitor can pick their own address and escape the per-client rate limit. Set TRUST_PROXY to the number ' +
        'of proxies in front of the server (e.g. 1), or to their addresses.',
    );
  }
  return warnings;
}

/**
 * The configuration in `env`, validated. Empty values count as unset (as in most `.env` files).
 * Throws a ConfigError that names every bad variable at once.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): Config {
  const present: Record<string, string> = {};
  for (const key of Object.keys(environmentSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') present[key] = value.trim();
  }
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      if (problems.has(name)) continue;
      const shown = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(present[name])})`;
      problems.set(name, `${name} ${issue.message}${shown}`);
    }
    throw new ConfigError([...problems.values()]);
  }
  const e = parsed.data;
  // A webhook without its secret could not be signed, and a secret alone is a typo.
  if ((e.WEBHOOK_URL === undefined) !== (e.WEBHOOK_SECRET === undefined)) {
    throw new ConfigError([
      e.WEBHOOK_URL === undefined
        ? 'WEBHOOK_SECRET is set but WEBHOOK_URL is not: set both, or neither'
        : 'WEBHOOK_URL is set but WEBHOOK_SECRET is not: set both (the secret signs each delivery), or neither',
    ]);
  }
  if (e.METRICS_PORT === e.PORT) {
    throw new ConfigError([
      `METRICS_PORT must differ from PORT (both are ${e.PORT}): the metrics are never served on the public port`,
    ]);
  }
  if (e.METRICS_PORT === undefined && present.METRICS_HOST !== undefined) {
    throw new ConfigError([
      'METRICS_HOST is set but METRICS_PORT is not: set METRICS_PORT to serve the metrics, or unset METRICS_HOST',
    ]);
  }
  const teamEmails = e.TEAM_EMAILS ? e.TEAM_EMAILS.split(', ').map(normalizeEmail) : [];
  const teamEditors = e.TEAM_EDITORS ? e.TEAM_EDITORS.split(', ').map(normalizeEmail) : [];
  // An editor signs in like any member: one not in TEAM_EMAILS could never use the right.
  const strangers = teamEditors.filter((editor) => !teamEmails.includes(editor));
  if (strangers.length > 0) {
    throw new ConfigError([
      `TEAM_EDITORS names ${strangers.join(', ')}, not in TEAM_EMAILS: every editor must be a team member (add them to TEAM_EMAILS too)`,
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    siteDir: e.SITE_DIR ? path.resolve(cwd, e.SITE_DIR) : path.join(PROJECT_ROOT, 'build', 'client'),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    leadsTo: e.LEADS_TO,
    links: {
      signupUrl: e.SIGNUP_URL,
      contactUrl: e.CONTACT_URL,
      bookingUrl: e.BOOKING_URL,
      contactEmail: e.CONTACT_EMAIL,
      retentionPeriod: retentionPeriodText(e.RETENTION_DAYS),
    },
    mail: { retryBaseMs: e.MAIL_RETRY_BASE_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS, leaseMs: e.MAIL_LEASE_MS },
    rateLimit: {
      perClient: e.RATE_LIMIT_PER_CLIENT,
      perClientWindowMs: RATE_WINDOW_CLIENT_MS,
      perRecipient: e.RATE_LIMIT_PER_RECIPIENT,
      perRecipientWindowMs: RATE_WINDOW_RECIPIENT_MS,
      eventsPerClientPerMinute: e.RATE_LIMIT_EVENTS_PER_CLIENT,
      auditsPerClient: e.RATE_LIMIT_AUDITS_PER_CLIENT,
      reportsPerClient: e.RATE_LIMIT_REPORTS_PER_CLIENT,
    },
    benchmarkMinResponses: e.BENCHMARK_MIN_RESPONSES,
    retentionDays: e.RETENTION_DAYS,
    jobsTickMs: e.JOBS_TICK_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    botProtection: e.BOT_PROTECTION === 'on',
    // Only the origin: links are built from it, and a browser's Origin header is compared with it.
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    teamEmails,
    teamEditors,
    webhook:
      e.WEBHOOK_URL !== undefined && e.WEBHOOK_SECRET !== undefined
        ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET, timeoutMs: e.WEBHOOK_TIMEOUT_MS }
        : undefined,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}
