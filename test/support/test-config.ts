import { loadConfig, type Config } from '../../src/server/config';

/**
 * The configuration a test runs with: production parsing, a quiet logger, and the given overrides.
 * The proof of work is off (the honeypot stays), as for any API client that posts directly: the
 * bot guard's own tests and the end-to-end run turn it on with BOT_PROTECTION: 'on'.
 */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', BOT_PROTECTION: 'off', ...env });
}
