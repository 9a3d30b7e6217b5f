import autocannon from 'autocannon';
import { validBody } from '../../test/support/requests';
import type { SmtpArrival, SmtpTestServer } from '../../test/support/smtp';
import { table } from './markdown-table';
import { startBenchServer } from './servers';
import { median, percentile, round } from './stats';

/** Seconds from a request's `202` to its e-mail reaching the relay, over a set of e-mails. */
export interface WaitFigures {
  emails: number;
  medianS: number;
  p95S: number;
  maxS: number;
}

/** How long a visitor waits for the e-mail during and after a burst of requests. */
export interface OutboxBurstFigures {
  database: 'pglite' | 'postgres';
  connections: number;
  burstSeconds: number;
  accepted: number;
  /** How long the `202` itself took (autocannon's latency over every answer), in milliseconds. */
  answerMs: { p50: number; p99: number; max: number };
  /** Requests not answered 202: another status, an error or a timeout. */
  notAccepted: number;
  /** E-mails (visitor's and team's) that reached the relay while the burst ran. */
  sentDuringBurst: number;
  /** From the end of the burst until the last e-mail arrived (capped at the drain limit). */
  drainSeconds: number;
  drained: boolean;
  /** Every e-mail of the accepted requests, and those accepted in the burst's first and second half. */
  all: WaitFigures;
  visitor: WaitFigures;
  team: WaitFigures;
  firstHalf: WaitFigures;
  secondHalf: WaitFigures;
  /** E-mails not arrived when the bench stopped waiting (each counted as waiting until then). */
  missing: number;
}

export interface OutboxBurstOptions {
  /** A listener started with `keep: 'arrivals'`. */
  smtp: SmtpTestServer;
  /** Unset: PGlite in a new data folder. */
  databaseUrl?: string;
  burstSeconds: number;
  connections: number;
  drainLimitSeconds: number;
}

const TEAM_ADDRESS = 'team@care-audit.test';

/** The visitor a message is about: its envelope recipient, or for the team's e-mail its Reply-To. */
function visitorOf(arrival: SmtpArrival): string | undefined {
  if (!arrival.to.includes(TEAM_ADDRESS)) return arrival.to[0];
  return /^Reply-To:\s*<?([^\s>]+)>?/im.exec(arrival.head)?.[1];
}

/**
 * One request, and its two e-mails awaited, before the burst: the PDF thread and the SMTP
 * connections start with the first e-mail (seconds on a busy machine), which is no part of what a
 * running server does with a burst.
 */
