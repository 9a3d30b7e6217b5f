import type { Database } from '../db/database';
import { forgetOldSubmissionKeys } from '../benchmark/completed-audits';
import { purgeExpiredRequests, type Removed } from './lead-records';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface RetentionJobOptions {
  retentionDays: number;
  log: RetentionLog;
  /** After start-up, so a start is not slowed by it; soon, so a server restarted daily still purges. */
  firstRunDelayMs?: number;
  intervalMs?: number;
}

export interface RetentionJob {
  /** Runs no more; waits for a run in progress, so the database can be closed after. */
  stop(): Promise<void>;
}

/**
 * Deletes requests older than `retentionDays` (and forgets the benchmark's idempotency keys after
 * two days) shortly after start-up and then once a day. Every
 * server instance runs one: the DELETE is idempotent, so on one shared PostgreSQL the later runs
 * simply find nothing left. A failed run (the database down, say) is logged and the next one a day
 * later catches up, since it deletes everything past the cut-off, not just one day's worth.
 */
export function startRetentionJob(db: Database, options: RetentionJobOptions): RetentionJob {
  const intervalMs = options.intervalMs ?? DAY_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        if (!stopped) schedule(intervalMs);
      });
    }, delayMs);
    // A pending purge must never keep the process alive by itself.
    timer.unref();
  };

  const run = async () => {
    let removed: Removed;
    let forgottenKeys: number;
    try {
      removed = await purgeExpiredRequests(db, options.retentionDays);
      forgottenKeys = await forgetOldSubmissionKeys(db);
    } catch (error) {
      options.log.warn({ err: error }, 'retention: purge failed; will try again at the next run');
      return;
    }
    options.log.info(
      { retentionDays: options.retentionDays, requests: removed.requests, messages: removed.messages },
      `retention: removed ${removed.requests} request(s) and ${removed.messages} message(s) older than ${options.retentionDays} days`,
    );
    if (forgottenKeys > 0) {
      options.log.info(
        { submissionKeys: forgottenKeys },
        `retention: forgot ${forgottenKeys} audit submission key(s)`,
      );
    }
  };

  schedule(options.firstRunDelayMs ?? 60_000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
