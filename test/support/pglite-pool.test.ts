import { describe, expect, it } from 'vitest';
import { recordActivity } from '../../src/server/activity/team-activity';
import type { Database } from '../../src/server/db/database';
import { openTestDatabase } from './databases';
import { storeLead } from './lead-fixtures';
import { giveBackMemoryPglite, MOST_KEPT, schemaFingerprint, takeMemoryPglite } from './pglite-pool';

const leadCount = async (db: Database) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_requests')).rows[0]?.n;

/** When the database's server started: a database handed on keeps its own. */
const startedAt = async (db: Database) =>
  (await db.query<{ at: Date }>('SELECT pg_postmaster_start_time() AS at')).rows[0]?.at;

/** Whether `db` still answers (a closed PGlite rejects every query). */
const answers = (db: Database) =>
  db.query('SELECT 1').then(
    () => true,
    () => false,
  );

// The pool's own edges: each test hands a database back and takes the next one in the same
// process, as one test file and the next do.
describe('in-memory PGlite handed on from one test file to the next', () => {
  it('comes back empty, as the migrations left it, with its identities restarted', async () => {
    const first = await openTestDatabase('pglite');
    const probe = (await first.db.query('SELECT * FROM health_probe')).rows;
    await storeLead(first.db, { email: 'pool@example.org' });
    for (let i = 0; i < 3; i++)
      await recordActivity(first.db, { actor: 'sam@example.org', action: 'sign_in' });
    const started = await startedAt(first.db);
    await first.destroy();

    const next = await openTestDatabase('pglite');
    try {
      // The same instance, not a new one loaded from the template.
      expect(await startedAt(next.db)).toEqual(started);
      expect(await leadCount(next.db)).toBe(0);
      expect((await next.db.query('SELECT * FROM health_probe')).rows).toEqual(probe);
      await recordActivity(next.db, { actor: 'sam@example.org', action: 'sign_out' });
      const { rows } = await next.db.query<{ id: string | number }>('SELECT id FROM team_activity');
      expect(rows.map((row) => Number(row.id))).toEqual([1]);
    } finally {
      await next.destroy();
    }
  });

  it('is handed on, not loaded again, when the test left it as it came', async () => {
    const db = await takeMemoryPglite();
    await db.query("SET TIME ZONE 'Pacific/Auckland'");
    await db.query('CREATE TEMPORARY TABLE scratch (n int)');
    await db.query('SELECT pg_advisory_lock(42)');
    const fingerprint = await schemaFingerprint(db);
    await giveBackMemoryPglite(db, async () => undefined);

    const again = await takeMemoryPglite();
    expect(again).toBe(db);
    // Its session was put back: the setting, the temporary table and the lock are gone.
    expect((await again.query<{ TimeZone: string }>('SHOW TIME ZONE')).rows[0]?.TimeZone).not.toBe(
      'Pacific/Auckland',
    );
    await expect(again.query('SELECT * FROM scratch')).rejects.toThrow(/scratch/);
    expect((await again.query('SELECT * FROM pg_locks WHERE locktype = $1', ['advisory'])).rows).toEqual([]);
    expect(await schemaFingerprint(again)).toBe(fingerprint);
    await giveBackMemoryPglite(again, async () => undefined);
  });

  it.each([
    ['a table', 'CREATE TABLE job_marks (n int)'],
    ['a column', 'ALTER TABLE email_requests ADD COLUMN extra text'],
    ['a constraint', 'ALTER TABLE email_requests ADD CONSTRAINT refuse CHECK (false) NOT VALID'],
    ['a function', 'CREATE FUNCTION one() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$'],
    [
      'a stored setting',
      "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET work_mem = %L', current_database(), '8MB'); END $$",
    ],
  ])('is closed, not handed on, when the test added %s', async (_what, change) => {
    const db = await takeMemoryPglite();
    await db.query(change);
    await giveBackMemoryPglite(db, async () => undefined);

    const next = await takeMemoryPglite();
    try {
      expect(next).not.toBe(db);
      expect(await answers(db)).toBe(false);
    } finally {
      await giveBackMemoryPglite(next, async () => undefined);
    }
  });

  it(`keeps at most ${MOST_KEPT} for the next files, and closes the rest`, async () => {
    const open = await Promise.all(Array.from({ length: MOST_KEPT + 1 }, () => takeMemoryPglite()));
    for (const db of open) await giveBackMemoryPglite(db, async () => undefined);
    const taken = await Promise.all(Array.from({ length: MOST_KEPT }, () => takeMemoryPglite()));
    // The last one given back found the pool full: closed, and not among those handed on.
    const extra = open[MOST_KEPT]!;
    expect(await answers(extra)).toBe(false);
    expect(new Set(taken)).toEqual(new Set(open.slice(0, MOST_KEPT)));
    for (const db of taken) await giveBackMemoryPglite(db, async () => undefined);
  });

  it('is closed, not handed on, when the test left a transaction open', async () => {
    const db = await takeMemoryPglite();
    await db.query('BEGIN');
    await giveBackMemoryPglite(db, async () => undefined);
    const next = await takeMemoryPglite();
    expect(next).not.toBe(db);
    expect(await answers(db)).toBe(false);
    await giveBackMemoryPglite(next, async () => undefined);
  });

  it('is closed, not handed on, when its reset fails', async () => {
    const db = await takeMemoryPglite();
    await giveBackMemoryPglite(db, async () => {
      throw new Error('the reset failed');
    });
    const next = await takeMemoryPglite();
    expect(next).not.toBe(db);
    expect(await answers(db)).toBe(false);
    await giveBackMemoryPglite(next, async () => undefined);
  });

  it('is neither handed on nor closed twice when the test closed it itself', async () => {
    const t = await openTestDatabase('pglite');
    const inner = t.db;
    await t.db.close();
    await t.destroy();
    const next = await openTestDatabase('pglite');
    try {
      expect(await answers(next.db)).toBe(true);
      expect(await answers(inner)).toBe(false);
    } finally {
      await next.destroy();
    }
  });
});
