import autocannon, { type Result } from 'autocannon';
import { validBody } from '../../test/support/requests';
import { startCpuAccounting, type CpuUsage, type Measured } from './cpu-usage';
import { round } from './stats';

export interface LoadFigures {
  connections: number;
  durationSeconds: number;
  /** Answers counted as success: 202 (queued) for the e-mail API, 200 for a page. */
  okPerSecond: number;
  okCount: number;
  /** Answers that were not the expected success, by status, and socket errors/timeouts. */
  otherStatuses: Record<string, number>;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Where the machine's CPU went during the measured run (not the warm-up). */
  cpu: CpuUsage;
  /** CPU milliseconds per successful answer: the server process, and the PostgreSQL server if any. */
  serverCpuMsPerOk: number;
  postgresCpuMsPerOk: number;
  /** E-mails the server's outbox delivered to the SMTP listener during the measured run. */
  mailsDelivered: number;
}

function figures(
  result: Result,
  cpu: CpuUsage,
  mailsDelivered: number,
  connections: number,
  ok: (status: number) => boolean,
): LoadFigures {
  let okCount = 0;
  const otherStatuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    if (ok(Number(status))) okCount += count;
    else otherStatuses[status] = count;
  }
  return {
    connections,
    durationSeconds: result.duration,
    okPerSecond: round(okCount / result.duration),
    okCount,
    otherStatuses,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    cpu,
    serverCpuMsPerOk: okCount ? round((cpu.server * 1000) / okCount, 3) : Number.NaN,
    postgresCpuMsPerOk: okCount ? round((cpu.postgres * 1000) / okCount, 3) : Number.NaN,
    mailsDelivered,
  };
}

/** Sends the warm-up load, then the measured load with CPU accounting around it. */
async function measure(
  run: (seconds: number) => Promise<Result>,
  options: LoadOptions,
  ok: (status: number) => boolean,
): Promise<LoadFigures> {
  await run(options.warmupSeconds);
  const stopAccounting = startCpuAccounting(options.measured);
  const mailsBefore = options.mailsReceived();
  const result = await run(options.durationSeconds);
  const cpu = stopAccounting();
  return figures(result, cpu, options.mailsReceived() - mailsBefore, options.connections, ok);
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  /** Load first sent for this long and not counted: JIT compilation, connection pools and caches warm up. */
  warmupSeconds: number;
  /** The processes under test, for the CPU accounting. */
  measured: Measured;
  /** Messages the SMTP listener has received so far, to count the outbox's sends during the run. */
  mailsReceived: () => number;
}

/**
 * `POST /api/email-results` as the e-mail form sends it (all 25 answers and a note), each request
 * to a different address so the per-recipient limit and its advisory lock see distinct keys, as
 * they would with real visitors. Only 202 (queued) counts as accepted.
 */
export async function loadEmailApi(baseUrl: string, options: LoadOptions): Promise<LoadFigures> {
  const body = JSON.stringify(validBody({ email: 'manager-[<id>]@care-home.example' }));
  const run = (duration: number) =>
    autocannon({
      url: `${baseUrl}/api/email-results`,
      connections: options.connections,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      idReplacement: true,
    });
  return measure(run, options, (status) => status === 202);
}

/** `GET /` as a browser asks for it (gzip accepted), without a cached copy to revalidate. */
export async function loadHomePage(baseUrl: string, options: LoadOptions): Promise<LoadFigures> {
  const run = (duration: number) =>
    autocannon({
      url: `${baseUrl}/`,
      connections: options.connections,
      duration,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
  return measure(run, options, (status) => status === 200);
}
