import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestPayload } from '../mail/team-alert-facts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { postEmailRequest, validBody } from '../../../test/support/requests';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { TEAM_ORIGIN, teamRequest } from '../../../test/support/team-sign-in';
import { useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { queueMessage } from './outbox-store';
import { until } from '../../../test/support/until';

const MEMBER = 'sam@care-audit.example';

/** A real HTTP receiver that answers 503 to the first POST of each webhook-id and 200 to a repeat. */
async function startFlakyReceiver() {
  const attempts: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const seen = attempts.includes(id);
      attempts.push(id);
      response.writeHead(seen ? 200 : 503).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Delivery is at least once: a send whose outcome was lost is sent again. A receiver can drop the
// repeat only if it carries the first attempt's identity, so that identity must come from the
// outbox message, never from the attempt. Here every first attempt fails after the whole message
// reached the receiver, which then compares it with the retry.
describe('a retried message carries its first attempt’s identity', () => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  let receiver: Awaited<ReturnType<typeof startFlakyReceiver>>;

  beforeAll(async () => {
    [t, smtp, receiver] = await Promise.all([
      openTestDatabase('pglite'),
      startSmtpServer({ deferFirstDelivery: true }),
      startFlakyReceiver(),
    ]);
  });
  afterAll(() => t?.destroy());
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Care Audit <audit@care-audit.example>',
        LEADS_TO: 'leads@care-audit.example',
        TEAM_EMAILS: MEMBER,
        PUBLIC_URL: TEAM_ORIGIN,
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
        MAIL_RETRY_BASE_MS: '200',
      }),
      deps: { db: t.db, renderPdf: async () => new Uint8Array() },
    }),
    { ready: true },
  );
  afterAll(async () => {
    await receiver?.close();
    await smtp?.close();
  });

  it('the same Message-ID for every kind of e-mail, the same webhook-id for a webhook', async () => {
    // A lead (the visitor's e-mail, the team's, the member's alert and the webhook), a sign-in
    // link, and a digest: every kind the outbox sends.
    expect((await postEmailRequest(server.app, validBody({ consent: true }))).statusCode).toBe(202);
    const signIn = await teamRequest(server.app, 'POST', '/api/team/sign-in', {
      body: { email: MEMBER, website: '' },
    });
    expect(signIn.statusCode).toBe(202);
    const now = Date.now();
    await queueMessage(t.db, {
      kind: 'lead_digest',
      recipient: MEMBER,
      requestId: null,
      payload: digestPayload({ from: new Date(now - 86_400_000), to: new Date(now + 60_000) }),
    });

    const rows = async () =>
      (
        await t.db.query<{ id: string; kind: string; status: string; attempts: number }>(
          'SELECT id, kind, status, attempts FROM outbox_messages ORDER BY kind',
        )
      ).rows;
    await until(async () => (await rows()).every((m) => m.status === 'sent'), 20_000);
    const sent = await rows();
    expect(sent.map((m) => m.kind)).toEqual([
      'lead_alert',
      'lead_digest',
      'sign_in',
      'team',
      'visitor',
      'webhook',
    ]);
    // Each went twice: refused once after it was read whole, accepted the second time.
    expect(sent.every((m) => m.attempts === 2)).toBe(true);

    const mail = sent.filter((m) => m.kind !== 'webhook');
    const expectedIds = mail.map((m) => `<${m.id}@care-audit.example>`).sort();
    expect([...smtp.deferred].sort()).toEqual(expectedIds);
    expect(smtp.messages.map((m) => m.messageId).sort()).toEqual(expectedIds);

    const webhook = sent.find((m) => m.kind === 'webhook');
    expect(receiver.attempts).toEqual([webhook?.id, webhook?.id]);
  });
});
