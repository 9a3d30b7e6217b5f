import autocannon from 'autocannon';
import type { SmtpTestServer } from '../../test/support/smtp';
import { validBody } from '../../test/support/requests';
import { startBenchServer } from './servers';
import { round } from './stats';

/** How the outbox keeps up with a burst of accepted requests, and how fast it drains what is left. */
export interface MailThroughput {
  database: 'pglite';
  burst: { seconds: number; connections: number; accepted: number; acceptedPerSecond: number; p99Ms: number };
  /** E-mails the SMTP listener received while the burst ran. */
  sentDuringBurst: number;
  sentPerSecondDuringBurst: number;
  /** E-mails still to send when the burst ended (two per accepted request: the visitor's and the team's). */
  backlogAfterBurst: number;
  /** From the end of the burst until the last e-mail arrived (capped at `drainLimitSeconds`). */
  drainSeconds: number;
  sentPerSecondAfterBurst: number;
  /** False when the backlog was not drained within the limit (the figures then cover the limit). */
  drained: boolean;
}

export interface MailThroughputOptions {
  smtp: SmtpTestServer;
  burstSeconds: number;
  connections: number;
  drainLimitSeconds: number;
}

/**
 * A burst of `POST /api/email-results` (each to its own address, as a crowd of visitors would)
 * against a server on PGlite whose outbox sends every accepted request's two e-mails, the
 * visitor's with its PDF, to a real SMTP listener. Counts what arrives during the burst and how
 * long the rest takes.
 */
export async function measureMailThroughput(options: MailThroughputOptions): Promise<MailThroughput> {
  const { smtp } = options;
  const server = await startBenchServer({ smtpUrl: smtp.url });
  try {
    const body = JSON.stringify(validBody({ email: 'burst-[<id>]@care-home.example' }));
    const before = smtp.received;
    const burstStarted = performance.now();
    const result = await autocannon({
      url: `${server.url}/api/email-results`,
      connections: options.connections,
      duration: options.burstSeconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      idReplacement: true,
    });
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const sentDuringBurst = smtp.received - before;
    const accepted = result.statusCodeStats['202']?.count ?? 0;
    const expected = accepted * 2;

    const drainStarted = performance.now();
    const limitMs = options.drainLimitSeconds * 1000;
    while (smtp.received - before < expected && performance.now() - drainStarted < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const sentAfter = smtp.received - before - sentDuringBurst;
    return {
      database: 'pglite',
      burst: {
        seconds: round(burstSeconds, 1),
        connections: options.connections,
        accepted,
        acceptedPerSecond: round(accepted / burstSeconds),
        p99Ms: result.latency.p99,
      },
      sentDuringBurst,
      sentPerSecondDuringBurst: round(sentDuringBurst / burstSeconds, 1),
      backlogAfterBurst: expected - sentDuringBurst,
      drainSeconds: round(drainSeconds, 1),
      sentPerSecondAfterBurst: round(sentAfter / drainSeconds),
      drained: smtp.received - before >= expected,
    };
  } finally {
    await server.stop();
  }
}
