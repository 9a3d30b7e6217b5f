import type { Job } from '../jobs/job-scheduler';
import { purgeExpiredSavedAudits } from './saved-audits';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Every hour across all instances: deletes saved audits past SAVED_AUDIT_DAYS, open or completed,
 * with their e-mails. They hold an address and answers, so they go on time; a link already opens
 * nothing once past its days (the routes check the age), so an hour's delay costs nothing.
 */
export function savedAuditPurgeJob(): Job {
  return {
    name: 'saved-audit-purge',
    everyMs: HOUR_MS,
    async run(db) {
      const savedAudits = await purgeExpiredSavedAudits(db);
      return {
        counts: { savedAudits },
        summary: `deleted ${savedAudits} expired saved audit(s)`,
        idle: savedAudits === 0,
      };
    },
  };
}
