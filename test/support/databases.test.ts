import { describe, expect, it } from 'vitest';
import { recordActivity } from '../../src/server/activity/team-activity';
import { sqlChallengeStore } from '../../src/server/bot-guard/challenge-store';
import type { Database } from '../../src/server/db/database';
import { createSession } from '../../src/server/team-sign-in/team-sessions';
import { addToCounter } from '../../src/server/usage/usage-counters';
import { DATABASE_KINDS, MIGRATION_RECORDS, schemaTables } from './databases';
import { storeLead } from './lead-fixtures';
import { useTestDatabase } from './suite-database';

/** How many rows each table of the schema holds, but the migrations' records. */
async function countsByTable(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await schemaTables(db)) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = rows[0]?.n ?? -1;
  }
  return counts;
}

/** Every row of each table where migrate() records what it applied. */
async function migrationRecords(db: Database): Promise<Record<string, unknown[]>> {
  const records: Record<string, unknown[]> = {};
  for (const table of MIGRATION_RECORDS) {
    records[table] = (await db.query(`SELECT * FROM "${table}" ORDER BY 1`)).rows;
  }
  return records;
}

const healthProbe = async (db: Database) =>
  (await db.query<{ checked_at: Date }>('SELECT * FROM health_probe')).rows;

describe.each(DATABASE_KINDS)('a test database’s reset, on %s', (kind) => {
  const t = useTestDatabase(kind);

  it('lists every table of the schema but the migrations’ records', async () => {
    const tables = await schemaTables(t.db);
    for (const record of MIGRATION_RECORDS) expect(tables).not.toContain(record);
    expect(tables).toEqual(
      expect.arrayContaining([
        'email_requests',
        'outbox_messages',
        'team_activity',
        'team_sessions',
        'usage_counters',
        'bot_guard_secret',
        'health_probe',
      ]),
    );
  });

  it('empties every table but the migrations’ records, and puts back the one row the migrations made', async () => {
    const fresh = await countsByTable(t.db);
    // Freshly migrated: health_probe's one row (0005_health_probe.sql) and nothing else.
    expect(Object.entries(fresh).filter(([, n]) => n > 0)).toEqual([['health_probe', 1]]);
    const records = await migrationRecords(t.db);
    for (const rows of Object.values(records)) expect(rows.length).toBeGreaterThan(0);
    const probeAsMigrated = await healthProbe(t.db);

    const lead = await storeLead(t.db, { email: 'reset@example.org', team: true });
    await t.db.query(
      "INSERT INTO lead_notes (lead_id, author, body) VALUES ($1, 'sam@example.org', 'A note')",
      [lead],
    );
    await recordActivity(t.db, { actor: 'sam@example.org', action: 'sign_in' });
    await createSession(t.db, 'sam@example.org');
    await addToCounter(t.db, 'started');
    await sqlChallengeStore(t.db).signingSecret();
    await t.db.query("UPDATE health_probe SET checked_at = '2001-01-01T00:00:00Z'");
    const filled = await countsByTable(t.db);
    for (const table of [
      'email_requests',
      'outbox_messages',
      'lead_notes',
      'team_activity',
      'team_sessions',
      'usage_counters',
      'bot_guard_secret',
    ]) {
      expect(filled[table], table).toBeGreaterThan(0);
    }

    await t.reset();

    expect(await countsByTable(t.db)).toEqual(fresh);
    expect(await healthProbe(t.db)).toEqual(probeAsMigrated);
    expect(await migrationRecords(t.db)).toEqual(records);
  });

  it('restarts identities: the activity log numbers from 1 again', async () => {
    for (let i = 0; i < 3; i++) await recordActivity(t.db, { actor: 'sam@example.org', action: 'sign_in' });
    await t.reset();
    await recordActivity(t.db, { actor: 'sam@example.org', action: 'sign_out' });
    const { rows } = await t.db.query<{ id: string | number }>('SELECT id FROM team_activity');
    expect(rows.map((row) => String(row.id))).toEqual(['1']);
  });

  it('restarts an identity whose rows the test deleted itself, and empties an emptied table', async () => {
    for (let i = 0; i < 3; i++) await recordActivity(t.db, { actor: 'sam@example.org', action: 'sign_in' });
    await t.db.query('DELETE FROM team_activity');
    await t.reset();
    await recordActivity(t.db, { actor: 'sam@example.org', action: 'sign_out' });
    const { rows } = await t.db.query<{ id: string | number }>('SELECT id FROM team_activity');
    expect(rows.map((row) => String(row.id))).toEqual(['1']);
  });

  it('puts back the migrations’ row when the test deleted it, and keeps foreign keys working after', async () => {
    const probeAsMigrated = await healthProbe(t.db);
    await t.db.query('DELETE FROM health_probe');
    const lead = await storeLead(t.db, { email: 'kept@example.org', team: true });
    await t.db.query(
      "INSERT INTO lead_notes (lead_id, author, body) VALUES ($1, 'sam@example.org', 'A note')",
      [lead],
    );
    await t.reset();
    expect(await healthProbe(t.db)).toEqual(probeAsMigrated);
    expect(Object.entries(await countsByTable(t.db)).filter(([, n]) => n > 0)).toEqual([['health_probe', 1]]);
    // The reset turns foreign keys off for its own transaction only.
    await expect(
      t.db.query("INSERT INTO lead_notes (lead_id, author, body) VALUES ($1, 'sam@example.org', 'Orphan')", [
        lead,
      ]),
    ).rejects.toThrow(/foreign key/);
  });
});
