import { forgetOldSubmissionKeys } from '../benchmark/completed-audits';
import type { Job } from '../jobs/job-scheduler';
import { purgeExpiredRequests } from './lead-records';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes requests older than `retentionDays` with their messages, and forgets the benchmark's
 * idempotency keys after two days: once a day across all instances (src/server/jobs). It is due at
 * the first check after a start when it has not run whole in the last 24 hours (a server restarted
 * daily still purges), and a missed or failed day is caught up, since it deletes everything past the
 * cut-off, not just one day's worth.
 */
export function retentionJob(retentionDays: number): Job {
  return {
    name: 'retention',
    everyMs: DAY_MS,
    async run(db) {
      const removed = await purgeExpiredRequests(db, retentionDays);
      const submissionKeys = await forgetOldSubmissionKeys(db);
      return {
        counts: { retentionDays, requests: removed.requests, messages: removed.messages, submissionKeys },
        summary:
          `removed ${removed.requests} request(s) and ${removed.messages} message(s) older than ${retentionDays} days, ` +
          `forgot ${submissionKeys} audit submission key(s)`,
      };
    },
  };
}
