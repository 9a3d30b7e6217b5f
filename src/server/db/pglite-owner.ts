import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite does not lock its directory: a second process can open it while a server has it open,
 * and the two then overwrite each other's pages (an erasure could silently come undone). So a
 * server that opens the embedded database writes its process id beside it, and the team's CLI
 * refuses to open the directory while that process is alive.
 *
 * The server never refuses to start because of the file: a file left by a killed server, whose
 * process id now belongs to something else, must not keep the site down.
 */
export function pgliteOwnerFile(dataDir: string): string {
  return path.join(dataDir, 'pglite.pid');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Records this process as the one holding the embedded database in `dataDir`; returns its release. */
export async function claimPglite(dataDir: string): Promise<() => Promise<void>> {
  const file = pgliteOwnerFile(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${process.pid}\n`);
  return async () => {
    // Only our own claim: another server may have started on the directory since.
    if ((await pgliteOwner(dataDir, { includeSelf: true })) === process.pid)
      await fs.rm(file, { force: true });
  };
}

/**
 * The process id of a live process that holds the embedded database in `dataDir`, other than this
 * one (unless `includeSelf`); undefined when none does.
 */
export async function pgliteOwner(
  dataDir: string,
  options: { includeSelf?: boolean } = {},
): Promise<number | undefined> {
  let text: string;
  try {
    text = await fs.readFile(pgliteOwnerFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (pid === process.pid) return options.includeSelf ? pid : undefined;
  return isAlive(pid) ? pid : undefined;
}
