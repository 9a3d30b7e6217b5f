import { loadConfig, type Config } from '../config';

/** The configuration a test runs with: production parsing, a quiet logger, and the given overrides. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...env });
}
