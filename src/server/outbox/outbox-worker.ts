import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/database';
import {
  claimDue,
  failAbandonedFinalAttempts,
  markSent,
  recordFailure,
  releaseClaims,
  type ClaimedMessage,
  type OutboxLane,
  type OutboxKind,
} from './outbox-store';
import { retryDelayMs } from './retry-delay';
import { faultLog, type FaultLog } from '../http/fault-log';

/** Delivers one message; rejects when it did not go. */
export type DeliverMessage = (message: ClaimedMessage) => Promise<void>;

export interface WorkerLog {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxWorkerOptions {
  retryBaseMs: number;
  maxAttempts: number;
  /** How long a claim holds; another worker may take the message back after that. */
  leaseMs: number;
  /** How often to look for due messages besides the wake-ups; other instances' messages are found this way. */
  pollIntervalMs: number;
  /**
   * Most sends in flight at once. When half of them have finished, the worker claims as many as
   * it can send again, so one slow send never holds up the others.
   */
  maxInFlight?: number;
  /** The lane whose messages it claims (see OutboxLane); unset: every kind, in one lane. */
  lane?: OutboxLane;
  /** How long `stop` waits for sends in flight before handing them back. */
  stopTimeoutMs?: number;
  workerId?: string;
  log: WorkerLog;
  /**
   * Told how each attempt ended and how long the delivery took (for the metrics): 'sent' once
   * delivered, 'retry' when it failed and goes back to the queue, 'failed' when given up on.
   */
  onOutcome?: (kind: OutboxKind, outcome: DeliveryOutcome, ms: number) => void;
}

/** How one attempt at a message ended. */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed';

/**
 * A delivery that will not succeed however often it is tried (a webhook answered 410 Gone, a
 * sign-in link that expired before it could be sent): the message is marked failed at once.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

/**
 * A failure that will not change with time: a PermanentDeliveryError, or the relay's 5xx refusal
 * of this recipient or this message (no such mailbox, message rejected). A 5xx about our side — a
 * wrong password, TLS required — is not: it goes away when the operator fixes SMTP_URL, so those
 * keep being retried.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof PermanentDeliveryError) return true;
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const refused = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return refused && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Sends the outbox: claims due messages, delivers them, records the outcome, and retries failures
 * after base × 2^(attempt−1) until `maxAttempts`, then leaves them failed. Any number of workers
 * (one per server process) may share one PostgreSQL database; each message is claimed by one.
 */
export class OutboxWorker {
  readonly workerId: string;
  private readonly maxInFlight: number;
  private readonly stopTimeoutMs: number;
  private running: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private sendFinished: (() => void) | undefined;
  private lastAbandonedCheck = 0;
  private stopping = false;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;
  // Delivered, but the database did not take the news (it was down): recorded on the next round,
  // while the claim still holds, so the message is not sent twice.
  private readonly deliveredUnrecorded = new Set<string>();
  // Logged once when they start failing and once when they succeed again, with a count: a relay
  // that is down or a read-only mail folder fails every attempt, and a line per attempt flooded the
  // log (issue 22). Each attempt is still logged at debug, and its error kept in the outbox row.
  // The first sent message ends a run of failed attempts: waiting for a quiet spell instead could
  // leave the end unlogged, as messages waiting for their retry send nothing to end it with.
  private readonly rounds: FaultLog;
  private readonly retries: FaultLog;

