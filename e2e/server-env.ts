/**
 * What a server the end-to-end suite drives is started with, but for its team: the suite's own
 * (scripts/e2e.ts) and a spec's own (e2e/own-server.ts) alike. Only what the suite needs differs
 * from a production start; bot protection stays on (the default), so the e-mail form is tested as
 * visitors use it. No Playwright here: the runner script imports it too.
 */
export function suiteServerEnv(where: { dataDir: string; smtpUrl: string; publicUrl: string }) {
  return {
    DATA_DIR: where.dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: where.smtpUrl,
    // Sign-in links and the team API's same-origin check name exactly this address.
    PUBLIC_URL: where.publicUrl,
    // Each test sends from the same address: the limits are tested in the API's own suite.
    RATE_LIMIT_PER_CLIENT: '1000',
    RATE_LIMIT_PER_RECIPIENT: '1000',
    RATE_LIMIT_EVENTS_PER_CLIENT: '100000',
    // Every completed audit goes to the benchmark, and insight.spec.ts seeds more.
    RATE_LIMIT_AUDITS_PER_CLIENT: '100000',
  };
}
