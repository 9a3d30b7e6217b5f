import type { Database, Queryable } from '../../src/server/db/database';
import { openTestPgliteInMemory } from './pglite';

/**
 * In-memory PGlite databases handed on from one test file to the next in the same test process.
 * Loading one from the template's dump costs about 0.65 s of CPU (0.43 s on the clock), and most
 * side-by-side files open one or two; emptying one for the next file costs about 10 ms (decision
 * 0092).
 *
 * A database goes back only as the template left it: emptied by the same reset a test gets between
 * its tests, its session put back (`DISCARD ALL`: settings, temporary tables, advisory locks,
 * prepared statements), and its schema unchanged. A test that added a table, a constraint or a
 * function, that left a transaction open, or that closed the database itself, gets its database
 * closed instead, as before.
 */
const idle: Database[] = [];

/**
 * At most this many wait for the next file: each holds its WebAssembly memory (128 MB at least),
 * and a file seldom opens more than two at once.
 */
export const MOST_KEPT = 3;

let pristineSchema: string | undefined;

/** An open, migrated, empty in-memory PGlite database: one a finished file gave back, else a new one. */
export async function takeMemoryPglite(): Promise<Database> {
  const handedOn = idle.pop();
  if (handedOn) return handedOn;
  const db = await openTestPgliteInMemory();
  pristineSchema ??= await schemaFingerprint(db);
  return db;
}

/**
 * Empties `db` with `reset` and keeps it for the next file, or closes it when it cannot be put back
 * as it came (see above). Never throws for a database the test left in a state of its own.
 */
export async function giveBackMemoryPglite(db: Database, reset: () => Promise<void>): Promise<void> {
  // The bound is checked after the awaits: another database may have come back meanwhile.
  if ((await putBackAsItCame(db, reset)) && idle.length < MOST_KEPT) idle.push(db);
  else await db.close().catch(() => undefined);
}

/** Whether `db`, emptied and its session put back, has the template's schema; false if any step fails. */
async function putBackAsItCame(db: Database, reset: () => Promise<void>): Promise<boolean> {
  try {
    await reset();
    await db.query('DISCARD ALL');
    return (await schemaFingerprint(db)) === pristineSchema;
  } catch {
    return false;
  }
}

/**
 * A digest of everything a test could add to or change in the schema: schemas, relations (tables,
 * indexes, sequences, views), columns, constraints, functions, triggers, extensions and settings
 * stored with the database.
 */
export async function schemaFingerprint(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ fingerprint: string }>(
    `WITH ours AS (
       SELECT oid, nspname FROM pg_namespace
        WHERE nspname NOT IN ('pg_catalog', 'information_schema')
          AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%'
     )
     SELECT md5(coalesce(string_agg(item, E'\\n' ORDER BY item), '')) AS fingerprint FROM (
       SELECT format('schema %s', nspname) FROM ours
       UNION ALL
       SELECT format('relation %s.%s %s', ours.nspname, c.relname, c.relkind)
         FROM pg_class c JOIN ours ON ours.oid = c.relnamespace
       UNION ALL
       SELECT format('column %s.%s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN ours ON ours.oid = c.relnamespace
        WHERE a.attnum > 0
       UNION ALL
       SELECT format('constraint %s.%s %s %s', ours.nspname, k.conname, k.conrelid::regclass, k.convalidated)
         FROM pg_constraint k JOIN ours ON ours.oid = k.connamespace
       UNION ALL
       SELECT format('function %s %s', p.oid::regprocedure, md5(p.prosrc))
         FROM pg_proc p JOIN ours ON ours.oid = p.pronamespace
       UNION ALL
       SELECT format('trigger %s.%s %s', t.tgrelid::regclass, t.tgname, t.tgenabled)
         FROM pg_trigger t WHERE NOT t.tgisinternal
       UNION ALL
       SELECT format('extension %s %s', extname, extversion) FROM pg_extension
       UNION ALL
       SELECT format('setting %s %s', setrole, setconfig) FROM pg_db_role_setting
     ) AS schema(item)`,
  );
  return rows[0]!.fingerprint;
}
