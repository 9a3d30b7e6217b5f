import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { runJobIfDue } from '../jobs/job-scheduler';
import { signInCleanupJob } from './sign-in-cleanup-job';
import { requestSignInLink } from './sign-in-tokens';
import { createSession } from './team-sessions';
import { secretHash } from '../http/secrets';

const MEMBER = 'member@care-audit.example';

describe.each(DATABASE_KINDS)('the sign-in clean-up job on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('purges ended sessions and day-old links and e-mails once an hour, keeping what is live', async () => {
    const ended = await createSession(t.db, MEMBER);
    await createSession(t.db, MEMBER);
    await t.db.query(
      `UPDATE team_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [secretHash(ended.secret)],
    );
    await requestSignInLink(t.db, MEMBER, [MEMBER]);
    await requestSignInLink(t.db, MEMBER, [MEMBER]);
    await t.db.query(`UPDATE team_sign_in_tokens SET created_at = now() - interval '25 hours'`);
    await t.db.query(
      `UPDATE outbox_messages SET status = 'sent', sent_at = now(), created_at = now() - interval '25 hours'
        WHERE id = (SELECT id FROM outbox_messages WHERE kind = 'sign_in' ORDER BY created_at LIMIT 1)`,
    );

    const check = await runJobIfDue(t.db, signInCleanupJob(), 'here', new Date());
    expect(check).toMatchObject({
      outcome: 'ran',
      report: { counts: { sessions: 1, links: 2, emails: 1 }, idle: false },
    });
    const counts = await t.db.query<{ sessions: number; links: number; emails: number }>(
      `SELECT (SELECT count(*) FROM team_sessions)::int AS sessions,
              (SELECT count(*) FROM team_sign_in_tokens)::int AS links,
              (SELECT count(*) FROM outbox_messages WHERE kind = 'sign_in')::int AS emails`,
    );
    // The live session stays, and the e-mail still to send.
    expect(counts.rows[0]).toEqual({ sessions: 1, links: 0, emails: 1 });
    expect(await runJobIfDue(t.db, signInCleanupJob(), 'here', new Date())).toEqual({ outcome: 'not_due' });
    await t.db.query(`UPDATE job_runs SET started_at = started_at - interval '1 hour'`);
    expect(await runJobIfDue(t.db, signInCleanupJob(), 'here', new Date())).toMatchObject({
      outcome: 'ran',
      report: { counts: { sessions: 0, links: 0, emails: 0 }, idle: true },
    });
  });
});
