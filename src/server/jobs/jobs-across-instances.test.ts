import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openPostgresDatabase } from '../db/postgres-database';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { chooseAlert } from '../alerts/alert-preferences';
import { digestJob } from '../alerts/digest-job';
import { openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { recordingJobLog, until, type JobLogLine } from '../../../test/support/job-log';
import { storeLead } from '../../../test/support/lead-fixtures';
import { readJobRuns } from './job-runs';
import { startJobs, type Job, type JobReport, type RunningJobs } from './job-scheduler';

const HOUR_MS = 60 * 60 * 1000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const INSTANCES = ['a', 'b', 'c'] as const;

/**
 * Three instances on one PostgreSQL, as three server processes would be: each its own connection
 * pool and its own scheduler, checking every few milliseconds so they collide as often as they can.
 */
describe('jobs across three instances on one PostgreSQL', () => {
  let t: TestDatabase;
  let pools: Database[] = [];
  let running: RunningJobs[] = [];
  let logs: JobLogLine[][] = [];

  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    pools = INSTANCES.map(() => openPostgresDatabase(t.url!));
  });
  beforeEach(async () => {
    await t.reset();
    await t.db.query(
      'CREATE TABLE IF NOT EXISTS job_test_runs (instance text NOT NULL, began timestamptz NOT NULL)',
    );
    await t.db.query('TRUNCATE job_test_runs');
  });
  afterEach(async () => {
    await Promise.all(running.map((jobs) => jobs.stop()));
    running = [];
    logs = [];
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await t?.destroy();
  });

  /** Starts one scheduler per instance with the job `make(instance)` gives. */
  function startEverywhere(make: (instance: string) => Job, tickMs = 5, clock?: () => Date) {
    INSTANCES.forEach((instance, i) => {
      const log = recordingJobLog();
      logs.push(log.lines);
      running.push(startJobs(pools[i]!, [make(instance)], { tickMs, firstTickMs: 0, instance, log, clock }));
    });
  }

  /** A job that notes, in its run's transaction, which instance ran it and when the run began. */
  function notingJob(everyMs: number, work: () => Promise<void> = async () => {}) {
    const calls = { count: 0 };
    const make = (instance: string): Job => ({
      name: 'noted',
      everyMs,
      async run(db): Promise<JobReport> {
        calls.count += 1;
        await db.query('INSERT INTO job_test_runs (instance, began) VALUES ($1, now())', [instance]);
        await work();
        return { counts: {} };
      },
    });
    return { calls, make };
  }

  async function noted(): Promise<{ instance: string; began: Date }[]> {
    const { rows } = await t.db.query<{ instance: string; began: Date }>(
      'SELECT instance, began FROM job_test_runs ORDER BY began',
    );
    return rows.map((row) => ({ instance: row.instance, began: new Date(row.began) }));
  }

  const lines = (pattern: RegExp) => logs.flat().filter((line) => pattern.test(line.message));

  it('runs a due job once across the three, however many checks meet it, and the others skip while it runs', async () => {
    // A slow run: the other instances check some sixty times while it holds the lock.
    const { calls, make } = notingJob(HOUR_MS, () => sleep(300));
    startEverywhere(make);
    await until(() => calls.count === 1);
    await sleep(1_000);
    expect(calls.count).toBe(1);
    const runs = await noted();
    expect(runs).toHaveLength(1);
    expect(await readJobRuns(t.db)).toMatchObject([{ name: 'noted', instance: runs[0]!.instance, runs: 1 }]);
    expect(lines(/^jobs: noted ran$/)).toHaveLength(1);
    // The try-lock was met: an instance skipped the job rather than queue behind it.
    expect(lines(/is running on another instance/).length).toBeGreaterThan(0);
  });

  it('runs a job due every 400 ms once per 400 ms across the three', async () => {
    const { calls, make } = notingJob(400);
    startEverywhere(make);
    await until(() => calls.count >= 5, 20_000);
    await Promise.all(running.map((jobs) => jobs.stop()));
    const runs = await noted();
    expect(runs).toHaveLength(calls.count);
    expect((await readJobRuns(t.db))[0]?.runs).toBe(calls.count);
    // Each run began at least a period after the one before, by the database's clock.
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.began.getTime() - runs[i - 1]!.began.getTime()).toBeGreaterThanOrEqual(400);
    }
  });

  it('retries a run that throws at the next check, on any instance, and the failed run left nothing', async () => {
    let thrown = 0;
    const { calls, make } = notingJob(HOUR_MS, async () => {
      if (thrown++ === 0) throw new Error('the first run fails');
    });
    startEverywhere(make);
    await until(() => calls.count === 2);
    await sleep(300);
    expect(calls.count).toBe(2);
    expect(await noted()).toHaveLength(1);
    expect(await readJobRuns(t.db)).toMatchObject([{ runs: 1 }]);
    expect(lines(/^jobs: noted failed/)).toHaveLength(1);
  });

  it('runs a job again at the next check when the connection running it dies mid-run, as with kill -9', async () => {
    let first = true;
    let releaseHung: () => void = () => {};
    const { calls, make } = notingJob(HOUR_MS, async () => {
      if (!first) return;
      first = false;
      // Hangs as a process would that is killed mid-run, until its connection is cut.
      await new Promise<void>((resolve) => (releaseHung = resolve));
    });
    startEverywhere(make);
    await until(() => calls.count === 1);
    // As kill -9 would: the connection holding the run's transaction and lock goes.
    const { rows } = await t.db.query<{ cut: boolean }>(
      `SELECT pg_terminate_backend(pid) AS cut FROM pg_locks
        WHERE locktype = 'advisory' AND classid = $1 AND granted`,
      [ADVISORY_LOCKS.jobs],
    );
    expect(rows).toEqual([{ cut: true }]);
    await until(() => calls.count === 2);
    releaseHung();
    await sleep(200);
    const runs = await noted();
    expect(runs).toHaveLength(1);
    expect(await readJobRuns(t.db)).toMatchObject([{ runs: 1, instance: runs[0]!.instance }]);
  });

  it('queues each digest once when the three run the digest job at 08:00', async () => {
    const members = ['digest@care-audit.example', 'second@care-audit.example'];
    for (const member of members) await chooseAlert(t.db, member, 'daily_digest');
    await storeLead(t.db, {
      consent: true,
      email: 'lead@example.org',
      createdAt: new Date('2026-01-14T12:00:00Z'),
    });
    let woken = 0;
    const eight = new Date('2026-01-15T08:00:00Z');
    startEverywhere(
      () => digestJob({ members, retentionDays: 365, onQueued: () => (woken += 1) }),
      5,
      () => eight,
    );
    await until(() => lines(/^jobs: digest ran/).length === 1);
    await sleep(300);
    const { rows } = await t.db.query<{ recipient: string }>(
      `SELECT recipient FROM outbox_messages WHERE kind = 'lead_digest' ORDER BY recipient`,
    );
    expect(rows.map((row) => row.recipient)).toEqual(members);
    expect(woken).toBe(1);
    // Within its minute, no instance runs it again; had one, the digest records would still hold.
    expect(lines(/^jobs: digest ran/)).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toContain('@');
  });
});
