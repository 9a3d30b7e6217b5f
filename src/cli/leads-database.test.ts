import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockFolder } from '../server/db/folder-lock';
import { DATA_DIR_LOCK_FILE } from '../server/db/open-database';
import { freshPgliteDir } from '../../test/support/pglite';
import { testConfig } from '../../test/support/test-config';
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

  it('refuses while another holder has the lock on DATA_DIR, naming it', async () => {
    await freshPgliteDir(dir);
    const server = await lockFolder(dir, { holder: 'the server', fileName: DATA_DIR_LOCK_FILE });
    try {
      await expect(openLeadsDatabase(testConfig({ DATA_DIR: dir }))).rejects.toThrow(
        new RegExp(
          `^the data folder ${dir} is in use by process ${process.pid} \\(the server, since [^)]+\\): ` +
            'one process at a time may use the embedded database, so stop it and run this again$',
        ),
      );
    } finally {
      await server.release();
    }
  });

  it('holds the directory while open and lets go when closed', async () => {
    await freshPgliteDir(dir);
    const db = await openLeadsDatabase(testConfig({ DATA_DIR: dir }));
    try {
      await expect(lockFolder(dir, { holder: 'the server', fileName: DATA_DIR_LOCK_FILE })).rejects.toThrow(
        /\(npm run leads, since /,
      );
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_requests')).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await db.close();
    }
    const after = await lockFolder(dir, { holder: 'the server', fileName: DATA_DIR_LOCK_FILE });
    await after.release();
  });
});
