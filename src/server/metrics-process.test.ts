import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { freePort } from '../../test/support/free-port';
import { parsePrometheusText, sampleValue, type Sample } from '../../test/support/prometheus-text';
import { COMPLETE_RESPONSES, validBody } from '../../test/support/requests';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../../test/support/smtp';
import { apiOnlyEnv } from '../../test/support/test-config';
import { OUTBOX_KINDS } from './outbox/waiting-messages';

const VISITOR = 'metrics.visitor@care-home.example';
const LEADS_TO = 'leads@care-audit.example';

async function scrape(metricsUrl: string): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, samples: parsePrometheusText(text) };
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const requestCount = (samples: readonly Sample[], method: string, route: string, status: number) =>
  sampleValue(samples, 'care_audit_http_request_duration_seconds_count', {
    method,
    route,
    status_code: String(status),
  }) ?? 0;

// The real server (src/server/main.ts) with METRICS_PORT, scraped from outside as Prometheus would.
describe.each(DATABASE_KINDS)('the metrics of a server process on %s', (kind) => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  let server: ServerProcess | undefined;
  let metricsUrl: string;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([
      openTestDatabase(kind, { ownServer: true, onDisk: true }),
      startSmtpServer(),
    ]);
    // The child opens the database itself; this process must not hold PGlite's directory meanwhile.
    if (kind === 'pglite') await t.db.close();
  });
  afterEach(async () => {
    await server?.signal('SIGKILL');
    server = undefined;
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });

  async function start(): Promise<void> {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startServerProcess({
      ...apiOnlyEnv(t.dataDir),
      SMTP_URL: smtp.url,
      LEADS_TO,
      MAIL_RETRY_BASE_MS: '200',
      MAIL_LEASE_MS: '6000',
      BOT_PROTECTION: 'off',
      METRICS_PORT: String(metricsPort),
      ...(t.url ? { DATABASE_URL: t.url } : {}),
    });
  }

  it('counts requests by route pattern, deliveries by kind, PDF renders and the outbox, with no address or token in a label', async () => {
    await start();
    const base = server!.url;
    const before = (await scrape(metricsUrl)).samples;

    const accepted = await fetch(`${base}/api/email-results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody({ email: VISITOR })),
    });
    expect(accepted.status).toBe(202);
    const [visitorMail] = (await smtp.waitForMessages(2, 30_000)).filter(
      (m) => m.to && m.subject?.startsWith('Your'),
    );
    // The visitor's e-mail carries the private results link: its token goes in paths below.
    const token = /\/results\/([A-Za-z0-9_-]{20,})/.exec(visitorMail?.text ?? '')?.[1];
    expect(token).toBeDefined();

    const report = await fetch(`${base}/api/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ date: '2026-11-23', responses: COMPLETE_RESPONSES }),
    });
    expect([report.status, report.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    await report.arrayBuffer();
    expect((await fetch(`${base}/api/results/${token}`)).status).toBe(200);
    expect((await fetch(`${base}/api/results/not-a-token-${encodeURIComponent(VISITOR)}`)).status).toBe(404);
    expect((await fetch(`${base}/api/no-such-thing/${encodeURIComponent(VISITOR)}`)).status).toBe(404);
    expect((await fetch(`${base}/${token}`)).status).toBe(404);
    // The public port never serves the metrics.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);

    // Delivered messages are counted once the worker has sent them (both are, by now: the relay has them).
    const { text, samples } = await until(async () => {
      const scraped = await scrape(metricsUrl);
      const sent = sampleValue(scraped.samples, 'care_audit_outbox_deliveries_total', {
        kind: 'team',
        outcome: 'sent',
      });
      return sent !== undefined && sent >= 1 ? scraped : undefined;
    });

    expect(requestCount(samples, 'POST', '/api/email-results', 202)).toBe(
      requestCount(before, 'POST', '/api/email-results', 202) + 1,
    );
    expect(requestCount(samples, 'POST', '/api/report', 200)).toBe(1);
    expect(requestCount(samples, 'GET', '/api/results/:token', 200)).toBe(1);
    expect(requestCount(samples, 'GET', '/api/results/:token', 404)).toBe(1);
    // Unknown paths, API or not, are one series (the public /metrics among them).
    expect(requestCount(samples, 'GET', 'not_found', 404)).toBe(3);
    // The health checks of the start-up are there too, with their own pattern.
    expect(requestCount(samples, 'GET', '/api/health', 200)).toBeGreaterThanOrEqual(1);

    // As many as the relay received: once each, unless a lease ran out mid-send on a busy machine
    // and the message went twice (at least once), which the counter must then say too.
    const toVisitor = smtp.messages.filter((m) => m.subject?.startsWith('Your')).length;
    expect(toVisitor, server!.output()).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, 'care_audit_outbox_deliveries_total', { kind: 'visitor', outcome: 'sent' }),
    ).toBe(toVisitor);
    expect(
      sampleValue(samples, 'care_audit_outbox_delivery_duration_seconds_count', { kind: 'visitor' }),
    ).toBe(toVisitor);
    // The download and the visitor's attachment.
    expect(sampleValue(samples, 'care_audit_pdf_render_duration_seconds_count', { outcome: 'ok' })).toBe(
      1 + toVisitor,
    );
    expect(sampleValue(before, 'care_audit_pdf_render_duration_seconds_count', { outcome: 'ok' }) ?? 0).toBe(
      0,
    );

    for (const outboxKind of OUTBOX_KINDS) {
      expect(
        sampleValue(samples, 'care_audit_outbox_waiting_messages', { kind: outboxKind }),
        outboxKind,
      ).toBe(0);
      expect(sampleValue(samples, 'care_audit_outbox_oldest_waiting_seconds', { kind: outboxKind })).toBe(0);
    }
    if (kind === 'postgres') {
      expect(sampleValue(samples, 'care_audit_db_pool_max_connections', { database: 'postgres' })).toBe(10);
      const inUse = sampleValue(samples, 'care_audit_db_pool_connections', {
        database: 'postgres',
        state: 'in_use',
      });
      const idle = sampleValue(samples, 'care_audit_db_pool_connections', {
        database: 'postgres',
        state: 'idle',
      });
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect((inUse ?? 0) + (idle ?? 0)).toBeGreaterThanOrEqual(1);
      expect((inUse ?? 0) + (idle ?? 0)).toBeLessThanOrEqual(10);
      expect(sampleValue(samples, 'care_audit_db_pool_waiting_requests', { database: 'postgres' })).toBe(0);
    } else {
      expect(sampleValue(samples, 'care_audit_db_pool_max_connections', { database: 'pglite' })).toBe(1);
      expect(samples.some((s) => s.name === 'care_audit_db_pool_connections')).toBe(false);
    }
    // Node's own figures come along.
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // Nothing a visitor sent reaches a label: no address, no token, in any sample or comment.
    expect(text).not.toContain('@');
    expect(text).not.toContain(token);
    expect(text).not.toContain('not-a-token');
    const routes = new Set(samples.flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    expect([...routes].sort()).toEqual(
      ['/api/email-results', '/api/health', '/api/report', '/api/results/:token', 'not_found'].sort(),
    );
  });

  it('stops serving the metrics with the app on SIGTERM', async () => {
    await start();
    expect((await fetch(metricsUrl)).status).toBe(200);
    expect(await server!.stop()).toBe(0);
    server = undefined;
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });

  // Only PostgreSQL can be stopped under a running server; PGlite lives in the server's own process.
  if (kind === 'postgres') {
    it('answers a scrape while the database is down, without the outbox gauges, and has them back after', async () => {
      await start();
      await t.server!.stop();
      try {
        const started = performance.now();
        const { samples } = await scrape(metricsUrl);
        // The read gives up after 2 s; a refused connection fails sooner.
        expect(performance.now() - started).toBeLessThan(2_000 + 3_000);
        expect(samples.some((s) => s.name.startsWith('care_audit_outbox_waiting'))).toBe(false);
        expect(sampleValue(samples, 'care_audit_outbox_metrics_read_failures_total')).toBeGreaterThanOrEqual(
          1,
        );
        expect(requestCount(samples, 'GET', '/api/health', 200)).toBeGreaterThanOrEqual(1);
      } finally {
        await t.server!.start();
      }
      await until(async () => {
        const { samples } = await scrape(metricsUrl);
        return sampleValue(samples, 'care_audit_outbox_waiting_messages', { kind: 'visitor' });
      });
    });
  }
});
