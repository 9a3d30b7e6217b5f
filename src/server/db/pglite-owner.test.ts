import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshPgliteDir } from '../testing/pglite';
import { testConfig } from '../testing/test-config';
import { claimPglite, pgliteOwner, pgliteOwnerFile } from './pglite-owner';

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('the PGlite owner file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-owner-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('names no owner when there is no file, or only this process, or a process that has exited', async () => {
    expect(await pgliteOwner(dir)).toBeUndefined();
    const release = await claimPglite(dir);
    expect(await fs.readFile(pgliteOwnerFile(dir), 'utf8')).toBe(`${process.pid}\n`);
    expect(await pgliteOwner(dir)).toBeUndefined();
    expect(await pgliteOwner(dir, { includeSelf: true })).toBe(process.pid);
    await release();
    await expect(fs.access(pgliteOwnerFile(dir))).rejects.toThrow();

    await fs.writeFile(pgliteOwnerFile(dir), `${deadPid()}\n`);
    expect(await pgliteOwner(dir)).toBeUndefined();
    await fs.writeFile(pgliteOwnerFile(dir), 'garbage');
    expect(await pgliteOwner(dir)).toBeUndefined();
  });

  it('names another live process that holds it', async () => {
    await fs.writeFile(pgliteOwnerFile(dir), `${process.ppid}\n`);
    expect(await pgliteOwner(dir)).toBe(process.ppid);
  });

  it('leaves the file alone at release when another process has claimed the directory since', async () => {
    const release = await claimPglite(dir);
    await fs.writeFile(pgliteOwnerFile(dir), `${process.ppid}\n`);
    await release();
    expect(await pgliteOwner(dir)).toBe(process.ppid);
  });

  it('is written by a server that opens the embedded database, and removed when it closes', async () => {
    await freshPgliteDir(dir);
    const app = await buildApp(testConfig({ DATA_DIR: dir, SITE_DIR: path.join(dir, 'no-site') }));
    try {
      expect(await pgliteOwner(dir, { includeSelf: true })).toBe(process.pid);
    } finally {
      await app.close();
    }
    expect(await pgliteOwner(dir, { includeSelf: true })).toBeUndefined();
  });
});
