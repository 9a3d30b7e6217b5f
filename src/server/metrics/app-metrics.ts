import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/database';

/** Messages of one kind waiting in the outbox (see outbox/waiting-messages.ts, which app.ts hands in). */
export interface WaitingCount {
  kind: string;
  count: number;
  oldestAgeSeconds: number;
}

export interface OutboxWatch {
  /** Every kind, reported as 0 when none of it waits (a series that vanishes cannot be alerted on). */
  kinds: readonly string[];
  read(): Promise<readonly WaitingCount[]>;
}

/**
 * One app's metrics in a registry of its own (never prom-client's global one: tests build many apps
 * in one process, and a second registration of a name in one registry throws). The app reports to
 * it; main.ts serves `registry` on METRICS_PORT.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** One answered request: `route` is the route's pattern, never the path a client sent. */
  recordRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** One attempt to send an outbox message; `outcome` is the worker's: sent, retry or failed. */
  recordDelivery(kind: string, outcome: string, seconds: number): void;
  recordPdfRender(outcome: 'ok' | 'error', seconds: number): void;
  /** Reads the outbox at each scrape. */
  watchOutbox(watch: OutboxWatch): void;
  /**
   * Reads the pool at each scrape. `database` labels the gauges (pglite, postgres); `read`
   * undefined: a database with one connection and no pool (PGlite), whose use cannot be seen.
   */
  watchPool(database: string, read: (() => PoolStats) | undefined): void;
}

export const METRIC_PREFIX = 'care_audit_';

/**
 * A scrape that finds the database down still answers, without the outbox's gauges: a value kept
 * from an earlier scrape would claim the outbox is as it was. Prometheus's own scrape timeout is
 * 10 s by default, so this gives up well before.
 */
export const OUTBOX_READ_TIMEOUT_MS = 2_000;

// Request latency: most answers take milliseconds, a PDF download up to a second or two.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// A PDF takes 25–40 ms once the thread is warm, about 1 s for the first in a new thread.
const PDF_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// An SMTP send takes tens of milliseconds to seconds; a webhook receiver may hang to its 10 s timeout.
const DELIVERY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Creates the registry and its metrics. `processMetrics` adds prom-client's default Node metrics
 * (CPU, memory, event-loop delay, handles, GC), unprefixed as every Node exporter names them.
 */
export function createAppMetrics(
  options: { processMetrics?: boolean; outboxReadTimeoutMs?: number } = {},
): AppMetrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const outboxReadTimeoutMs = options.outboxReadTimeoutMs ?? OUTBOX_READ_TIMEOUT_MS;

  const requests = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving a request to finishing its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const deliveries = new Counter({
    name: `${METRIC_PREFIX}outbox_deliveries_total`,
    help: 'Attempts to send an outbox message, by kind and outcome: sent, retry (failed, queued again) or failed (given up on).',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const deliverySeconds = new Histogram({
    name: `${METRIC_PREFIX}outbox_delivery_duration_seconds`,
    help: 'How long each attempt to send an outbox message took, by kind.',
    labelNames: ['kind'] as const,
    buckets: DELIVERY_BUCKETS,
    registers,
  });
  const pdfRenders = new Histogram({
    name: `${METRIC_PREFIX}pdf_render_duration_seconds`,
    help: 'How long rendering a report PDF took (the download and the e-mail attachment), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: PDF_BUCKETS,
    registers,
  });
  // Registered before the outbox gauges, so a scrape reads the pool before its own outbox query
  // takes a connection: the figures are the app's, not the scrape's.
  let pool: { database: string; read: (() => PoolStats) | undefined } | undefined;
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_max_connections`,
    help: 'The most connections to the database this process opens, by database (postgres; pglite has 1).',
    labelNames: ['database'] as const,
    registers,
    collect() {
      this.reset();
      if (pool) this.set({ database: pool.database }, pool.read ? pool.read().max : 1);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: 'Open connections to PostgreSQL, by state: in_use (running a query or transaction) or idle.',
    labelNames: ['database', 'state'] as const,
    registers,
    collect() {
      this.reset();
      const stats = pool?.read?.();
      if (!pool || !stats) return;
      this.set({ database: pool.database, state: 'in_use' }, stats.inUse);
      this.set({ database: pool.database, state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_waiting_requests`,
    help: 'Callers waiting for a PostgreSQL connection: all are in use, or a new one is being opened.',
    labelNames: ['database'] as const,
    registers,
    collect() {
      this.reset();
      const stats = pool?.read?.();
      if (pool && stats) this.set({ database: pool.database }, stats.waiting);
    },
  });

  let outboxWatch: OutboxWatch | undefined;
  // Both outbox gauges come from one query: each gauge's collect asks for it, and the second shares
  // the read the first started, so a scrape sends one query and both gauges show the same moment.
  let outboxRead: Promise<readonly WaitingCount[] | undefined> | undefined;
  const readOutboxOnce = (): Promise<readonly WaitingCount[] | undefined> => {
    if (!outboxWatch) return Promise.resolve(undefined);
    const watch = outboxWatch;
    outboxRead ??= withTimeout(watch.read(), outboxReadTimeoutMs)
      .catch(() => {
        outboxReadFailures.inc();
        return undefined;
      })
      .finally(() => {
        outboxRead = undefined;
      });
    return outboxRead;
  };
  const outboxReadFailures = new Counter({
    name: `${METRIC_PREFIX}outbox_metrics_read_failures_total`,
    help: 'Scrapes whose read of the outbox failed or took too long (the database was down): the outbox gauges were left out.',
    registers,
    // Waits for this scrape's read, so a failure shows in the scrape it happened in.
    async collect() {
      await readOutboxOnce();
    },
  });
  const outboxGauge = (name: string, help: string, value: (waiting: WaitingCount | undefined) => number) =>
    new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const waiting = await readOutboxOnce();
        this.reset();
        if (!waiting || !outboxWatch) return;
        for (const kind of outboxWatch.kinds) this.set({ kind }, value(waiting.find((w) => w.kind === kind)));
      },
    });
  outboxGauge(
    'outbox_waiting_messages',
    'Outbox messages not yet sent nor given up on (queued, due or scheduled for a retry, or being sent), by kind.',
    (waiting) => waiting?.count ?? 0,
  );
  outboxGauge(
    'outbox_oldest_waiting_seconds',
    'Age of the oldest waiting outbox message since it was queued, by kind (0 when none waits).',
    (waiting) => waiting?.oldestAgeSeconds ?? 0,
  );

  return {
    registry,
    recordRequest(method, route, statusCode, seconds) {
      requests.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    recordDelivery(kind, outcome, seconds) {
      deliveries.inc({ kind, outcome });
      deliverySeconds.observe({ kind }, seconds);
    },
    recordPdfRender(outcome, seconds) {
      pdfRenders.observe({ outcome }, seconds);
    },
    watchOutbox(watch) {
      outboxWatch = watch;
    },
    watchPool(database, read) {
      pool = { database, read };
    },
  };
}
