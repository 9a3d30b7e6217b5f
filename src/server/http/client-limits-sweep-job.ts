import type { Job } from '../jobs/job-scheduler';
import { sweepExpiredClientLimits } from './client-limit-store';

const MINUTE_MS = 60 * 1000;

/**
 * Every minute across all instances: deletes the per-client limit counts whose window has ended.
 * Each holds a hash of a client's address, which the privacy notice promises to keep only briefly;
 * swept every minute, a count outlives its window (15 minutes, a minute for usage events) by a
 * minute or two at most. With PGlite the counts are in memory and the table stays empty.
 */
export function clientLimitsSweepJob(): Job {
  return {
    name: 'client-limits-sweep',
    everyMs: MINUTE_MS,
    async run(db) {
      const deleted = await sweepExpiredClientLimits(db);
      return {
        counts: { deleted },
        summary: `deleted ${deleted} ended per-client limit count(s)`,
        idle: deleted === 0,
      };
    },
  };
}
