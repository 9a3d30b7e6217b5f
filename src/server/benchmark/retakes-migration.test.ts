import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../db/migrate';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { storeCompletedAudit } from './completed-audits';
import { sanitizeResponses } from '../../core';
import { answersScoring } from '../../../test/support/audit-fixtures';

const RETAKES_MIGRATION = 22;

/**
 * Migration 0022 on a database with audits already in it: each audit whose key is still remembered
 * (the last two days') keeps it, older ones keep none, every audit stays counted, and a retake of
 * either kind then does what decision 0062 says.
 */
describe.each(DATABASE_KINDS)('migration 0022 on an existing benchmark, on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('gives the audits of the last two days their key, keeps every audit counted, and retakes then replace', async () => {
    const migrations = await readMigrations();
    await t.db.runScript('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(
      t.db,
      migrations.filter((m) => m.version < RETAKES_MIGRATION),
      [],
    );
    // Three audits as the server stored them before: two whose keys are remembered, one forgotten.
    const remembered = [randomUUID(), randomUUID()];
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await t.db.query(
        `INSERT INTO completed_audits (id, completed_on, ratings, operational_score, compliance_score,
                                       quality_score, training_score, data_score, overall_score)
         VALUES ($1, current_date, '{}', 60, 60, 60, 60, 60, 60)`,
        [id],
      );
      await t.db.query(
        `INSERT INTO benchmark_score_counts (service_type, size_band, area, score, count)
         SELECT NULL, NULL, area, 60, 1 FROM unnest(ARRAY['operational','compliance','quality','training','data']) AS area
         ON CONFLICT (service_type, size_band, area, score) DO UPDATE SET count = benchmark_score_counts.count + 1`,
      );
      if (i < 2) {
        await t.db.query(
          `INSERT INTO audit_submission_keys (idempotency_key, received_on, audit_id) VALUES ($1, current_date, $2)`,
          [remembered[i], id],
        );
      }
    }

    expect(
      await migrate(
        t.db,
        migrations.filter((m) => m.version <= RETAKES_MIGRATION),
        [],
      ),
    ).toEqual(['0022_retakes_replace_audits']);
    const { rows } = await t.db.query<{ id: string; key: string | null; replaced_by: string | null }>(
      'SELECT id::text AS id, submission_key::text AS key, replaced_by::text AS replaced_by FROM completed_audits',
    );
    const keyOf = new Map(rows.map((row) => [row.id, row.key]));
    expect([keyOf.get(ids[0]!), keyOf.get(ids[1]!), keyOf.get(ids[2]!)]).toEqual([...remembered, null]);
    expect(rows.every((row) => row.replaced_by === null)).toBe(true);

    // A retake of a remembered audit replaces it; one naming a key never kept counts as its own.
    const retake = (retakes: string) => ({
      idempotencyKey: randomUUID(),
      retakes,
      profile: {},
      responses: sanitizeResponses(answersScoring(80)),
    });
    expect(await storeCompletedAudit(t.db, retake(remembered[0]!))).toBe(true);
    expect(await storeCompletedAudit(t.db, retake(randomUUID()))).toBe(true);
    const counts = await t.db.query<{ score: number; count: number }>(
      `SELECT score::int AS score, count::int AS count FROM benchmark_score_counts WHERE area = 'data' ORDER BY score`,
    );
    expect(counts.rows).toEqual([
      { score: 60, count: 2 },
      { score: 80, count: 2 },
    ]);
  });
});
