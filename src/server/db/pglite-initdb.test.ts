import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from './pglite-database';
import { holdsPgliteDatabase, initialisePgliteFolder } from './pglite-initdb';

describe('initialising a PGlite folder in a child process', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-initdb-'));
  });
  afterAll(() => fs.rm(parent, { recursive: true, force: true }));

  it('creates a database in an empty folder, which then opens and answers', async () => {
    const dir = path.join(parent, 'empty');
    await fs.mkdir(dir);
    expect(await holdsPgliteDatabase(dir)).toBe(false);
    expect(await initialisePgliteFolder(dir)).toBe(true);
    expect(await holdsPgliteDatabase(dir)).toBe(true);
    const db = await openPgliteDatabase(dir);
    try {
      expect((await db.query<{ answer: number }>('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      await db.close();
    }
  });

  it('leaves a folder that holds a database alone, data and all', async () => {
    const dir = path.join(parent, 'existing');
    const db = await openPgliteDatabase(dir);
    await db.query('CREATE TABLE kept (value text)');
    await db.query("INSERT INTO kept VALUES ('still here')");
    await db.close();
    expect(await initialisePgliteFolder(dir)).toBe(false);
    const reopened = await openPgliteDatabase(dir);
    try {
      expect((await reopened.query('SELECT value FROM kept')).rows).toEqual([{ value: 'still here' }]);
    } finally {
      await reopened.close();
    }
  });
});
