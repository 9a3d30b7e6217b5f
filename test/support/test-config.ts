import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config';

/**
 * The configuration a test runs with: production parsing, a quiet logger, and the given overrides.
 * The proof of work is off (the honeypot stays), as for any API client that posts directly: the
 * bot guard's own tests and the end-to-end run turn it on with BOT_PROTECTION: 'on'.
 */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', BOT_PROTECTION: 'off', ...env });
}

/**
 * DATA_DIR, and a SITE_DIR with no built site in it: the server then serves the API only, which is
 * what a test of the API or the outbox needs (and it does not depend on a build).
 */
export function apiOnlyEnv(dataDir: string): { DATA_DIR: string; SITE_DIR: string } {
  return { DATA_DIR: dataDir, SITE_DIR: path.join(dataDir, 'no-site') };
}
