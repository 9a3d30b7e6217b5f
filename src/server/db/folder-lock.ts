import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * An exclusive lock on a folder that the kernel releases when the holding process dies, however it
 * dies: a lock left by a killed process never blocks the next one.
 *
 * Node has no flock(2), so util-linux's `flock` command takes it for us: we open the lock file and
 * hand the open file to `flock <fd>`, which locks it and exits. A flock belongs to the open file,
 * not to the process that took it, so the lock stays held by our copy of that open file until we
 * close it or die. No helper process is left running. See docs/decisions/0008.
 *
 * The lock file also holds a description of its holder (process id, what it is, since when), so a
 * process that is refused can say who has the folder. It is never deleted: deleting a lock file
 * lets a waiting process lock the old file while a new one locks a new file, and both "hold" it.
 */

export interface FolderLock {
  /** The lock file. */
  readonly file: string;
  /** Unlocks the folder; safe to call more than once. */
  release(): Promise<void>;
}

/** Someone else holds the folder. */
export class FolderLockedError extends Error {
  override name = 'FolderLockedError';
  constructor(
    readonly folder: string,
    /** "process 1234 (the server, since 2026-11-23T10:00:00.000Z)", or a vaguer phrase when the holder left no description. */
    readonly holder: string,
  ) {
    super(`${folder} is in use by ${holder}`);
  }
}

/** The folder could not be locked at all (no `flock` command, or the lock file cannot be opened). */
export class FolderLockUnavailableError extends Error {
  override name = 'FolderLockUnavailableError';
}

interface HolderRecord {
  pid: number;
  holder: string;
  since: string;
}

export interface LockFolderOptions {
  /** What this process is, for the message another process gets: "the server", "npm run leads". */
  holder: string;
  /** The lock file's name inside the folder. */
  fileName: string;
  /** The flock program (a test names a missing one). */
  flockCommand?: string;
}

// util-linux's flock exits 1 when --nonblock finds the lock taken.
const EXIT_LOCK_TAKEN = 1;

function runFlock(command: string, fd: number, lockFile: string): Promise<'locked' | 'taken'> {
  return new Promise((resolve, reject) => {
    // The open lock file becomes the child's fd 3; `flock 3` locks it. Nothing else is inherited.
    const child = spawn(command, ['--nonblock', '--exclusive', '3'], {
      stdio: ['ignore', 'ignore', 'pipe', fd],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new FolderLockUnavailableError(
          error.code === 'ENOENT'
            ? `cannot lock ${lockFile}: the \`flock\` command (util-linux) was not found. Install it ` +
                '(Debian/Ubuntu: util-linux; Alpine: apk add util-linux; macOS: brew install flock)'
            : `cannot lock ${lockFile}: ${error.message}`,
          { cause: error },
        ),
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve('locked');
      else if (code === EXIT_LOCK_TAKEN) resolve('taken');
      else
        reject(
          new FolderLockUnavailableError(
            `cannot lock ${lockFile}: flock exited with ${code}: ${stderr.trim()}`,
          ),
        );
    });
  });
}

/** How the holder recorded in `text` is named in a message. */
export function describeHolder(text: string): string {
  try {
    const record = JSON.parse(text) as Partial<HolderRecord>;
    if (
      Number.isInteger(record.pid) &&
      typeof record.holder === 'string' &&
      typeof record.since === 'string'
    ) {
      return `process ${record.pid} (${record.holder}, since ${record.since})`;
    }
  } catch {
    // Empty (the holder is between locking and writing its description) or not ours.
  }
  return 'another process (it has not said which)';
}

/**
 * Locks `folder` (creating it if need be) for this process, or throws FolderLockedError naming the
 * process that holds it. Never waits: a second server should stop at once, not queue behind the first.
 */
export async function lockFolder(folder: string, options: LockFolderOptions): Promise<FolderLock> {
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, options.fileName);
  let handle: fs.FileHandle;
  try {
    // Read-write without truncating: the holder's description must survive our open.
    handle = await fs.open(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  } catch (error) {
    throw new FolderLockUnavailableError(`cannot open the lock file ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    if ((await runFlock(options.flockCommand ?? 'flock', handle.fd, file)) === 'taken') {
      throw new FolderLockedError(folder, describeHolder(await fs.readFile(file, 'utf8')));
    }
    const record: HolderRecord = {
      pid: process.pid,
      holder: options.holder,
      since: new Date().toISOString(),
    };
    await handle.truncate(0);
    await handle.write(`${JSON.stringify(record)}\n`, 0);
  } catch (error) {
    await handle.close();
    throw error;
  }

  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      // Emptied first, so nobody later reads us as the holder; closing our only copy of the open file unlocks it.
      await handle.truncate(0).catch(() => undefined);
      await handle.close();
    },
  };
}
