import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_V1, type AuditContent } from '../../core/content';
import { migrate, readMigrations, readRepeatables } from '../db/migrate';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { ContentCache } from './content-cache';
import {
  listVersions,
  liveVersion,
  publishDraft,
  readDraft,
  readVersion,
  restoreVersion,
  saveDraft,
  seedContentV1,
  VERSION_1_NOTE,
} from './content-store';

const CONTENT_MIGRATION = 26;
const EDITOR = 'ed@care-audit.example';

/** Version 1's words with one area's advice for a band changed. */
export function changedWords(advice: string): AuditContent {
  const words = structuredClone(CONTENT_V1);
  words.areas[0]!.advice.foundations = advice;
  return words;
}

describe.each(DATABASE_KINDS)('migration 0026 and version 1 on an existing database, on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('gives every stored request version 1, and the seed stores version 1 once', async () => {
    const migrations = await readMigrations();
    await t.db.runScript('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(
      t.db,
      migrations.filter((m) => m.version < CONTENT_MIGRATION),
      await readRepeatables(),
    );
    // Stored as the code of that time stored them: the repeatable functions of today already write
    // the column 0026 adds, so the rows go in by hand (a lead each, then its request).
    for (const email of ['jo@care-home.example', 'sam@care-home.example']) {
      await t.db.query(
        `INSERT INTO email_requests (id, email, email_normalized, responses, operational_score, compliance_score,
                                     quality_score, training_score, data_score, overall_score)
         VALUES (gen_random_uuid(), $1, $1, '{}'::jsonb, 0, 0, 0, 0, 0, 0)`,
        [email],
      );
    }

    expect(
      await migrate(
        t.db,
        migrations.filter((m) => m.version <= CONTENT_MIGRATION),
        [],
      ),
    ).toEqual(['0026_content_versions']);
    const { rows } = await t.db.query<{ content_version: number }>(
      'SELECT content_version FROM email_requests',
    );
    expect(rows).toEqual([{ content_version: 1 }, { content_version: 1 }]);

    expect(await listVersions(t.db)).toEqual([]);
    expect(await seedContentV1(t.db)).toBe(true);
    expect(await seedContentV1(t.db)).toBe(false);
    const versions = await listVersions(t.db);
    expect(versions).toEqual([
      {
        version: 1,
        note: VERSION_1_NOTE,
        publishedBy: null,
        publishedAt: expect.any(Date),
        restoredFrom: null,
      },
    ]);
    expect(await readVersion(t.db, 1)).toEqual({ version: 1, content: CONTENT_V1 });
  });
});

describe.each(DATABASE_KINDS)('the content store on %s', (kind) => {
  const t = useTestDatabase(kind);
  beforeEach(async () => {
    await seedContentV1(t.db);
  });

  it('seeds an empty database with version 1, live', async () => {
    expect(await liveVersion(t.db)).toEqual({ version: 1, content: CONTENT_V1 });
    expect(await readVersion(t.db, 2)).toBeUndefined();
    expect(await readDraft(t.db)).toBeNull();
  });

  it('keeps the first of two saves from the same revision, and refuses the second', async () => {
    const first = await saveDraft(t.db, { revision: 0, content: changedWords('First.'), savedBy: EDITOR });
    expect(first).toMatchObject({ ok: true, revision: 1 });
    const [a, b] = await Promise.all([
      saveDraft(t.db, { revision: 1, content: changedWords('A.'), savedBy: 'a@x.example' }),
      saveDraft(t.db, { revision: 1, content: changedWords('B.'), savedBy: 'b@x.example' }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const winner = a.ok ? 'A.' : 'B.';
    const draft = await readDraft(t.db);
    expect(draft?.revision).toBe(2);
    expect(draft?.content.areas[0]?.advice.foundations).toBe(winner);
    expect(draft?.baseVersion).toBe(1);
    // A save from "no draft" when there is one is refused too.
    expect(await saveDraft(t.db, { revision: 0, content: CONTENT_V1, savedBy: EDITOR })).toEqual({
      ok: false,
      reason: 'draft_changed',
    });
  });

  it('publishes a draft once when two publishes race, and a later draft never reuses a revision', async () => {
    await saveDraft(t.db, { revision: 0, content: changedWords('New.'), savedBy: EDITOR });
    const outcomes = await Promise.all([
      publishDraft(t.db, { revision: 1, note: 'one', publishedBy: EDITOR }),
      publishDraft(t.db, { revision: 1, note: 'two', publishedBy: EDITOR }),
    ]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { ok: true, version: 2 },
        { ok: false, reason: 'no_draft' },
      ]),
    );
    expect((await listVersions(t.db)).map((v) => v.version)).toEqual([2, 1]);
    expect(await readDraft(t.db)).toBeNull();
    // The draft the editor loaded before the publish was revision 1: a new draft is not.
    const next = await saveDraft(t.db, { revision: 0, content: changedWords('Newer.'), savedBy: EDITOR });
    expect(next).toMatchObject({ ok: true, revision: 2 });
    expect((await readDraft(t.db))?.baseVersion).toBe(2);
  });

  it('restores as a new number, and two restores at once get two numbers', async () => {
    await saveDraft(t.db, { revision: 0, content: changedWords('New.'), savedBy: EDITOR });
    await publishDraft(t.db, { revision: 1, note: 'new', publishedBy: EDITOR });
    const both = await Promise.all([
      restoreVersion(t.db, { from: 1, note: 'back', publishedBy: EDITOR }),
      restoreVersion(t.db, { from: 2, note: 'forward', publishedBy: EDITOR }),
    ]);
    expect(both.map((o) => (o.ok ? o.version : 0)).sort()).toEqual([3, 4]);
    expect(await restoreVersion(t.db, { from: 9, note: 'x', publishedBy: EDITOR })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect((await liveVersion(t.db)).version).toBe(4);
  });
});

describe.each(DATABASE_KINDS)('the content cache on %s', (kind) => {
  const t = useTestDatabase(kind);
  beforeEach(async () => {
    await seedContentV1(t.db);
  });

  it('sees a version published elsewhere once its live copy is 2 s old, and keeps versions for good', async () => {
    let now = 1_000_000;
    const cache = new ContentCache(t.db, { now: () => now });
    expect((await cache.live()).version).toBe(1);
    await saveDraft(t.db, { revision: 0, content: changedWords('New.'), savedBy: EDITOR });
    await publishDraft(t.db, { revision: 1, note: 'new', publishedBy: EDITOR });

    now += 1_999;
    expect((await cache.live()).version).toBe(1);
    now += 1;
    expect(await cache.live()).toEqual({ version: 2, content: changedWords('New.') });

    // A version once read is served without the database, even if it were gone.
    expect((await cache.version(2))?.content).toEqual(changedWords('New.'));
    await t.db.query('DELETE FROM content_versions WHERE version = 2');
    expect((await cache.version(2))?.content).toEqual(changedWords('New.'));
    // An unknown number is not kept: it is looked for again.
    expect(await cache.version(5)).toBeUndefined();
    await t.db.query(`INSERT INTO content_versions (version, content, note) VALUES (5, $1::jsonb, 'x')`, [
      JSON.stringify(CONTENT_V1),
    ]);
    expect((await cache.version(5))?.version).toBe(5);
  });

  it('serves a version published on this instance at once', async () => {
    const now = 0;
    const cache = new ContentCache(t.db, { now: () => now });
    expect((await cache.live()).version).toBe(1);
    cache.published({ version: 2, content: changedWords('Here.') });
    expect((await cache.live()).version).toBe(2);
  });
});
