import type { Job } from '../jobs/job-scheduler';
import { forgetOldSignInLinks } from './sign-in-tokens';
import { purgeEndedSessions } from './team-sessions';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Every hour across all instances: purges ended sessions, and sign-in links and their e-mails past
 * their day. They hold team members' addresses, so they go on time whether or not anyone signs in
 * (they were purged only when someone next signed in); an ended session or a spent link signs
 * nobody in meanwhile, so an hour's delay costs nothing.
 */
export function signInCleanupJob(): Job {
  return {
    name: 'sign-in-cleanup',
    everyMs: HOUR_MS,
    async run(db) {
      const sessions = await purgeEndedSessions(db);
      const { links, emails } = await forgetOldSignInLinks(db);
      return {
        counts: { sessions, links, emails },
        summary: `purged ${sessions} ended session(s), ${links} old sign-in link(s) and ${emails} sign-in e-mail(s)`,
        idle: sessions + links + emails === 0,
      };
    },
  };
}
