import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/support/suite-database';
import { buildTestApp } from '../../../test/support/test-app';
import { apiOnlyEnv, testConfig } from '../../../test/support/test-config';
import { runJobIfDue } from '../jobs/job-scheduler';
import { countClientHit, storedClientKey } from './client-limit-store';
import { clientLimitsSweepJob } from './client-limits-sweep-job';

describe('the client-limits sweep job on PostgreSQL', () => {
  const t = useTestDatabase('postgres');

  it('deletes the counts whose window has ended once a minute, keeping the live ones', async () => {
    await countClientHit(t.db, 'POST /api/events', 'ended', 60_000);
    await countClientHit(t.db, 'POST /api/events', 'live', 60_000);
    await t.db.query(
      `UPDATE client_limits SET window_ends_at = now() - interval '1 second' WHERE client_key = $1`,
      [storedClientKey('ended')],
    );

    expect(await runJobIfDue(t.db, clientLimitsSweepJob(), 'here', new Date())).toMatchObject({
      outcome: 'ran',
      report: { counts: { deleted: 1 }, idle: false },
    });
    const { rows } = await t.db.query<{ client_key: string }>('SELECT client_key FROM client_limits');
    expect(rows).toEqual([{ client_key: storedClientKey('live') }]);

    expect(await runJobIfDue(t.db, clientLimitsSweepJob(), 'here', new Date())).toEqual({
      outcome: 'not_due',
    });
    await t.db.query(`UPDATE job_runs SET started_at = started_at - interval '1 minute'`);
    expect(await runJobIfDue(t.db, clientLimitsSweepJob(), 'here', new Date())).toMatchObject({
      outcome: 'ran',
      report: { counts: { deleted: 0 }, idle: true },
    });
  });

  it('runs in a running app: an ended count is swept', async () => {
    await countClientHit(t.db, 'POST /api/audits', 'ended', 60_000);
    await t.db.query(`UPDATE client_limits SET window_ends_at = now() - interval '1 second'`);
    await buildTestApp(
      testConfig({ ...apiOnlyEnv(t.dataDir), DATABASE_URL: t.url, JOBS_TICK_MS: '50' }),
      {},
      { ready: true },
    );
    await expect
      .poll(async () => (await t.db.query('SELECT 1 FROM client_limits')).rowCount, { timeout: 15_000 })
      .toBe(0);
    const { rows } = await t.db.query<{ name: string }>(
      "SELECT name FROM job_runs WHERE name = 'client-limits-sweep'",
    );
    expect(rows).toHaveLength(1);
  });
});
