import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import {
  migrate,
  MigrationChangedError,
  migrationChecksum,
  readMigrations,
  readRepeatables,
  type Migration,
  type Repeatable,
} from './migrate';

// A table, and a function whose body has semicolons of its own, as one file: the database runs it whole.
const FIRST = `-- things; with a semicolon in a comment
CREATE TABLE things (id integer PRIMARY KEY, label text NOT NULL);
CREATE FUNCTION add_thing(p_id integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO things VALUES (p_id, 'a;b');
  RETURN p_id;
END
$$;
`;
const SECOND = `ALTER TABLE things ADD COLUMN extra text;
INSERT INTO things (id, label) VALUES (1, 'one');
`;
const THIRD = 'CREATE TABLE later (id integer);\n';

function migration(version: number, name: string, sql: string): Migration {
  return { version, name: `000${version}_${name}`, sql, checksum: migrationChecksum(sql) };
}

function repeatable(name: string, sql: string): Repeatable {
  return { name, sql, checksum: migrationChecksum(sql) };
}

const COUNT_THINGS = (label: string) => `CREATE OR REPLACE FUNCTION count_things() RETURNS text
LANGUAGE sql AS $$ SELECT '${label}:' || count(*) FROM things $$;
`;

describe('readMigrations', () => {
  it('reads the numbered files in order, each whole, with its sha256', async () => {
    const migrations = await readMigrations();
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    const store = migrations.find((m) => m.name.startsWith('0002_'));
    expect(store?.sql).toMatch(/CREATE FUNCTION store_email_request\(/);
    expect(store?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a folder given as a path, and ignores files that are not NNNN_name.sql', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-migrations-'));
    try {
      await fs.writeFile(path.join(dir, '0001_things.sql'), FIRST);
      await fs.writeFile(path.join(dir, 'notes.md'), 'not a migration');
      await fs.writeFile(path.join(dir, '1_short.sql'), 'SELECT 1;');
      expect(await readMigrations(dir)).toEqual([migration(1, 'things', FIRST)]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('gives a file the same checksum with CRLF line endings', () => {
    expect(migrationChecksum(FIRST.replace(/\n/g, '\r\n'))).toBe(migrationChecksum(FIRST));
    expect(migrationChecksum(`${FIRST} `)).not.toBe(migrationChecksum(FIRST));
  });
});

describe.each(DATABASE_KINDS)('migrate on %s', (kind) => {
  let t: TestDatabase;
  const first = migration(1, 'things', FIRST);
  const second = migration(2, 'more', SECOND);
  const third = migration(3, 'later', THIRD);

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  async function tables(): Promise<string[]> {
    const { rows } = await t.db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    return rows.map((r) => r.name);
  }
  async function recorded() {
    const { rows } = await t.db.query<{ version: number; name: string; checksum: string | null }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    return rows;
  }

  it('recorded the checksum of every real migration when the test database was made', async () => {
    const real = await readMigrations();
    expect(await recorded()).toEqual(
      real.map((m) => ({ version: m.version, name: m.name, checksum: m.checksum })),
    );
    expect(await migrate(t.db)).toEqual([]);
  });

  it('keeps each live function in its one file: applied, recorded, and the body the database runs', async () => {
    const repeatables = await readRepeatables();
    expect(repeatables.map((r) => r.name)).toEqual([
      'email_request_joins_its_lead',
      'queue_outbox_message',
      'store_email_request',
    ]);
    const { rows: recordedRows } = await t.db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_repeatables ORDER BY name',
    );
    expect(recordedRows).toEqual(repeatables.map((r) => ({ name: r.name, checksum: r.checksum })));
    for (const repeatable of repeatables) {
      const { rows } = await t.db.query<{ body: string }>(
        'SELECT prosrc AS body FROM pg_proc WHERE proname = $1',
        [repeatable.name],
      );
      // One function of that name (the old signature dropped), running the file's body.
      expect(rows.map((r) => r.body)).toEqual([repeatable.sql.split('$$')[1]]);
    }
  });

  describe('with migrations of its own', () => {
    beforeEach(async () => {
      await t.db.runScript('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    });

    it('applies each file as one script, records its checksum, and a second run does nothing', async () => {
      expect(await migrate(t.db, [first, second])).toEqual(['0001_things', '0002_more']);
      expect(await recorded()).toEqual([
        { version: 1, name: '0001_things', checksum: first.checksum },
        { version: 2, name: '0002_more', checksum: second.checksum },
      ]);
      expect((await t.db.query('SELECT add_thing(2)')).rowCount).toBe(1);

      expect(await migrate(t.db, [first, second])).toEqual([]);
      const { rows } = await t.db.query<{ id: number; label: string }>(
        'SELECT id, label FROM things ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 1, label: 'one' },
        { id: 2, label: 'a;b' },
      ]);
    });

    it('stops, naming the file and applying nothing, when an applied migration was edited', async () => {
      await migrate(t.db, [first]);
      const edited = migration(1, 'things', FIRST.replace('label text', 'label varchar(10)'));
      const error: unknown = await migrate(t.db, [edited, second, third]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationChangedError);
      expect((error as Error).message).toBe(
        `migration 0001_things.sql has changed since it was applied to this database ` +
          `(sha256 then ${first.checksum.slice(0, 12)}…, now ${edited.checksum.slice(0, 12)}…): ` +
          'restore it, and put the change in a new migration',
      );
      expect(await tables()).toEqual(['schema_migrations', 'things']);
      expect(await recorded()).toEqual([{ version: 1, name: '0001_things', checksum: first.checksum }]);
      // The same text with CRLF line endings is not a change.
      const crlf = migration(1, 'things', FIRST.replace(/\n/g, '\r\n'));
      expect(await migrate(t.db, [crlf, second])).toEqual(['0002_more']);
    });

    it('upgrades a database migrated before checksums were recorded, trusting its files as they are', async () => {
      // The table as earlier versions made it, with 0001 applied.
      await t.db.runScript(`CREATE TABLE schema_migrations (
          version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
        ${FIRST}
        INSERT INTO schema_migrations (version, name) VALUES (1, '0001_things');`);
      expect(await migrate(t.db, [first, second])).toEqual(['0002_more']);
      expect(await recorded()).toEqual([
        { version: 1, name: '0001_things', checksum: first.checksum },
        { version: 2, name: '0002_more', checksum: second.checksum },
      ]);
      // From now on an edit of 0001 is caught.
      await expect(migrate(t.db, [migration(1, 'things', `${FIRST}\n-- edited\n`)])).rejects.toThrow(
        MigrationChangedError,
      );
    });

    it('applies a repeatable step after the migrations, and again only when its file changes', async () => {
      const v1 = repeatable('count_things', COUNT_THINGS('v1'));
      expect(await migrate(t.db, [first, second], [v1])).toEqual([
        '0001_things',
        '0002_more',
        'count_things',
      ]);
      expect((await t.db.query('SELECT count_things() AS c')).rows).toEqual([{ c: 'v1:1' }]);
      expect(await migrate(t.db, [first, second], [v1])).toEqual([]);

      const v2 = repeatable('count_things', COUNT_THINGS('v2'));
      expect(await migrate(t.db, [first, second], [v2])).toEqual(['count_things']);
      expect((await t.db.query('SELECT count_things() AS c')).rows).toEqual([{ c: 'v2:1' }]);
      const { rows } = await t.db.query('SELECT name, checksum FROM schema_repeatables');
      expect(rows).toEqual([{ name: 'count_things', checksum: v2.checksum }]);
    });

    it('undoes the whole run, migrations included, when a repeatable step fails', async () => {
      const broken = repeatable(
        'broken',
        'CREATE OR REPLACE FUNCTION broken() RETURNS int LANGUAGE sql AS $$ SELECT $$;\n',
      );
      await expect(migrate(t.db, [first], [broken])).rejects.toThrow();
      expect(await tables()).toEqual([]);
    });

    it('applies all or nothing: a failing statement late in a file undoes every file of the run', async () => {
      const broken = migration(
        2,
        'broken',
        'CREATE TABLE fine (id integer);\nINSERT INTO no_such_table VALUES (1);\n',
      );
      await expect(migrate(t.db, [first, broken])).rejects.toThrow(/no_such_table/);
      expect(await tables()).toEqual([]);
    });
  });
});
