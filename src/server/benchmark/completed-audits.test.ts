import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeResponses } from '../../core';
import { retentionJob } from '../leads/retention-job';
import { startJobs, type RunningJobs } from '../jobs/job-scheduler';
import { recordingJobLog, until } from '../../../test/support/job-log';
import {
  answersScoring,
  benchmarkRowCounts,
  emptyBenchmarkTables,
} from '../../../test/support/audit-fixtures';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { forgetOldSubmissionKeys, storeCompletedAudit, SUBMISSION_KEY_DAYS } from './completed-audits';

const audit = (idempotencyKey: string) => ({
  idempotencyKey,
  profile: {},
  responses: sanitizeResponses(answersScoring(60)),
});

describe.each(DATABASE_KINDS)('the benchmark’s idempotency keys on %s', (kind) => {
  let t: TestDatabase;
  let job: RunningJobs | undefined;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  beforeEach(() => emptyBenchmarkTables(t.db));
  afterEach(async () => {
    await job?.stop();
    job = undefined;
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** Stores an audit whose key arrived `days` UTC days ago. */
  async function storeDaysAgo(days: number): Promise<string> {
    const key = randomUUID();
    expect(await storeCompletedAudit(t.db, audit(key))).toBe(true);
    await t.db.query(
      `UPDATE audit_submission_keys SET received_on = (now() AT TIME ZONE 'UTC')::date - $2::int
        WHERE idempotency_key = $1`,
      [key, days],
    );
    return key;
  }

  it('keeps today’s and yesterday’s keys and forgets those of two or more days ago, and no audit with them', async () => {
    expect(SUBMISSION_KEY_DAYS).toBe(2);
    const [today, yesterday, twoDaysAgo, lastMonth] = [
      await storeDaysAgo(0),
      await storeDaysAgo(1),
      await storeDaysAgo(2),
      await storeDaysAgo(30),
    ];
    expect(await forgetOldSubmissionKeys(t.db)).toBe(2);
    const { rows } = await t.db.query<{ key: string }>(
      'SELECT idempotency_key::text AS key FROM audit_submission_keys ORDER BY received_on DESC',
    );
    expect(rows.map((r) => r.key)).toEqual([today, yesterday]);
    // The audits stay: they hold nothing personal, and the benchmark is made of them.
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 4, keys: 2, counted: 20 });

    // A retry is counted once, the key remembered here or not: the audit keeps its own key (0062).
    expect(await storeCompletedAudit(t.db, audit(yesterday))).toBe(false);
    expect(await storeCompletedAudit(t.db, audit(twoDaysAgo))).toBe(false);
    expect(await storeCompletedAudit(t.db, audit(lastMonth))).toBe(false);
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 4, keys: 2, counted: 20 });
    expect(await forgetOldSubmissionKeys(t.db)).toBe(0);
  });

  it('are forgotten by the daily retention job, which says how many', async () => {
    await storeDaysAgo(3);
    await storeDaysAgo(0);
    const log = recordingJobLog();
    job = startJobs(t.db, [retentionJob(365)], { tickMs: 20, firstTickMs: 5, log });
    await until(() => log.lines.length >= 1);
    expect(log.lines[0]).toMatchObject({
      level: 'info',
      object: { job: 'retention', submissionKeys: 1 },
      message: expect.stringMatching(/, forgot 1 audit submission key\(s\)$/),
    });
    expect(await benchmarkRowCounts(t.db)).toEqual({ audits: 2, keys: 1, counted: 10 });
  });
});
