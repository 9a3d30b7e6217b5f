import type { Database } from '../db/database';
import { OUTBOX_LANES, type OutboxLane } from './outbox-store';
import { OutboxWorker, type DeliverMessage, type OutboxWorkerOptions } from './outbox-worker';

/**
 * Sends in flight at once, per lane and per process. E-mails keep the eight they had when they
 * shared one lane with webhooks. A webhook lane of four lets a receiver that hangs for its whole
 * 10 s timeout still take 24 leads a minute per process, far more than a care provider's site
 * makes, while a slow receiver is one connection at a time to the same host, not a crowd.
 */
export const LANE_SLOTS: Readonly<Record<OutboxLane, number>> = { mail: 8, webhook: 4 };

/**
 * The outbox of one process: one worker per lane, each with its own slots, so no webhook receiver
 * can delay an e-mail. They share one database and one `deliver` (by kind): which lane sends a
 * message is decided by the claim (see claimDue), not here.
 */
export class OutboxLanes {
  readonly workers: readonly OutboxWorker[];

  constructor(
    db: Database,
    deliver: DeliverMessage,
    options: Omit<OutboxWorkerOptions, 'lane' | 'maxInFlight' | 'workerId'>,
  ) {
    this.workers = OUTBOX_LANES.map(
      (lane) => new OutboxWorker(db, deliver, { ...options, lane, maxInFlight: LANE_SLOTS[lane] }),
    );
  }

  start(): void {
    for (const worker of this.workers) worker.start();
  }

  /** Whether the e-mail lane is sending now (OutboxWorker.sending). */
  get mailSending(): boolean {
    return this.workers[OUTBOX_LANES.indexOf('mail')]?.sending ?? false;
  }

  /**
   * After a request is queued. Its messages may be in either lane (a lead has e-mails and a
   * webhook), and a lane with nothing due finds so in one indexed query, so both are woken.
   */
  wake(): void {
    for (const worker of this.workers) worker.wake();
  }

  /** Stops both lanes at once; each hands back or keeps its claims as OutboxWorker.stop says. */
  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }
}
