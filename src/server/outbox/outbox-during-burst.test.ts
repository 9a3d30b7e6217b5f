import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { until } from '../../../test/support/until';

// A load tester's shape: each connection posts its next request as soon as the last is answered.
const CONNECTIONS = 6;
const REQUESTS_EACH = 4;
const EMAILS = CONNECTIONS * REQUESTS_EACH * 2;

// Issue 36: during a burst of requests the outbox sent almost nothing (48–220 e-mails in 20 s),
// so a visitor's e-mail waited behind the whole burst. What must hold: while requests pour in,
// the e-mails go out with them, in their share, rather than after the burst.
describe('the outbox during a burst of e-mail requests, on PGlite', () => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    // A relay that takes 100 ms to answer each message: slower than the requests come, as a
    // busy outbox is during a burst.
    [t, smtp] = await Promise.all([
      openTestDatabase('pglite', { onDisk: true }),
      startSmtpServer({ keep: 'discard', replyDelayMs: 100 }),
    ]);
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        SMTP_URL: smtp.url,
        LEADS_TO: 'leads@care-audit.example',
        MAIL_RETRY_BASE_MS: '100',
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
      }),
      // The server's rule at a small scale: e-mails may fall 300 ms behind, not the server's 1 s.
      deps: { db: t.db, mailBacklog: { maxLagMs: 300, maxDue: 16, maxHoldMs: 30_000, readEveryMs: 50 } },
    }),
    { ready: true },
  );

  it('sends the earlier requests’ e-mails while later requests are still coming in', async () => {
    const statuses = await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, connection) => {
        const answered: number[] = [];
        for (let i = 0; i < REQUESTS_EACH; i++) {
          const email = `visitor-${connection}-${i}@example.org`;
          answered.push((await postEmailRequest(server.app, validBody({ email }))).statusCode);
        }
        return answered;
      }),
    );
    expect(statuses.flat()).toEqual(Array(EMAILS / 2).fill(202));

    // The moment the last request was stored, and the e-mails queued before it: how many of
    // those had gone by then. Both times are the database's own clock.
    const { rows } = await t.db.query<{ before_last: number; sent_by_then: number }>(
      `WITH last AS (SELECT max(created_at) AS at FROM outbox_messages)
       SELECT count(*)::int AS before_last,
              count(*) FILTER (WHERE sent_at <= (SELECT at FROM last))::int AS sent_by_then
         FROM outbox_messages
        WHERE created_at < (SELECT at FROM last)`,
    );
    const { before_last: queuedBefore, sent_by_then: sentByThen } = rows[0]!;
    expect(queuedBefore).toBeGreaterThanOrEqual(EMAILS - 2);
    // Without the hold none of them had gone (0 of 46). With it, at most 16 may be due unsent, 8
    // in flight and 12 queued by the 6 requests that passed the hold together: at least 10 of the
    // 46 have gone. (CI once saw 39%, an earlier run 87%: the share moves with the machine.)
    expect(sentByThen / queuedBefore).toBeGreaterThan(0.2);

    // And nothing is lost: every e-mail reaches the relay.
    await until(() => smtp.received >= EMAILS, 60_000);
    expect(smtp.received).toBe(EMAILS);
    // Long enough for a machine busy with other work: the figures above count, not the time.
  }, 120_000);
});
