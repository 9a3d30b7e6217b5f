import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { recordingJobLog, until } from '../../../test/support/job-log';
import { useTestDatabase } from '../../../test/support/suite-database';
import { readJobRuns } from './job-runs';
import { runJobIfDue, startJobs, type Job, type JobReport, type RunningJobs } from './job-scheduler';

const HOUR_MS = 60 * 60 * 1000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A job that counts its runs and writes a row in the run's transaction, so a rollback shows. */
function countingJob(
  name: string,
  everyMs: number,
  work: (db: Database, run: number) => Promise<void> = async () => {},
) {
  const job = {
    calls: 0,
    name,
    everyMs,
    async run(db: Database): Promise<JobReport> {
      job.calls += 1;
      await db.query('INSERT INTO job_test_marks (job, run) VALUES ($1, $2)', [name, job.calls]);
      await work(db, job.calls);
      return { counts: { run: job.calls }, summary: `run ${job.calls}` };
    },
  };
  return job;
}

async function marks(db: Database): Promise<number[]> {
  const { rows } = await db.query<{ run: number }>('SELECT run FROM job_test_marks ORDER BY run');
  return rows.map((row) => row.run);
}

describe.each(DATABASE_KINDS)('the job scheduler on %s', (kind) => {
  const t = useTestDatabase(kind);
  let jobs: RunningJobs | undefined;
  const start = (list: Job[], options: Partial<Parameters<typeof startJobs>[2]> = {}) => {
    const log = recordingJobLog();
    jobs = startJobs(t.db, list, { tickMs: 10, firstTickMs: 0, instance: 'here', log, ...options });
    return log;
  };

  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
    // Its own table, not the schema's: reset() would not know it.
    await t.db.query('DROP TABLE IF EXISTS job_test_marks');
  });
  // Made per test (afterEach drops it) so a rolled-back run can be seen to have written nothing.
  const withMarks = () => t.db.query('CREATE TABLE job_test_marks (job text NOT NULL, run int NOT NULL)');

  it('runs a job never run at the first check, records it, and not again within its period', async () => {
    await withMarks();
    const job = countingJob('hourly', HOUR_MS);
    const log = start([job]);
    await until(() => job.calls === 1);
    // Fifty more checks or so: none of them finds it due.
    await sleep(500);
    await jobs?.stop();
    expect(job.calls).toBe(1);
    const [run] = await readJobRuns(t.db);
    expect(run).toMatchObject({ name: 'hourly', instance: 'here', runs: 1 });
    expect(run!.finishedAt.getTime()).toBeGreaterThanOrEqual(run!.startedAt.getTime());
    expect(log.lines).toEqual([
      {
        level: 'info',
        object: { job: 'hourly', run: 1, ms: expect.any(Number) },
        message: 'jobs: hourly ran: run 1',
      },
    ]);
  });

  it('runs a job again once its period has passed since its last run began', async () => {
    await withMarks();
    const job = countingJob('often', 300);
    start([job]);
    await until(() => job.calls >= 3);
    await jobs?.stop();
    const [run] = await readJobRuns(t.db);
    expect(run?.runs).toBe(job.calls);
    expect(await marks(t.db)).toEqual(Array.from({ length: job.calls }, (_, i) => i + 1));
  });

  it('is due by its job_runs row: a run begun 23 hours ago is not, one begun 24 hours ago is', async () => {
    await withMarks();
    const job = countingJob('daily', 24 * HOUR_MS);
    await t.db.query(
      `INSERT INTO job_runs (name, started_at, finished_at, instance) VALUES ('daily', now() - interval '23 hours', now(), 'before')`,
    );
    // As an instance restarted 23 hours after the last run: it does not run it again early.
    expect(await runJobIfDue(t.db, job, 'restarted', new Date())).toEqual({ outcome: 'not_due' });
    await t.db.query(`UPDATE job_runs SET started_at = now() - interval '24 hours'`);
    expect(await runJobIfDue(t.db, job, 'restarted', new Date())).toMatchObject({ outcome: 'ran' });
    expect(await runJobIfDue(t.db, job, 'restarted', new Date())).toEqual({ outcome: 'not_due' });
    expect(await readJobRuns(t.db)).toMatchObject([{ name: 'daily', instance: 'restarted', runs: 2 }]);
    expect(job.calls).toBe(1);
  });

  it('waits for its first check, and stop before it runs nothing', async () => {
    await withMarks();
    const job = countingJob('hourly', HOUR_MS);
    const log = start([job], { firstTickMs: 200 });
    await jobs?.stop();
    await sleep(300);
    expect(job.calls).toBe(0);
    expect(await readJobRuns(t.db)).toEqual([]);
    expect(log.lines).toEqual([]);
  });

  it('stop waits for a run in progress, which commits, so the database can be closed after', async () => {
    await withMarks();
    let finished = false;
    const job = countingJob('slow', HOUR_MS, async () => {
      await sleep(200);
      finished = true;
    });
    start([job]);
    await until(() => job.calls === 1);
    await jobs?.stop();
    expect(finished).toBe(true);
    expect(await readJobRuns(t.db)).toMatchObject([{ name: 'slow', runs: 1 }]);
  });

  it('commits nothing of a run that throws, logs it once, retries it at the next checks, and says when it succeeds', async () => {
    await withMarks();
    let failUntil = 5;
    const job = countingJob('flaky', HOUR_MS, async (_db, run) => {
      if (run <= failUntil) throw new Error(`run ${run} failed`);
    });
    const log = start([job]);
    await until(() => job.calls > failUntil);
    await until(() => log.lines.some((line) => line.message.startsWith('jobs: flaky ran')));
    await jobs?.stop();
    expect(job.calls).toBe(6);
    // Each failed run's mark went with its rollback; only the run that succeeded is there, once.
    expect(await marks(t.db)).toEqual([6]);
    expect(await readJobRuns(t.db)).toMatchObject([{ name: 'flaky', runs: 1 }]);
    expect(log.lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'jobs: flaky failed; it stays due and is tried again at the next tick'],
      ['info', 'jobs: flaky succeeds again after 5 failed check(s)'],
      ['info', 'jobs: flaky ran: run 6'],
    ]);
    expect(log.lines[1]?.object).toEqual({ job: 'flaky', failedChecks: 5 });
    failUntil = 0;
  });

  it('logs a failing database once, whatever the job, and keeps checking', async () => {
    let down = true;
    const flaky: Database = {
      kind: t.db.kind,
      query: (sql, params) => (down ? Promise.reject(new Error('database down')) : t.db.query(sql, params)),
      runScript: (sql) => t.db.runScript(sql),
      transaction: (work) => (down ? Promise.reject(new Error('database down')) : t.db.transaction(work)),
      close: () => Promise.resolve(),
    };
    let checks = 0;
    const job: Job = { name: 'any', everyMs: HOUR_MS, run: async () => ({ counts: {} }) };
    const log = recordingJobLog();
    jobs = startJobs(flaky, [job], {
      tickMs: 5,
      firstTickMs: 0,
      log,
      clock: () => {
        checks += 1;
        return new Date();
      },
    });
    await until(() => checks >= 10);
    expect(log.lines.map((line) => line.level)).toEqual(['warn']);
    expect(log.lines[0]).toMatchObject({ object: { job: 'any' } });
    down = false;
    await until(() => log.lines.length >= 3);
    expect(log.lines.map((line) => [line.level, line.message.replace(/\d+/, 'N')])).toEqual([
      ['warn', 'jobs: any failed; it stays due and is tried again at the next tick'],
      ['info', 'jobs: any succeeds again after N failed check(s)'],
      ['info', 'jobs: any ran'],
    ]);
    expect(log.lines[1]?.object.failedChecks).toBeGreaterThanOrEqual(10);
  });

  it('logs an idle run at debug, and calls afterCommit once the run is committed', async () => {
    const seen: number[] = [];
    const job: Job = {
      name: 'quiet',
      everyMs: HOUR_MS,
      run: async () => ({
        counts: { done: 0 },
        idle: true,
        afterCommit: () => {
          // Another connection (PostgreSQL) or the same one (PGlite): the run is visible to both.
          void readJobRuns(t.db).then((runs) => seen.push(runs.length));
        },
      }),
    };
    const log = start([job]);
    await until(() => seen.length === 1);
    expect(seen).toEqual([1]);
    expect(log.lines).toEqual([
      {
        level: 'debug',
        object: { job: 'quiet', done: 0, ms: expect.any(Number) },
        message: 'jobs: quiet ran',
      },
    ]);
  });

  it("undoes a step that fails inside a run (its own transaction, a savepoint) and keeps the run's other work", async () => {
    await withMarks();
    const job = countingJob('steps', HOUR_MS, async (db) => {
      await db.transaction(async (tx) => {
        await tx.query(`INSERT INTO job_test_marks (job, run) VALUES ('steps', 100)`);
      });
      await db
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO job_test_marks (job, run) VALUES ('steps', 200)`);
          throw new Error('this step fails');
        })
        .catch(() => undefined);
      await expect(db.close()).rejects.toThrow(/cannot close/);
    });
    expect(await runJobIfDue(t.db, job, 'here', new Date())).toMatchObject({ outcome: 'ran' });
    expect(await marks(t.db)).toEqual([1, 100]);
  });

  it('refuses jobs it cannot run: two of one name, a period that is not a whole positive number', () => {
    const run = async () => ({ counts: {} });
    const log = recordingJobLog();
    const twice = [
      { name: 'a', everyMs: 1, run },
      { name: 'a', everyMs: 2, run },
    ];
    expect(() => startJobs(t.db, twice, { tickMs: 10, log })).toThrow(/two jobs are named a/);
    expect(() => startJobs(t.db, [{ name: 'b', everyMs: 0, run }], { tickMs: 10, log })).toThrow(/everyMs/);
    expect(() => startJobs(t.db, [{ name: 'c', everyMs: 1.5, run }], { tickMs: 10, log })).toThrow(/everyMs/);
    expect(() => startJobs(t.db, [{ name: ' ', everyMs: 1, run }], { tickMs: 10, log })).toThrow(/name/);
    expect(() => startJobs(t.db, [{ name: 'd', everyMs: 1, run }], { tickMs: 0, log })).toThrow(/tickMs/);
    expect(log.lines).toEqual([]);
  });
});
