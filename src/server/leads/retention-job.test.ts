import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, rowCounts } from '../../../test/support/databases';
import { recordingJobLog, until } from '../../../test/support/job-log';
import { storeLead, daysAgo } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import { readJobRuns } from '../jobs/job-runs';
import { startJobs, type RunningJobs } from '../jobs/job-scheduler';
import { retentionJob } from './retention-job';

describe.each(DATABASE_KINDS)('the retention job on %s', (kind) => {
  const t = useTestDatabase(kind);
  let jobs: RunningJobs | undefined;
  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
  });

  it('deletes only requests past the retention period at the first check, logs how many, and runs again a day later', async () => {
    await storeLead(t.db, { email: 'expired@example.org', team: true, createdAt: daysAgo(400) });
    await storeLead(t.db, { email: 'kept@example.org', team: true, createdAt: daysAgo(300) });
    await storeLead(t.db, { email: 'new@example.org' });
    const log = recordingJobLog();

    jobs = startJobs(t.db, [retentionJob(365)], { tickMs: 20, firstTickMs: 10, instance: 'one', log });
    await until(() => log.lines.length >= 1);
    expect(log.lines[0]).toEqual({
      level: 'info',
      object: {
        job: 'retention',
        retentionDays: 365,
        requests: 1,
        messages: 2,
        submissionKeys: 0,
        ms: expect.any(Number),
      },
      message:
        'jobs: retention ran: removed 1 request(s) and 2 message(s) older than 365 days, forgot 0 audit submission key(s)',
    });
    expect(await rowCounts(t.db)).toEqual({ requests: 2, messages: 3 });
    expect(await readJobRuns(t.db)).toMatchObject([{ name: 'retention', instance: 'one', runs: 1 }]);

    // A request that has aged past the period waits for the next day's run, not the next check.
    await t.db.query(`UPDATE email_requests SET created_at = $1 WHERE email = 'kept@example.org'`, [
      daysAgo(366),
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(log.lines).toHaveLength(1);
    expect(await rowCounts(t.db)).toEqual({ requests: 2, messages: 3 });

    // A day later (its last run made a day old), the next check runs it.
    await t.db.query(`UPDATE job_runs SET started_at = started_at - interval '1 day'`);
    await until(() => log.lines.length >= 2);
    expect(log.lines[1]?.object).toMatchObject({ requests: 1, messages: 2 });
    expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 1 });
    expect(await readJobRuns(t.db)).toMatchObject([{ name: 'retention', runs: 2 }]);
  });

  it('purges and records its run together: a purge that fails deletes nothing and leaves the job due', async () => {
    await storeLead(t.db, { email: 'expired@example.org', createdAt: daysAgo(400) });
    const log = recordingJobLog();
    // The purge's statements run; the last step (forgetting the audit keys) fails.
    await t.db.query('ALTER TABLE audit_submission_keys RENAME TO audit_submission_keys_away');
    try {
      jobs = startJobs(t.db, [retentionJob(365)], { tickMs: 20, firstTickMs: 0, log });
      await until(() => log.lines.length >= 1);
      await jobs.stop();
    } finally {
      await t.db.query('ALTER TABLE audit_submission_keys_away RENAME TO audit_submission_keys');
    }
    expect(log.lines[0]).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/^jobs: retention failed/),
    });
    expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 1 });
    expect(await readJobRuns(t.db)).toEqual([]);
  });
});