  constructor(
    private readonly db: Database,
    private readonly deliver: DeliverMessage,
    private readonly options: OutboxWorkerOptions,
  ) {
    const lane = options.lane ? `:${options.lane}` : '';
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}${lane}`;
    this.maxInFlight = options.maxInFlight ?? 8;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    const name = `outbox${options.lane ? ` (${options.lane} lane)` : ''}`;
    this.rounds = faultLog(options.log, {
      level: 'warn',
      started: `${name}: rounds fail; will retry`,
      healed: `${name}: rounds succeed again`,
    });
    this.retries = faultLog(options.log, {
      level: 'warn',
      started: `${name}: attempts failing; each is retried later`,
      healed: `${name}: attempts succeed again`,
    });
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.loop();
  }

  /**
   * Whether it is sending now: started, not stopping, and neither its rounds nor its attempts
   * failing. Only then can whatever waits for it (MailBacklog) expect it to catch up.
   */
  get sending(): boolean {
    return this.running !== undefined && !this.stopping && !this.rounds.failing && !this.retries.failing;
  }

  /** Looks for due messages now (after a request is committed, say) rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /**
   * Claims nothing more and waits up to stopTimeoutMs for sends in flight. What it still holds
   * after that returns to the outbox when its lease ends (or at the next start, on PGlite).
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopping = true;
    this.wakeSleeper?.();
    this.sendFinished?.();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.running.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), this.stopTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    // Sends still running may yet succeed: handing them back now could send them twice, so they
    // keep their claims and come back to the outbox when their lease runs out.
    if (!finished)
      this.options.log.warn(
        { workerId: this.workerId },
        'outbox: sends still running at stop; they return to the outbox when their lease ends',
      );
    try {
      await this.recordDelivered();
      if (finished) await releaseClaims(this.db, this.workerId, this.options.maxAttempts);
    } catch (error) {
      // Their leases run out on their own; another worker takes them then.
      this.options.log.warn({ err: error }, 'outbox: could not hand back claims at stop');
    }
    this.running = undefined;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let queueEmptied = true;
      // Refilled at half: one claim query for several messages rather than one per finished send.
      if (this.inFlight.size <= this.maxInFlight / 2) {
        try {
          const free = this.maxInFlight - this.inFlight.size;
          const messages = await this.claim(free);
          for (const message of messages) this.track(this.send(message));
          // Fewer than asked for: nothing else is due now.
          queueEmptied = messages.length < free;
          this.roundSucceeded();
        } catch (error) {
          this.roundFailed(error);
        }
      }
      if (this.stopping) break;
      if (this.inFlight.size > this.maxInFlight / 2) await this.nextSendFinished();
      // A wake-up during the claim means a new message; otherwise wait for one or for the next poll.
      else if (queueEmptied && !this.woken) await this.sleep(this.options.pollIntervalMs);
    }
    await Promise.all(this.inFlight);
  }

  // Logged once per outage, not once per poll.
  private roundFailed(error: unknown): void {
    this.rounds.failed(error);
  }

  private roundSucceeded(): void {
    this.rounds.succeeded();
  }

  private track(sending: Promise<void>): void {
    const tracked = sending
      .catch((error: unknown) => this.roundFailed(error))
      .finally(() => {
        this.inFlight.delete(tracked);
        this.sendFinished?.();
      });
    this.inFlight.add(tracked);
  }

  private nextSendFinished(): Promise<void> {
    return new Promise((resolve) => {
      this.sendFinished = () => {
        this.sendFinished = undefined;
        resolve();
      };
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }

  /** Records old news, clears abandoned last attempts (once a poll interval is enough), claims up to `limit`. */
  private async claim(limit: number): Promise<ClaimedMessage[]> {
    await this.recordDelivered();
    // A lease lasts far longer than a poll interval, so looking more often finds nothing new.
    if (Date.now() - this.lastAbandonedCheck >= this.options.pollIntervalMs) {
      await failAbandonedFinalAttempts(this.db, this.options.maxAttempts);
      this.lastAbandonedCheck = Date.now();
    }
    return claimDue(this.db, this.workerId, {
      limit,
      leaseMs: this.options.leaseMs,
      maxAttempts: this.options.maxAttempts,
      lane: this.options.lane,
    });
  }

  private async send(message: ClaimedMessage): Promise<void> {
    const context = {
      workerId: this.workerId,
      messageId: message.id,
      kind: message.kind,
      attempt: message.attempts,
    };
    let failure: unknown;
    const startedAt = performance.now();
    try {
      // No timeout of our own: abandoning a send that may still succeed would send it twice. The
      // SMTP transport's own timeouts (under a minute) end a send that hangs.
      await this.deliver(message);
    } catch (error) {
      failure = error;
    }
    const deliveryMs = performance.now() - startedAt;
    if (failure === undefined) {
      // Counted when delivered, not when recorded: the recording may wait for the database.
      this.options.onOutcome?.(message.kind, 'sent', deliveryMs);
      this.deliveredUnrecorded.add(message.id);
      this.options.log.info(context, 'outbox: message sent');
      this.retries.succeeded();
      await markSent(this.db, message.id, this.workerId);
      this.deliveredUnrecorded.delete(message.id);
      return;
    }
    const permanent = isPermanentFailure(failure);
    const status = await recordFailure(this.db, message.id, this.workerId, {
      error: describeError(failure),
      retryInMs: retryDelayMs(this.options.retryBaseMs, message.attempts),
      maxAttempts: this.options.maxAttempts,
      permanent,
    });
    // A claim lost meanwhile (status undefined) is another worker's to retry.
    this.options.onOutcome?.(message.kind, status === 'failed' ? 'failed' : 'retry', deliveryMs);
    const fields = { ...context, err: failure, status, permanent };
    // A message given up on is logged on its own, at error: someone has to look at it.
    if (status === 'failed') {
      this.options.log.error(fields, 'outbox: attempt failed');
      return;
    }
    this.options.log.debug(fields, 'outbox: attempt failed');
    this.retries.failed(failure);
  }

  private async recordDelivered(): Promise<void> {
    for (const id of [...this.deliveredUnrecorded]) {
      await markSent(this.db, id, this.workerId);
      this.deliveredUnrecorded.delete(id);
    }
  }
}
