import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { Queryable } from '../db/database';
import { msInterval } from '../db/ms-interval';

/**
 * Takes the job's lock for the rest of the transaction, if no other transaction holds it: false
 * when another instance is running the job right now (it is then skipped here, not waited for).
 * The lock goes with the transaction's commit or rollback, and with its connection if the process
 * dies, so no lock outlives the run that took it.
 */
export async function tryLockJob(tx: Queryable, name: string): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_xact_lock($1::int, hashtext($2)) AS locked',
    [ADVISORY_LOCKS.jobs, name],
  );
  return rows[0]?.locked === true;
}

/**
 * Whether the job is due: it has never run whole, or its last whole run started at least `everyMs`
 * ago, by the database's clock (the one clock every instance shares). Read after tryLockJob, so a
 * run another instance has just committed is seen.
 */
export async function isJobDue(tx: Queryable, name: string, everyMs: number): Promise<boolean> {
  const { rows } = await tx.query<{ due: boolean }>(
    `SELECT started_at <= now() - ${msInterval('$2')} AS due FROM job_runs WHERE name = $1`,
    [name, everyMs],
  );
  return rows[0]?.due ?? true;
}

/** Records a run, inside the run's own transaction: it began when that transaction began, and ends now. */
export async function recordJobRun(tx: Queryable, name: string, instance: string): Promise<void> {
  await tx.query(
    `INSERT INTO job_runs (name, started_at, finished_at, instance) VALUES ($1, now(), clock_timestamp(), $2)
     ON CONFLICT (name) DO UPDATE
       SET started_at = excluded.started_at, finished_at = excluded.finished_at,
           instance = excluded.instance, runs = job_runs.runs + 1`,
    [name, instance],
  );
}

/** A job's last whole run, as job_runs holds it. */
export interface JobRun {
  name: string;
  startedAt: Date;
  finishedAt: Date;
  instance: string;
  /** Whole runs since the row was made, on every instance together. */
  runs: number;
}

/** Every job's last whole run, by name. */
export async function readJobRuns(db: Queryable): Promise<JobRun[]> {
  const { rows } = await db.query<{
    name: string;
    started_at: Date;
    finished_at: Date;
    instance: string;
    runs: number;
  }>('SELECT name, started_at, finished_at, instance, runs FROM job_runs ORDER BY name');
  return rows.map((row) => ({
    name: row.name,
    startedAt: new Date(row.started_at),
    finishedAt: new Date(row.finished_at),
    instance: row.instance,
    runs: Number(row.runs),
  }));
}
