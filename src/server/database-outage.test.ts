import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { validBody } from '../../test/support/requests';
import { startSmtpServer, type SmtpTestServer } from '../../test/support/smtp';
import { useTestApp } from '../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../test/support/test-config';

describe('when PostgreSQL stops and starts again', () => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase('postgres', { ownServer: true }), startSmtpServer()]);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });
  // The app opens its own pool from DATABASE_URL, as in production.
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        DATABASE_URL: t.url,
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_MS: '100',
      }),
    }),
    { ready: true },
  );

  const health = () => server.app.inject({ url: '/api/health' });
  const post = () =>
    server.app.inject({
      method: 'POST',
      url: '/api/email-results',
      headers: { 'content-type': 'application/json' },
      payload: validBody({ email: 'outage@example.org' }),
    });

  it('answers 503 while it is down, without crashing, and recovers when it is back', async () => {
    expect((await health()).statusCode).toBe(200);
    await t.server!.stop();

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    const refused = await post();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    // Let the outbox worker meet the outage too.
    await new Promise((r) => setTimeout(r, 1_500));

    await t.server!.start();
    expect((await health()).statusCode).toBe(200);
    const accepted = await post();
    expect(accepted.statusCode).toBe(202);
    const [message] = await smtp.waitForMessages(1);
    expect(message?.subject).toBe('Your AI care management audit: 66% (Good)');
    // Nothing was stored while the database was down.
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_requests');
    expect(rows[0]?.n).toBe(1);
  });
});
