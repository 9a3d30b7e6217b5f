import { afterEach, describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue, type Sample } from '../../../test/support/prometheus-text';
import { createAppMetrics, type AppMetrics, type WaitingCount } from './app-metrics';
import { startMetricsServer, type MetricsServer } from './metrics-server';
import { timedRenders } from './timed-renders';

async function scrape(metrics: AppMetrics): Promise<Sample[]> {
  return parsePrometheusText(await metrics.registry.metrics());
}

const KINDS = ['visitor', 'team', 'webhook'] as const;

describe('the app metrics', () => {
  it('keeps each app’s metrics in a registry of its own, so two apps in one process do not clash', async () => {
    const [a, b] = [createAppMetrics(), createAppMetrics()];
    a.recordRequest('GET', '/api/health', 200, 0.002);
    const [fromA, fromB] = await Promise.all([scrape(a), scrape(b)]);
    const count = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(fromA, 'care_audit_http_request_duration_seconds_count', count)).toBe(1);
    expect(sampleValue(fromB, 'care_audit_http_request_duration_seconds_count', count)).toBeUndefined();
    // The default Node process metrics come with it, and can be left out.
    expect(fromA.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
    const bare = await scrape(createAppMetrics({ processMetrics: false }));
    expect(bare.some((s) => s.name.startsWith('process_') || s.name.startsWith('nodejs_'))).toBe(false);
  });

  it('counts deliveries by kind and outcome, and times them by kind', async () => {
    const metrics = createAppMetrics({ processMetrics: false });
    metrics.recordDelivery('visitor', 'sent', 0.03);
    metrics.recordDelivery('visitor', 'sent', 0.04);
    metrics.recordDelivery('webhook', 'retry', 10);
    metrics.recordDelivery('webhook', 'failed', 10);
    const samples = await scrape(metrics);
    const deliveries = (kind: string, outcome: string) =>
      sampleValue(samples, 'care_audit_outbox_deliveries_total', { kind, outcome });
    expect([
      deliveries('visitor', 'sent'),
      deliveries('webhook', 'retry'),
      deliveries('webhook', 'failed'),
    ]).toEqual([2, 1, 1]);
    expect(
      sampleValue(samples, 'care_audit_outbox_delivery_duration_seconds_count', { kind: 'webhook' }),
    ).toBe(2);
    expect(
      sampleValue(samples, 'care_audit_outbox_delivery_duration_seconds_bucket', {
        kind: 'webhook',
        le: '5',
      }),
    ).toBe(0);
  });

  it('times each render, a failed one apart, and passes its result and its error through', async () => {
    const metrics = createAppMetrics({ processMetrics: false });
    const render = timedRenders(async (fail: boolean) => {
      await new Promise((r) => setTimeout(r, 20));
      if (fail) throw new Error('no font');
      return new Uint8Array([1, 2]);
    }, metrics);
    expect(await render(false)).toEqual(new Uint8Array([1, 2]));
    await expect(render(true)).rejects.toThrow('no font');
    const samples = await scrape(metrics);
    expect(sampleValue(samples, 'care_audit_pdf_render_duration_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(sampleValue(samples, 'care_audit_pdf_render_duration_seconds_count', { outcome: 'error' })).toBe(
      1,
    );
    // 20 ms of waiting at least (timers may fire a little early, never much).
    expect(
      sampleValue(samples, 'care_audit_pdf_render_duration_seconds_sum', { outcome: 'ok' }),
    ).toBeGreaterThan(0.015);
  });

  describe('the outbox gauges', () => {
    it('report every kind, 0 for a kind with nothing waiting, from one read per scrape', async () => {
      const metrics = createAppMetrics({ processMetrics: false });
      let reads = 0;
      metrics.watchOutbox({
        kinds: KINDS,
        read: async () => {
          reads += 1;
          return [{ kind: 'visitor', count: 3, oldestAgeSeconds: 42.5 }];
        },
      });
      const samples = await scrape(metrics);
      expect(reads).toBe(1);
      const waiting = (kind: string) => sampleValue(samples, 'care_audit_outbox_waiting_messages', { kind });
      const oldest = (kind: string) =>
        sampleValue(samples, 'care_audit_outbox_oldest_waiting_seconds', { kind });
      expect(KINDS.map(waiting)).toEqual([3, 0, 0]);
      expect(KINDS.map(oldest)).toEqual([42.5, 0, 0]);
      await scrape(metrics);
      expect(reads).toBe(2);
    });

    it('leave themselves out of a scrape whose read fails or hangs, which still answers, and come back after', async () => {
      const metrics = createAppMetrics({ processMetrics: false, outboxReadTimeoutMs: 300 });
      let answer: () => Promise<WaitingCount[]> = async () => [
        { kind: 'team', count: 1, oldestAgeSeconds: 1 },
      ];
      metrics.watchOutbox({ kinds: KINDS, read: () => answer() });
      expect(sampleValue(await scrape(metrics), 'care_audit_outbox_waiting_messages', { kind: 'team' })).toBe(
        1,
      );

      // A database that never answers: the scrape gives up on it after the timeout, not the value it had.
      answer = () => new Promise(() => undefined);
      const started = performance.now();
      const hung = await scrape(metrics);
      expect(performance.now() - started).toBeLessThan(300 + 2_000);
      expect(hung.filter((s) => s.name.startsWith('care_audit_outbox_waiting'))).toEqual([]);
      expect(hung.filter((s) => s.name.startsWith('care_audit_outbox_oldest'))).toEqual([]);
      expect(sampleValue(hung, 'care_audit_outbox_metrics_read_failures_total')).toBe(1);

      answer = () => Promise.reject(new Error('connection refused'));
      expect(sampleValue(await scrape(metrics), 'care_audit_outbox_metrics_read_failures_total')).toBe(2);

      answer = async () => [];
      expect(sampleValue(await scrape(metrics), 'care_audit_outbox_waiting_messages', { kind: 'team' })).toBe(
        0,
      );
    });
  });

  describe('the pool gauges', () => {
    it('give a pool’s connections in use and idle, its most and its waiting callers', async () => {
      const metrics = createAppMetrics({ processMetrics: false });
      const samples0 = await scrape(metrics);
      expect(samples0.filter((s) => s.name.startsWith('care_audit_db_pool'))).toEqual([]);
      metrics.watchPool('postgres', () => ({ max: 10, inUse: 3, idle: 2, waiting: 1 }));
      const samples = await scrape(metrics);
      const postgres = { database: 'postgres' };
      expect(sampleValue(samples, 'care_audit_db_pool_max_connections', postgres)).toBe(10);
      expect(sampleValue(samples, 'care_audit_db_pool_connections', { ...postgres, state: 'in_use' })).toBe(
        3,
      );
      expect(sampleValue(samples, 'care_audit_db_pool_connections', { ...postgres, state: 'idle' })).toBe(2);
      expect(sampleValue(samples, 'care_audit_db_pool_waiting_requests', postgres)).toBe(1);
    });

    it('give a database without a pool (PGlite) as one connection at most, and nothing it cannot know', async () => {
      const metrics = createAppMetrics({ processMetrics: false });
      metrics.watchPool('pglite', undefined);
      const samples = await scrape(metrics);
      expect(sampleValue(samples, 'care_audit_db_pool_max_connections', { database: 'pglite' })).toBe(1);
      expect(samples.filter((s) => s.name.startsWith('care_audit_db_pool_connections'))).toEqual([]);
      expect(samples.filter((s) => s.name === 'care_audit_db_pool_waiting_requests')).toEqual([]);
    });
  });
});

describe('the metrics server', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers GET /metrics in Prometheus text format, and nothing else', async () => {
    const metrics = createAppMetrics({ processMetrics: false });
    metrics.recordRequest('POST', '/api/email-results', 202, 0.05);
    server = await startMetricsServer(metrics.registry, { port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${server.port}`;

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parsePrometheusText(await res.text());
    expect(
      sampleValue(samples, 'care_audit_http_request_duration_seconds_count', { route: '/api/email-results' }),
    ).toBe(1);
    expect((await fetch(`${base}/metrics?name[]=x`)).status).toBe(200);

    for (const path of ['/', '/metrics/', '/api/health', '/metricsx']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('closes at once though a scraper keeps its connection open', async () => {
    server = await startMetricsServer(createAppMetrics({ processMetrics: false }).registry, {
      port: 0,
      host: '127.0.0.1',
    });
    // fetch keeps the connection alive for the next scrape, as Prometheus does.
    await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
    const started = performance.now();
    await server.close();
    server = undefined;
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('fails to start on a port already taken, naming why', async () => {
    server = await startMetricsServer(createAppMetrics({ processMetrics: false }).registry, {
      port: 0,
      host: '127.0.0.1',
    });
    await expect(
      startMetricsServer(createAppMetrics({ processMetrics: false }).registry, {
        port: server.port,
        host: '127.0.0.1',
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
