import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./pglite-initdb-child.mjs', import.meta.url));

/** Whether `dataDir` already holds a PGlite database (PostgreSQL writes PG_VERSION first thing). */
export async function holdsPgliteDatabase(dataDir: string): Promise<boolean> {
  return access(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

/**
 * Creates the database files in an empty `dataDir` in a short-lived child process, so that the
 * server then opens an existing folder. PGlite's WebAssembly memory only ever grows, and initdb
 * grows it to about 800 MB, which a process that ran initdb itself keeps for as long as it runs;
 * one that opens an existing folder stays near 300 MB. Resolves with whether it created anything.
 * If the child fails, nothing is lost: the caller's own open runs initdb in-process as before
 * (and reports whatever the real problem is).
 */
export async function initialisePgliteFolder(dataDir: string): Promise<boolean> {
  if (await holdsPgliteDatabase(dataDir)) return false;
  await new Promise<void>((resolve) => {
    // A plain-JavaScript entry: PGlite needs no TypeScript loader, and Node starts faster without one.
    execFile(process.execPath, [CHILD, dataDir], { timeout: 120_000 }, () => resolve());
  });
  return holdsPgliteDatabase(dataDir);
}
