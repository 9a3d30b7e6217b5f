import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { SMTP_POOL, smtpTransport, type MailTransport } from './mail-transport';

const message = (i: number) => ({
  from: 'audit@care-audit.example',
  to: `visitor${i}@example.org`,
  subject: `Message ${i}`,
  text: 'Hello',
});

describe('the SMTP transport (a pool in a thread of its own)', () => {
  let smtp: SmtpTestServer;
  let transport: MailTransport | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer({
      keep: 'discard',
      rejectRecipient: (address) => address.startsWith('nobody@'),
    });
  });
  afterAll(() => smtp?.close());
  beforeEach(() => {
    transport = smtpTransport(smtp.url);
  });
  afterEach(() => transport?.close());

  it('sends one message after another over one connection', async () => {
    const before = { connections: smtp.connections, received: smtp.received };
    for (let i = 0; i < 5; i++) await transport?.send(message(i));
    expect(smtp.received - before.received).toBe(5);
    expect(smtp.connections - before.connections).toBe(1);
  });

  it(`opens at most ${SMTP_POOL.maxConnections} connections for many messages at once`, async () => {
    const before = { connections: smtp.connections, received: smtp.received };
    await Promise.all(Array.from({ length: 30 }, (_, i) => transport?.send(message(i))));
    expect(smtp.received - before.received).toBe(30);
    expect(smtp.connections - before.connections).toBeGreaterThanOrEqual(1);
    expect(smtp.connections - before.connections).toBeLessThanOrEqual(SMTP_POOL.maxConnections);
  });

  it('lets the SMTP_URL lower the connection limit', async () => {
    await transport?.close();
    transport = smtpTransport(`${smtp.url}?maxConnections=1`);
    const before = smtp.connections;
    await Promise.all(Array.from({ length: 10 }, (_, i) => transport?.send(message(i))));
    expect(smtp.connections - before).toBe(1);
  });

  it('rejects a refused recipient with the SMTP codes the outbox tells permanence by', async () => {
    await expect(transport?.send({ ...message(0), to: 'nobody@example.org' })).rejects.toMatchObject({
      code: 'EENVELOPE',
      responseCode: 550,
      message: expect.stringMatching(/Mailbox unavailable/),
    });
    await transport?.send(message(1));
  });

  it('fails while the relay is down and sends again, on a new connection, once it is back', async () => {
    await transport?.send(message(0));
    const before = smtp.connections;
    await smtp.close();
    await expect(transport?.send(message(1))).rejects.toThrow();
    await smtp.open();
    await transport?.send(message(2));
    expect(smtp.connections - before).toBe(1);
  });
});
