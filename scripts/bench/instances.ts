import autocannon from 'autocannon';
import { freePort } from '../../test/support/free-port';
import { startLoadBalancer } from '../../test/support/haproxy';
import { startPostgres } from '../../test/support/postgres';
import { validBody } from '../../test/support/requests';
import type { SmtpTestServer } from '../../test/support/smtp';
import { table } from './markdown-table';
import { startBenchServer, type BenchServer } from './servers';
import { round } from './stats';

/**
 * One configuration's figures: `instances` server processes on one PostgreSQL behind HAProxy, or
 * one process reached directly (`direct`), which shows what HAProxy itself costs.
 */
export interface InstancesFigures {
  instances: number;
  direct: boolean;
  /** The load: autocannon through HAProxy, each request to its own address. */
  connections: number;
  durationSeconds: number;
  /** 202s per second through HAProxy, and the answers that were not 202 (by status) or none. */
  acceptedPerSecond: number;
  accepted: number;
  notAccepted: Record<string, number>;
  errors: number;
  latencyMs: { p50: number; p99: number };
  /** A batch of requests posted at once, then the time until all their e-mails reached the relay. */
  mail: { requests: number; emails: number; seconds: number; emailsPerSecond: number };
}

export interface InstancesOptions {
  /** A relay that reads each message and keeps nothing. */
  smtp: SmtpTestServer;
  /** How many instances behind HAProxy, in turn; one instance reached directly is measured first. */
  counts: readonly number[];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Requests in the e-mail batch (two e-mails each: the visitor's with its PDF, the team's). */
  mailRequests: number;
  drainLimitSeconds: number;
  step(message: string): void;
}

function post(url: string, duration: number | undefined, options: InstancesOptions, tag: string) {
  return autocannon({
    url: `${url}/api/email-results`,
    connections: options.connections,
    ...(duration === undefined ? { amount: options.mailRequests } : { duration }),
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validBody({ email: `${tag}-[<id>]@care-home.example` })),
    idReplacement: true,
  });
}

/** Waits until the relay has `count` messages more than `before`; resolves with the seconds since `since`. */
async function delivered(smtp: SmtpTestServer, before: number, count: number, since: number, limitS: number) {
  while (smtp.received - before < count) {
    if (performance.now() - since > limitS * 1000) {
      throw new Error(`only ${smtp.received - before} of ${count} e-mails arrived in ${limitS} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (performance.now() - since) / 1000;
}

/**
 * `count` instances, each on its own PostgreSQL for the run, behind a HAProxy of their own; or,
 * `direct`, one instance with nothing in front.
 */
async function measureOne(
  count: number,
  direct: boolean,
  options: InstancesOptions,
): Promise<InstancesFigures> {
  const { smtp } = options;
  const label = direct ? '1 instance, direct' : `${count} instance(s)`;
  // A new database each time: the other configuration's requests and messages do not weigh on this one.
  const postgres = await startPostgres();
  const servers: BenchServer[] = [];
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const lb = direct ? undefined : await startLoadBalancer(ports);
  try {
    options.step(`${label}${lb ? ' behind HAProxy' : ''}: starting`);
    // One at a time: the first applies the migrations, the others find them done.
    for (const port of ports) {
      servers.push(
        await startBenchServer({
          smtpUrl: smtp.url,
          databaseUrl: postgres.url,
          port,
          env: lb ? { TRUST_PROXY: '1', PUBLIC_URL: lb.url } : {},
        }),
      );
    }
    if (lb) await Promise.all(lb.servers.map((server) => lb.waitFor(server, 'UP', 30_000)));
    const url = lb?.url ?? servers[0]!.url;

    options.step(`${label}: ${options.mailRequests} requests at once, until their e-mails are sent`);
    const mailBefore = smtp.received;
    const mailStarted = performance.now();
    const tag = direct ? 'direct' : String(count);
    const batch = await post(url, undefined, options, `mail-${tag}`);
    const batchAccepted = batch.statusCodeStats['202']?.count ?? 0;
    const mailSeconds = await delivered(
      smtp,
      mailBefore,
      2 * batchAccepted,
      mailStarted,
      options.drainLimitSeconds,
    );

    options.step(`${label}: POST /api/email-results under load (${options.durationSeconds} s)`);
    await post(url, options.warmupSeconds, options, `warm-${tag}`);
    const result = await post(url, options.durationSeconds, options, `load-${tag}`);
    const accepted = result.statusCodeStats['202']?.count ?? 0;
    const notAccepted: Record<string, number> = {};
    for (const [status, { count: n }] of Object.entries(result.statusCodeStats)) {
      if (status !== '202') notAccepted[status] = n;
    }
    return {
      instances: count,
      direct,
      connections: options.connections,
      durationSeconds: result.duration,
      acceptedPerSecond: round(accepted / result.duration),
      accepted,
      notAccepted,
      errors: result.errors,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
      mail: {
        requests: batchAccepted,
        emails: 2 * batchAccepted,
        seconds: round(mailSeconds, 1),
        emailsPerSecond: round((2 * batchAccepted) / mailSeconds),
      },
    };
  } finally {
    // The load's backlog is not waited for: each server hands back what it holds at stop.
    await Promise.all(servers.map((server) => server.stop()));
    await lb?.stop();
    await postgres.destroy();
  }
}

/**
 * The API and the outbox with one instance reached directly, then with each of `counts` instances
 * behind HAProxy (round robin) on one PostgreSQL, so the only difference between the HAProxy rows
 * is the number of instances, and the first two rows differ by HAProxy alone.
 */
export async function measureInstances(options: InstancesOptions): Promise<InstancesFigures[]> {
  const figures: InstancesFigures[] = [await measureOne(1, true, options)];
  for (const count of options.counts) figures.push(await measureOne(count, false, options));
  return figures;
}

export function instancesMarkdown(figures: readonly InstancesFigures[]): string {
  return table(
    ['instances', 'accepted/s', 'p50 ms', 'p99 ms', 'not accepted', 'e-mails/s (batch)'],
    figures.map((f) => [
      f.direct ? '1, direct (no HAProxy)' : `${f.instances} behind HAProxy`,
      f.acceptedPerSecond,
      f.latencyMs.p50,
      f.latencyMs.p99,
      Object.values(f.notAccepted).reduce((sum, n) => sum + n, 0) + f.errors,
      `${f.mail.emailsPerSecond} (${f.mail.emails} in ${f.mail.seconds} s)`,
    ]),
  );
}
