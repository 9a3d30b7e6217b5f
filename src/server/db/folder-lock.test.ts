import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeHolder, FolderLockedError, FolderLockUnavailableError, lockFolder } from './folder-lock';

const LOCK = { holder: 'the test', fileName: 'test.lock' };

/** A separate process that locks `folder` with lockFolder and waits; resolves once it holds the lock. */
async function lockInAnotherProcess(folder: string) {
  const script = `
    import { lockFolder } from ${JSON.stringify(path.resolve('src/server/db/folder-lock.ts'))};
    await lockFolder(${JSON.stringify(folder)}, { holder: 'the other test process', fileName: 'test.lock' });
    process.stdout.write('locked');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the locking process exited with ${code}`)));
  });
  return child;
}

describe('lockFolder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-lock-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('holds the folder until released, and names its holder to a second taker', async () => {
    const folder = path.join(dir, 'created-if-missing');
    const lock = await lockFolder(folder, LOCK);
    const record = JSON.parse(await fs.readFile(lock.file, 'utf8')) as Record<string, unknown>;
    expect(record).toEqual({ pid: process.pid, holder: 'the test', since: expect.any(String) });

    // A second open of the same file is refused even in the same process: the lock belongs to the open file.
    const refused = await lockFolder(folder, LOCK).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FolderLockedError);
    expect((refused as FolderLockedError).message).toBe(
      `${folder} is in use by process ${process.pid} (the test, since ${String(record.since)})`,
    );

    await lock.release();
    await lock.release();
    expect(await fs.readFile(lock.file, 'utf8')).toBe('');
    const again = await lockFolder(folder, LOCK);
    await again.release();
  });

  it('is refused while another process holds it, and free at once after that process is killed', async () => {
    const other = await lockInAnotherProcess(dir);
    try {
      await expect(lockFolder(dir, LOCK)).rejects.toThrow(
        new RegExp(`is in use by process ${other.pid} \\(the other test process, since `),
      );
    } finally {
      const exited = new Promise((resolve) => other.once('exit', resolve));
      other.kill('SIGKILL');
      await exited;
    }
    // The kernel dropped the dead process's lock; its stale description does not matter.
    const lock = await lockFolder(dir, LOCK);
    expect(JSON.parse(await fs.readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('says plainly when it cannot lock at all', async () => {
    await expect(lockFolder(dir, { ...LOCK, flockCommand: path.join(dir, 'no-flock-here') })).rejects.toThrow(
      new FolderLockUnavailableError(
        `cannot lock ${path.join(dir, 'test.lock')}: the \`flock\` command (util-linux) was not found. ` +
          'Install it (Debian/Ubuntu: util-linux; Alpine: apk add util-linux; macOS: brew install flock)',
      ),
    );
    // And the folder is not left locked by the attempt.
    const lock = await lockFolder(dir, LOCK);
    await lock.release();
  });

  it('names an unknown holder vaguely rather than wrongly', () => {
    expect(describeHolder('')).toBe('another process (it has not said which)');
    expect(describeHolder('1234\n')).toBe('another process (it has not said which)');
    expect(describeHolder('{"pid":"1","holder":"x","since":"y"}')).toBe(
      'another process (it has not said which)',
    );
    expect(describeHolder('{"pid":7,"holder":"the server","since":"2026-11-23T10:00:00.000Z"}')).toBe(
      'process 7 (the server, since 2026-11-23T10:00:00.000Z)',
    );
  });
});