async function warmUp(url: string, smtp: SmtpTestServer): Promise<void> {
  const before = smtp.arrivals.length;
  const answer = await fetch(`${url}/api/email-results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validBody({ email: 'warm-up@care-home.example' })),
  });
  if (answer.status !== 202) throw new Error(`the warm-up request was answered ${answer.status}`);
  const deadline = performance.now() + 120_000;
  while (smtp.arrivals.length - before < 2) {
    if (performance.now() > deadline) throw new Error('the warm-up e-mails did not arrive in 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** When each visitor's two e-mails first arrived, by the visitor's address. */
function arrivalsByVisitor(
  arrivals: readonly SmtpArrival[],
): Map<string, { visitor?: number; team?: number }> {
  const byVisitor = new Map<string, { visitor?: number; team?: number }>();
  for (const arrival of arrivals) {
    const visitor = visitorOf(arrival);
    if (!visitor) continue;
    const entry = byVisitor.get(visitor) ?? {};
    entry[arrival.to.includes(TEAM_ADDRESS) ? 'team' : 'visitor'] ??= arrival.at;
    byVisitor.set(visitor, entry);
  }
  return byVisitor;
}

function waits(values: readonly number[]): WaitFigures {
  const seconds = (ms: number) => round(ms / 1000, 1);
  return {
    emails: values.length,
    medianS: seconds(median(values)),
    p95S: seconds(percentile(values, 95)),
    maxS: seconds(values.length ? Math.max(...values) : Number.NaN),
  };
}

/**
 * The issue's burst: `connections` connections post `POST /api/email-results` for `burstSeconds`,
 * each request to its own address, against the real server process (PGlite, or PostgreSQL when
 * given a URL) with LEADS_TO set, so each accepted request queues two e-mails, the visitor's with
 * its PDF. The bench notes when each `202` came back and when each e-mail reached the SMTP
 * listener (the visitor's by its recipient, the team's by its Reply-To), and reports the wait
 * between the two, for every e-mail until the backlog has gone.
 */
export async function measureOutboxBurst(options: OutboxBurstOptions): Promise<OutboxBurstFigures> {
  const { smtp } = options;
  const server = await startBenchServer({ smtpUrl: smtp.url, databaseUrl: options.databaseUrl });
  try {
    await warmUp(server.url, smtp);
    const acceptedAt = new Map<string, number>();
    let next = 0;
    const burstStarted = performance.now();
    const arrivalsBefore = smtp.arrivals.length;
    const load = await autocannon({
      url: `${server.url}/api/email-results`,
      connections: options.connections,
      duration: options.burstSeconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A browser waits for its answer far longer than autocannon's 10 s; one held back while the
      // e-mails catch up is still answered.
      timeout: 30,
      requests: [
        {
          // One request at a time per connection, so its context names the request answered.
          setupRequest(request, context) {
            context.email = `burst-${++next}@care-home.example`;
            return { ...request, body: JSON.stringify(validBody({ email: context.email })) };
          },
          onResponse(status, _body, context) {
            if (status === 202) acceptedAt.set(String(context.email), performance.now());
          },
        },
      ],
    });
    const burstEnded = performance.now();
    const sentDuringBurst = smtp.arrivals.slice(arrivalsBefore).filter((a) => a.at <= burstEnded).length;
    // Until every accepted request's two e-mails have arrived: a request answered after autocannon
    // stopped listening sends e-mails too, so a count of arrivals would end the wait too soon.
    const allArrived = () => {
      const byVisitor = arrivalsByVisitor(smtp.arrivals.slice(arrivalsBefore));
      return [...acceptedAt.keys()].every((email) => {
        const entry = byVisitor.get(email);
        return entry?.visitor !== undefined && entry.team !== undefined;
      });
    };
    while (!allArrived() && performance.now() - burstEnded < options.drainLimitSeconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const stoppedWaiting = performance.now();
    const lastArrival = smtp.arrivals.at(-1)?.at ?? burstEnded;
    const arrivals = arrivalsByVisitor(smtp.arrivals.slice(arrivalsBefore));
    const half = burstStarted + (burstEnded - burstStarted) / 2;
    const all: number[] = [];
    const visitor: number[] = [];
    const team: number[] = [];
    const firstHalf: number[] = [];
    const secondHalf: number[] = [];
    let missing = 0;
    for (const [email, at] of acceptedAt) {
      const entry = arrivals.get(email) ?? {};
      for (const kind of ['visitor', 'team'] as const) {
        const reached = entry[kind];
        if (reached === undefined) missing += 1;
        const wait = (reached ?? stoppedWaiting) - at;
        all.push(wait);
        (kind === 'visitor' ? visitor : team).push(wait);
        (at <= half ? firstHalf : secondHalf).push(wait);
      }
    }
    return {
      database: options.databaseUrl ? 'postgres' : 'pglite',
      connections: options.connections,
      burstSeconds: round((burstEnded - burstStarted) / 1000, 1),
      accepted: acceptedAt.size,
      answerMs: { p50: load.latency.p50, p99: load.latency.p99, max: load.latency.max },
      notAccepted: load.non2xx + load.errors + load.timeouts,
      sentDuringBurst,
      drainSeconds: round(Math.max(0, lastArrival - burstEnded) / 1000, 1),
      drained: missing === 0,
      all: waits(all),
      visitor: waits(visitor),
      team: waits(team),
      firstHalf: waits(firstHalf),
      secondHalf: waits(secondHalf),
      missing,
    };
  } finally {
    await server.stop();
  }
}

/** The figures as Markdown, for the terminal and docs/performance.md. */
export function outboxBurstMarkdown(runs: readonly OutboxBurstFigures[]): string {
  const wait = (w: WaitFigures) => `${w.medianS} / ${w.p95S} / ${w.maxS} s`;
  return [
    `**From \`202\` to the relay during a burst** (autocannon, ${runs[0]?.connections ?? '?'} connections for ${runs[0]?.burstSeconds ?? '?'} s, each request to its own address, two e-mails each; median / p95 / max wait from the request's \`202\` to its e-mail reaching the SMTP listener)`,
    '',
    table(
      [
        'database',
        'accepted (not)',
        'answer p50 / p99 / max',
        'sent during the burst',
        'drained after',
        'all e-mails',
        "visitor's",
        'accepted in 1st half',
        'accepted in 2nd half',
      ],
      runs.map((r) => [
        r.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
        `${r.accepted} (${r.notAccepted})`,
        `${r.answerMs.p50} / ${r.answerMs.p99} / ${r.answerMs.max} ms`,
        r.sentDuringBurst,
        `${r.drainSeconds} s${r.drained ? '' : ` (**${r.missing} not arrived**)`}`,
        wait(r.all),
        wait(r.visitor),
        wait(r.firstHalf),
        wait(r.secondHalf),
      ]),
    ),
  ].join('\n');
}
