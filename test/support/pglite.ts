import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/server/db/database';
import { migrate, readMigrations, readRepeatables } from '../../src/server/db/migrate';
import { PGlite } from '@electric-sql/pglite';
import { openPgliteDatabase, openPgliteInMemory } from '../../src/server/db/pglite-database';

// A fresh PGlite data directory takes seconds to initialise, a copy of one a fraction of that. The
// template is keyed by the migrations and the repeatable steps, so a changed schema gets a new one.
async function templateDir(): Promise<string> {
  const migrations = await readMigrations();
  const repeatables = await readRepeatables();
  const key = createHash('sha256')
    .update(JSON.stringify([migrations, repeatables]))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(os.tmpdir(), `care-audit-pglite-template-${key}`);
  try {
    await fs.access(path.join(dir, 'PG_VERSION'));
    return dir;
  } catch {
    // Build it beside the final place and rename it there, so a parallel test file never sees half of one.
    const building = await fs.mkdtemp(`${dir}-building-`);
    const db = await openPgliteDatabase(building);
    await migrate(db, migrations, repeatables);
    await db.close();
    try {
      await fs.rename(building, dir);
    } catch {
      await fs.rm(building, { recursive: true, force: true }); // another file won the race
    }
    return dir;
  }
}

/** A migrated, empty PGlite data directory of its own, made from a cached template. */
export async function freshPgliteDir(parent: string): Promise<string> {
  const target = path.join(parent, 'pglite');
  await fs.cp(await templateDir(), target, { recursive: true });
  return target;
}

/** An open, migrated, empty PGlite database in a directory of its own. */
export async function openTestPglite(parent: string): Promise<Database> {
  return openPgliteDatabase(await freshPgliteDir(parent));
}

/**
 * The template as PGlite's own dump (a tar file beside it), read once per test process: an
 * in-memory database loads from it in about 0.6 s, where copying the folder and opening the copy
 * takes about 2 s, and its queries then never touch the disk.
 */
let dump: Promise<Blob> | undefined;

async function templateDump(): Promise<Blob> {
  dump ??= (async () => {
    const dir = await templateDir();
    const file = `${dir}.tar`;
    try {
      return new Blob([await fs.readFile(file)]);
    } catch {
      // Dumped from a copy: opening the template itself would write to it under every other file.
      const scratch = await fs.mkdtemp(`${dir}-dumping-`);
      const pglite = await PGlite.create(await freshPgliteDir(scratch));
      const tar = await pglite.dumpDataDir('none');
      await pglite.close();
      // Written beside the final name and renamed, so a parallel test file never reads half of one.
      const partial = path.join(scratch, 'dump.tar');
      await fs.writeFile(partial, new Uint8Array(await tar.arrayBuffer()));
      await fs.rename(partial, file).catch(() => undefined); // another file may have won the race
      await fs.rm(scratch, { recursive: true, force: true });
      return tar;
    }
  })();
  return dump;
}

/** An open, migrated, empty PGlite database in memory, for a test that never needs its folder. */
export async function openTestPgliteInMemory(): Promise<Database> {
  return openPgliteInMemory(await templateDump());
}
