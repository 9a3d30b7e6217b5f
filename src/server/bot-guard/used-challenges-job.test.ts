import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { runJobIfDue } from '../jobs/job-scheduler';
import { sqlChallengeStore } from './challenge-store';
import { usedChallengesJob } from './used-challenges-job';

describe.each(DATABASE_KINDS)('the used-challenges job on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('forgets expired used challenges every ten minutes, and a request no longer does', async () => {
    await t.db.query(
      `INSERT INTO bot_guard_used_challenges (id, expires_at)
       VALUES ('old', now() - interval '1 second'), ('older', now() - interval '1 hour')`,
    );
    // A request marking its challenge used leaves the expired ones alone.
    expect(await sqlChallengeStore(t.db).markUsed('current', new Date(Date.now() + 60_000))).toBe(true);
    const ids = async () =>
      (await t.db.query<{ id: string }>('SELECT id FROM bot_guard_used_challenges ORDER BY id')).rows.map(
        (row) => row.id,
      );
    expect(await ids()).toEqual(['current', 'old', 'older']);

    expect(await runJobIfDue(t.db, usedChallengesJob(), 'here', new Date())).toMatchObject({
      outcome: 'ran',
      report: { counts: { forgotten: 2 }, idle: false },
    });
    expect(await ids()).toEqual(['current']);
    expect(await runJobIfDue(t.db, usedChallengesJob(), 'here', new Date())).toEqual({ outcome: 'not_due' });
    await t.db.query(`UPDATE job_runs SET started_at = started_at - interval '10 minutes'`);
    expect(await runJobIfDue(t.db, usedChallengesJob(), 'here', new Date())).toMatchObject({
      outcome: 'ran',
      report: { counts: { forgotten: 0 }, idle: true },
    });
  });
});
