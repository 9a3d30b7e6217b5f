import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHaproxy } from '../scripts/ensure-tools';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../src/server/app';
import { ENVIRONMENT_VARIABLES, loadConfig } from '../src/server/config';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const haproxyConfig = read('deploy/haproxy.cfg');
const compose = read('compose.yaml');

/**
 * A block's `KEY: value` lines in compose.yaml, read by indentation: the block starts at the line
 * `header` and holds the lines indented deeper than it. No YAML parser is among the dependencies;
 * compose.yaml keeps to plain lines, and a change that breaks this reading fails here.
 */
function composeBlock(header: RegExp): Map<string, string> {
  const lines = compose.split('\n');
  const start = lines.findIndex((line) => header.test(line));
  if (start < 0) throw new Error(`compose.yaml has no line like ${header}`);
  const indent = (line: string) => line.length - line.trimStart().length;
  const entries = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (indent(line) <= indent(lines[start])) break;
    const match = /^\s+([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (match && indent(line) === indent(lines[start]) + 2) entries.set(match[1], match[2]);
  }
  return entries;
}

/** What compose makes of `${NAME:?message}` and `${NAME:-default}`, with `set` for the .env file. */
function interpolate(value: string, set: Record<string, string>): string {
  return value
    .replace(/^(["'])(.*)\1$/, '$2')
    .replace(
      /\$\{([A-Z_]+)(?::([?-])([^}]*))?\}/g,
      (_all, name: string, how: string | undefined, rest = '') => {
        if (set[name] !== undefined) return set[name];
        if (how === '?') throw new Error(`compose would stop: ${name} is required (${rest})`);
        return how === '-' ? rest : '';
      },
    );
}

// What a team's .env would hold: only the variables compose.yaml insists on.
const DOT_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'a-long-random-password',
  SMTP_URL: 'smtps://relay-user:relay-password@smtp.example.com:465',
  MAIL_FROM: 'Care Audit <audit@example.com>',
  PUBLIC_URL: 'https://audit.example.com',
};

describe('deploy/haproxy.cfg', () => {
  it('is a valid configuration for HAProxy 2.6, whose only warnings are the instances not resolving here', () => {
    const haproxy = findHaproxy();
    if (!haproxy) throw new Error('HAProxy is missing: npm test installs it (scripts/ensure-tools.ts)');
    const check = spawnSync(haproxy, ['-c', '-f', path.join(ROOT, 'deploy/haproxy.cfg')], {
      encoding: 'utf8',
    });
    const output = `${check.stdout}${check.stderr}`;
    expect(check.status, output).toBe(0);
    expect(output).toContain('Configuration file is valid');
    const warnings = output.split('\n').filter((line) => line.includes('[WARNING]'));
    expect(
      warnings.filter((line) => !/could not resolve address 'app\d'/.test(line)),
      output,
    ).toEqual([]);
  });

  it('balances round robin over the instances compose.yaml starts, checking /api/health', () => {
    expect(haproxyConfig).toMatch(/^\s+balance roundrobin$/m);
    expect(haproxyConfig).toMatch(/^\s+http-check send meth GET uri \/api\/health$/m);
    const servers = [...haproxyConfig.matchAll(/^\s+server (\S+) (\S+):3000 check$/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(servers).toEqual([
      ['app1', 'app1'],
      ['app2', 'app2'],
    ]);
    const services = [...composeBlock(/^services:$/).keys()];
    expect(services.filter((name) => name.startsWith('app'))).toEqual(['app1', 'app2']);
  });

  it("appends the client's address and keeps the app's own timeouts (headers 10 s, request 30 s)", () => {
    expect(haproxyConfig).toMatch(/^\s+option forwardfor$/m);
    const timeout = (name: string) => {
      const match = new RegExp(`^\\s+timeout ${name} (\\d+)s$`, 'm').exec(haproxyConfig);
      return match ? Number(match[1]) * 1000 : undefined;
    };
    expect(timeout('http-request')).toBe(HEADERS_TIMEOUT_MS);
    expect(timeout('client')).toBe(REQUEST_TIMEOUT_MS);
    expect(timeout('server')).toBe(REQUEST_TIMEOUT_MS);
    // A request that timed out may have been taken: resending it could make a second e-mail request.
    expect(haproxyConfig).not.toMatch(/retry-on .*(response-timeout|all-retryable-errors)/);
  });
});

describe('compose.yaml', () => {
  const appEnvironment = composeBlock(/^ {2}environment:$/);

  it('sets only variables the server reads, and what it sets is a valid configuration', () => {
    expect([...appEnvironment.keys()].filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([]);
    const env = Object.fromEntries(
      [...appEnvironment].map(([name, value]) => [name, interpolate(value, DOT_ENV)]),
    );
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe('postgres://care_audit:a-long-random-password@postgres:5432/care_audit');
    expect(config.smtpUrl).toBe(DOT_ENV.SMTP_URL);
    expect(config.trustProxy).toBe(1);
    expect(config.publicUrl).toBe('https://audit.example.com');
    // Reachable by a scraper in the same network, on a port that is not published.
    expect(config.metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(compose).not.toMatch(/- ["']?[\d.:]*9464:/);
  });

  it('stops when a required secret or address is missing from .env, naming it', () => {
    for (const name of Object.keys(DOT_ENV)) {
      const { [name]: _left, ...without } = DOT_ENV;
      expect(() => [...appEnvironment.values()].map((value) => interpolate(value, without))).toThrow(name);
    }
  });

  it("gives the instances longer to stop than the drain and the server's 25 s shutdown together", () => {
    const grace = Number.parseInt(composeBlock(/^x-app: &app$/).get('stop_grace_period') ?? '', 10);
    const drainMs = loadConfig({
      SHUTDOWN_DRAIN_MS: interpolate(appEnvironment.get('SHUTDOWN_DRAIN_MS') ?? '', DOT_ENV),
    }).shutdownDrainMs;
    // Longer than HAProxy's checks take to see the instance fail (inter 2 s × fall 2).
    expect(drainMs).toBeGreaterThan(4_000);
    expect(grace * 1000).toBeGreaterThan(drainMs + 25_000);
    expect(composeBlock(/^ {2}postgres:$/).get('image')).toBe('postgres:17');
    expect(compose).toMatch(/^\s+- postgres-data:\/var\/lib\/postgresql\/data$/m);
  });
});
