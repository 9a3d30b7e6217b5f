import type { Job } from '../jobs/job-scheduler';
import { sqlChallengeStore } from './challenge-store';

/**
 * Every ten minutes across all instances: forgets the used challenges that have expired. An expired
 * challenge is refused by its own signed time, so its row is only kept to refuse a second use
 * before then; a row left ten minutes longer costs a few bytes. (Each instance used to purge from
 * the first request after each minute, so a request paid for it.)
 */
export function usedChallengesJob(): Job {
  return {
    name: 'used-challenges',
    everyMs: 10 * 60 * 1000,
    async run(db) {
      const forgotten = await sqlChallengeStore(db).purgeExpired();
      return {
        counts: { forgotten },
        summary: `forgot ${forgotten} expired challenge(s)`,
        idle: forgotten === 0,
      };
    },
  };
}
