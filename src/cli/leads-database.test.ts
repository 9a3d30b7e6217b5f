import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgliteOwner, pgliteOwnerFile } from '../server/db/pglite-owner';
import { freshPgliteDir } from '../server/testing/pglite';
import { testConfig } from '../server/testing/test-config';
import { LeadsDatabaseError, openLeadsDatabase } from './leads-database';

describe('openLeadsDatabase with the embedded database', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-leads-db-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses a DATA_DIR with no database in it, and creates none', async () => {
    await expect(openLeadsDatabase(testConfig({ DATA_DIR: dir }))).rejects.toThrow(
      new LeadsDatabaseError(
        `there is no embedded database in ${path.join(dir, 'pglite')}: set DATA_DIR to the server's data directory, or DATABASE_URL`,
      ),
    );
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('refuses while another live process has it open', async () => {
    await freshPgliteDir(dir);
    await fs.writeFile(pgliteOwnerFile(dir), `${process.ppid}\n`);
    await expect(openLeadsDatabase(testConfig({ DATA_DIR: dir }))).rejects.toThrow(
      `is open in process ${process.ppid} (a running server?): stop it and run this again`,
    );
  });

  it('holds the directory while open and lets go when closed', async () => {
    await freshPgliteDir(dir);
    const db = await openLeadsDatabase(testConfig({ DATA_DIR: dir }));
    try {
      expect(await pgliteOwner(dir, { includeSelf: true })).toBe(process.pid);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_requests')).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await db.close();
    }
    expect(await pgliteOwner(dir, { includeSelf: true })).toBeUndefined();
  });
});
