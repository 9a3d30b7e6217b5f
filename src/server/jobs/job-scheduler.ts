import os from 'node:os';
import type { Database } from '../db/database';
import { databaseInTransaction } from './database-in-transaction';
import { isJobDue, recordJobRun, tryLockJob } from './job-runs';

/** What a run did, for the log line and for what follows its commit. */
export interface JobReport {
  /** Counts (and such) for the log line. Never an address: the log keeps none it need not. */
  counts: Record<string, number | string>;
  /** The same in words, appended to the log line's message. */
  summary?: string;
  /** True when the run found nothing to do: its line is logged at debug, not info (a job due every minute). */
  idle?: boolean;
  /** Called once the run has committed, e.g. to wake the outbox for a message the run queued. */
  afterCommit?: () => void;
}

/**
 * A background job: due every `everyMs`, across all instances together. Its run gets a Database
 * whose every statement is in the run's one transaction (see databaseInTransaction), and `now`,
 * the scheduler's clock. A run that throws commits nothing and the job stays due.
 */
export interface Job {
  /** Its job_runs row and its lock; unique among the jobs. */
  name: string;
  everyMs: number;
  run(db: Database, now: Date): Promise<JobReport>;
}

export interface JobsLog {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface JobsOptions {
  /** JOBS_TICK_MS: how often this instance checks whether a job is due. */
  tickMs: number;
  log: JobsLog;
  /** The first check after start: by default the sooner of tickMs and 5 s, so a start is not slowed by it. */
  firstTickMs?: number;
  /** Written in job_runs with each run: by default the host name and process id. */
  instance?: string;
  /** The `now` each run is given; a test gives its own. Whether a job is due is the database's clock. */
  clock?: () => Date;
}

export interface RunningJobs {
  /** Checks no more; waits for a run in progress, so the database can be closed after. */
  stop(): Promise<void>;
}

/** What one check of one job came to. */
export type JobCheck =
  | { outcome: 'ran'; report: JobReport }
  /** Another instance holds the job's lock: it is running it now. */
  | { outcome: 'busy' }
  /** Its last whole run started less than everyMs ago. */
  | { outcome: 'not_due' };

// msInterval() passes durations as a PostgreSQL int.
const MAX_EVERY_MS = 2 ** 31 - 1;

/**
 * Runs `job` if it is due and no other instance is running it: one transaction holds the job's
 * lock (tried, not waited for), the check, the run's work and its job_runs row, so the run and its
 * record commit together or not at all.
 */
export async function runJobIfDue(db: Database, job: Job, instance: string, now: Date): Promise<JobCheck> {
  const check = await db.transaction(async (tx): Promise<JobCheck> => {
    if (!(await tryLockJob(tx, job.name))) return { outcome: 'busy' };
    if (!(await isJobDue(tx, job.name, job.everyMs))) return { outcome: 'not_due' };
    const report = await job.run(databaseInTransaction(tx, db.kind), now);
    await recordJobRun(tx, job.name, instance);
    return { outcome: 'ran', report };
  });
  if (check.outcome === 'ran') check.report.afterCommit?.();
  return check;
}

function checkJobs(jobs: readonly Job[], tickMs: number): void {
  const names = new Set<string>();
  for (const job of jobs) {
    if (job.name.trim() === '') throw new RangeError('a job needs a name');
    if (names.has(job.name)) throw new RangeError(`two jobs are named ${job.name}: each needs its own name`);
    names.add(job.name);
    if (!Number.isInteger(job.everyMs) || job.everyMs < 1 || job.everyMs > MAX_EVERY_MS) {
      throw new RangeError(`job ${job.name}: everyMs must be a whole number from 1 to ${MAX_EVERY_MS}`);
    }
  }
  if (!Number.isInteger(tickMs) || tickMs < 1)
    throw new RangeError('tickMs must be a whole number of at least 1');
}

/**
 * The one scheduler of background jobs. Every `tickMs` this instance checks each job in turn
 * (runJobIfDue): with several instances on one PostgreSQL, each due job runs once per `everyMs`
 * across all of them, and one that is running on another instance is skipped here. On PGlite
 * there is one process, and the same code runs with one scheduler.
 *
 * A failed check (the database down, the job throwing) is logged once, with a warning, until a check
 * of that job succeeds again, which is logged with how many failed in a row. A failed run committed
 * nothing, so the job is still due at the next tick, here or on another instance.
 */
export function startJobs(db: Database, jobs: readonly Job[], options: JobsOptions): RunningJobs {
  checkJobs(jobs, options.tickMs);
  const { log, tickMs } = options;
  const instance = options.instance ?? `${os.hostname()}/${process.pid}`;
  const clock = options.clock ?? (() => new Date());
  /** Failed checks in a row, by job: a job is here only while it is failing. */
  const failing = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const check = async (job: Job) => {
    const began = Date.now();
    let result: JobCheck;
    try {
      result = await runJobIfDue(db, job, instance, clock());
    } catch (error) {
      const failed = (failing.get(job.name) ?? 0) + 1;
      failing.set(job.name, failed);
      if (failed === 1) {
        log.warn(
          { err: error, job: job.name },
          `jobs: ${job.name} failed; it stays due and is tried again at the next tick`,
        );
      }
      return;
    }
    if (result.outcome === 'busy') {
      // Says nothing of this instance's health: the run is another instance's.
      log.debug({ job: job.name }, `jobs: ${job.name} is running on another instance`);
      return;
    }
    const failed = failing.get(job.name);
    if (failed !== undefined) {
      failing.delete(job.name);
      log.info(
        { job: job.name, failedChecks: failed },
        `jobs: ${job.name} succeeds again after ${failed} failed check(s)`,
      );
    }
    if (result.outcome === 'not_due') return;
    const { report } = result;
    const line = { job: job.name, ...report.counts, ms: Date.now() - began };
    const message = `jobs: ${job.name} ran${report.summary ? `: ${report.summary}` : ''}`;
    if (report.idle) log.debug(line, message);
    else log.info(line, message);
  };

  const tick = async () => {
    for (const job of jobs) {
      if (stopped) return;
      await check(job);
    }
  };

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        if (!stopped) schedule(tickMs);
      });
    }, delayMs);
    // A pending check must never keep the process alive by itself.
    timer.unref();
  };

  schedule(options.firstTickMs ?? Math.min(tickMs, 5_000));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
