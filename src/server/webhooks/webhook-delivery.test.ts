import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_WORDING } from '../../shared/email-request';
import type { MailTransport } from '../mail/mail-transport';
import { failedMessages, retryFailedMessage } from '../outbox/failed-messages';
import { PermanentDeliveryError } from '../outbox/outbox-worker';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { freePort } from '../../../test/support/free-port';
import {
  EXPECTED_AREA_SCORES,
  EXPECTED_SCORES,
  postEmailRequest,
  validBody,
} from '../../../test/support/requests';
import { buildTestApp, useTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { CONTENT_V1, statementContent } from '../../core/content';
import { ContentCache } from '../content/content-cache';
import type { LeadCreatedEvent } from './lead-created';
import { publishWords, version2Text } from '../../../test/support/content-fixtures';
import { webhookDelivery, WebhookError } from './webhook-delivery';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
// Zapier's catch URLs carry a token in the path: it must not reach the last error or the log.
const HOOK_PATH = '/hooks/catch/123456/s3cr3t-path/';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver: answers each POST with the next status of `answers` (then 200), and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let hang = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (hang) return;
      response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${HOOK_PATH}`,
    received,
    answers,
    hangFromNowOn: () => (hang = true),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

// The e-mails of these tests go nowhere: only the webhook is under test.
const noMail: MailTransport = { description: 'nowhere', send: async () => undefined, close: () => undefined };

describe.each(DATABASE_KINDS)('lead.created webhooks through the outbox, on %s', (kind) => {
  let t: TestDatabase;
  let receiver: Receiver;

  const webhookMessage = async () => {
    const { rows } = await t.db.query<{
      id: string;
      status: string;
      attempts: number;
      last_error: string | null;
    }>("SELECT id, status, attempts, last_error FROM outbox_messages WHERE kind = 'webhook'");
    return rows[0];
  };

  beforeAll(async () => {
    [t, receiver] = await Promise.all([openTestDatabase(kind), startReceiver()]);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.destroy();
  });
  const server = useTestApp(
    () => ({
      config: testConfig({
        ...apiOnlyEnv(t.dataDir),
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: SECRET,
        MAIL_RETRY_BASE_MS: '100',
        MAIL_MAX_ATTEMPTS: '4',
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
      }),
      deps: { db: t.db, mailTransport: noMail, renderPdf: async () => new Uint8Array() },
    }),
    { ready: true },
  );
  beforeEach(() => t.reset());
  afterEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  it('posts each new lead once, signed so that the standardwebhooks verifier accepts it, with the message id as webhook-id', async () => {
    const res = await postEmailRequest(server.app, validBody({ consent: true }));
    expect(res.statusCode).toBe(202);
    await until(async () => (await webhookMessage())?.status === 'sent');
    const message = await webhookMessage();
    expect(message).toMatchObject({ attempts: 1, last_error: null });
    expect(receiver.received).toHaveLength(1);

    const { headers, body } = receiver.received[0]!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toBe(message?.id);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const verified = new Webhook(SECRET).verify(body, {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    });
    const event = JSON.parse(body);
    expect(verified).toEqual(event);
    expect(event).toMatchObject({
      type: 'lead.created',
      data: {
        id: res.json().id,
        email: 'manager@care-home.example',
        note: 'Please call me on Tuesday.',
        consent: { wording: CONSENT_WORDING, givenAt: expect.any(String) },
        overallScore: EXPECTED_SCORES.overall,
        scores: EXPECTED_AREA_SCORES,
      },
    });
    expect(event.timestamp).toBe(event.data.createdAt);
    expect(event.data.answers).toHaveLength(25);
    expect(event.data.answers[0]).toEqual({
      areaId: 'operational',
      areaTitle: 'Operational Efficiency',
      statement: expect.any(String),
      rating: 4,
    });
    // A signature made with another secret is refused by the same verifier.
    const other = new Webhook(`whsec_${randomBytes(24).toString('base64')}`);
    expect(() => other.verify(body, headers as Record<string, string>)).toThrow();
  });

  it('lists each result’s statements in the words of the version it was answered with', async () => {
    expect(await publishWords(t.db)).toBe(2);
    const older = await postEmailRequest(server.app, validBody({ email: 'older@care-home.example' }));
    const newer = await postEmailRequest(
      server.app,
      validBody({ email: 'newer@care-home.example', contentVersion: 2 }),
    );
    expect([older.statusCode, newer.statusCode]).toEqual([202, 202]);
    await until(() => receiver.received.length === 2);
    const events = receiver.received.map((r) => JSON.parse(r.body) as LeadCreatedEvent);
    const eventOf = (id: string) => events.find((e) => e.data.resultId === id)!;
    const first = statementContent(CONTENT_V1, 'operational', 0).text;
    const before = eventOf(older.json().id).data;
    expect(before.contentVersion).toBe(1);
    expect(before.answers[0]?.statement).toBe(first);
    const after = eventOf(newer.json().id).data;
    expect(after.contentVersion).toBe(2);
    expect(after.answers).toHaveLength(25);
    expect(after.answers[0]).toMatchObject({
      areaId: 'operational',
      statement: version2Text('operational', 0, first),
    });
    expect(after.answers.map((a) => a.rating)).toEqual(before.answers.map((a) => a.rating));
  });

  it('carries the contact given with consent, the source of the visit and the profile, and leaves out what was not given', async () => {
    const full = await postEmailRequest(
      server.app,
      validBody({
        email: 'full@example.org',
        consent: true,
        contact: { name: 'Ann Smith', organisation: 'Sunrise Care', role: '', phone: '01632 960001' },
        source: { utmSource: 'newsletter', utmCampaign: 'winter', referrerHost: 'Mail.Example.com' },
        profile: { serviceType: 'home_care', size: '25_99' },
      }),
    );
    const bare = await postEmailRequest(server.app, validBody({ email: 'bare@example.org' }));
    const partProfile = await postEmailRequest(
      server.app,
      validBody({ email: 'part@example.org', consent: true, contact: {}, profile: { size: '100_plus' } }),
    );
    expect([full, bare, partProfile].map((r) => r.statusCode)).toEqual([202, 202, 202]);
    await until(() => receiver.received.length === 3);
    const events = receiver.received.map(({ body }) => JSON.parse(body) as { data: Record<string, unknown> });
    const byEmail = Object.fromEntries(events.map((e) => [e.data.email, e.data]));

    expect(byEmail['full@example.org']).toMatchObject({
      contact: { name: 'Ann Smith', organisation: 'Sunrise Care', phone: '01632 960001' },
      source: { utmSource: 'newsletter', utmCampaign: 'winter', referrerHost: 'mail.example.com' },
      profile: { serviceType: 'home_care', size: '25_99' },
    });
    // Parts not given are absent, not null: a receiver maps what is there.
    expect(Object.keys(byEmail['full@example.org']?.contact as object).sort()).toEqual([
      'name',
      'organisation',
      'phone',
    ]);
    expect(Object.keys(byEmail['full@example.org']?.source as object).sort()).toEqual([
      'referrerHost',
      'utmCampaign',
      'utmSource',
    ]);
    expect(byEmail['bare@example.org']).toMatchObject({
      consent: null,
      contact: null,
      source: {},
      profile: {},
    });
    expect(byEmail['part@example.org']).toMatchObject({
      contact: null,
      source: {},
      profile: { size: '100_plus' },
    });
    expect(byEmail['part@example.org']?.consent).not.toBeNull();
  });

  it('retries an answer of 500 with the same webhook-id and delivers on the next 200', async () => {
    receiver.answers.push(500);
    await postEmailRequest(server.app, validBody());
    await until(async () => (await webhookMessage())?.status === 'sent');
    expect(await webhookMessage()).toMatchObject({ attempts: 2 });
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    for (const { headers, body } of receiver.received) {
      expect(() => new Webhook(SECRET).verify(body, headers as Record<string, string>)).not.toThrow();
    }
  });

  it('stops after one attempt at 410 Gone, lists it with the failed messages without personal data, and sends it again on a retry', async () => {
    receiver.answers.push(410);
    await postEmailRequest(server.app, validBody({ email: 'private.person@care-home.example' }));
    await until(async () => (await webhookMessage())?.status === 'failed');
    // Longer than the retry delay of 100 ms: nothing more is tried.
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.received).toHaveLength(1);

    const failed = (await failedMessages(t.db)).filter((m) => m.kind === 'webhook');
    expect(failed).toHaveLength(1);
    // The team sees the receiver's host alone: the URL's path can hold a token.
    expect(failed[0]).toMatchObject({ attempts: 1, recipient: new URL(receiver.url).host });
    const lastError = failed[0]?.lastError ?? '';
    expect(lastError).toMatch(/410/);
    expect(lastError.length).toBeLessThan(120);
    expect(lastError).not.toMatch(/private\.person|care-home|s3cr3t|127\.0\.0\.1/);

    expect((await retryFailedMessage(t.db, failed[0]!.id, 'sam@care-audit.example')).outcome).toBe('queued');
    await until(async () => (await webhookMessage())?.status === 'sent');
    expect(receiver.received).toHaveLength(2);
  });

  it('queues no webhook message when WEBHOOK_URL is not set', async () => {
    const plain = await buildTestApp(testConfig(apiOnlyEnv(t.dataDir)), {
      db: t.db,
      mailTransport: noMail,
      renderPdf: async () => new Uint8Array(),
    });
    expect((await postEmailRequest(plain, validBody())).statusCode).toBe(202);
    expect(await webhookMessage()).toBeUndefined();
  });
});

describe('one webhook delivery attempt', () => {
  let t: TestDatabase;
  let receiver: Receiver;

  beforeAll(async () => {
    [t, receiver] = await Promise.all([openTestDatabase('pglite'), startReceiver()]);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.destroy();
  });

  const message = (url: string, requestId: string | null = randomUUID()) => ({
    id: randomUUID(),
    requestId,
    kind: 'webhook' as const,
    recipient: url,
    attempts: 1,
    payload: null,
  });

  it('sends nothing for a lead erased since it was queued', async () => {
    await expect(
      webhookDelivery(t.db, { secret: SECRET, content: new ContentCache(t.db) })(message(receiver.url)),
    ).resolves.toBeUndefined();
    expect(receiver.received).toHaveLength(0);
  });

  it('fails for good for a message that belongs to no request', async () => {
    await expect(
      webhookDelivery(t.db, { secret: SECRET, content: new ContentCache(t.db) })(message(receiver.url, null)),
    ).rejects.toBeInstanceOf(PermanentDeliveryError);
  });

  it('gives up an attempt without an answer at the timeout, and says so in a few words', async () => {
    const [lead] = (
      await t.db.query<{ id: string }>(
        `INSERT INTO email_requests (email, email_normalized, note, responses, operational_score, compliance_score,
                                   quality_score, training_score, data_score, overall_score)
       VALUES ('a@example.org', 'a@example.org', NULL, '{}', 0, 0, 0, 0, 0, 0) RETURNING id`,
      )
    ).rows;
    receiver.hangFromNowOn();
    const attempt = webhookDelivery(t.db, {
      secret: SECRET,
      timeoutMs: 300,
      content: new ContentCache(t.db),
    })(message(receiver.url, lead!.id));
    await expect(attempt).rejects.toThrow(new WebhookError('no answer within 0.3 s'));
    expect(receiver.received).toHaveLength(1);
  });

  it('says the receiver could not be reached when nothing listens, without naming it', async () => {
    const [lead] = (await t.db.query<{ id: string }>('SELECT id FROM email_requests LIMIT 1')).rows;
    const url = `http://127.0.0.1:${await freePort()}${HOOK_PATH}`;
    const attempt = webhookDelivery(t.db, { secret: SECRET, content: new ContentCache(t.db) })(
      message(url, lead!.id),
    );
    await expect(attempt).rejects.toThrow(
      new WebhookError('the receiver could not be reached (ECONNREFUSED)'),
    );
  });
});
