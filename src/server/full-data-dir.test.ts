import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type DatabaseKind } from '../../test/support/databases';
import { startPostgres, type PostgresServer } from '../../test/support/postgres';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process';
import { healthStatus, postGrowingRequest } from '../../test/support/storage-requests';

const run = promisify(execFile);

/**
 * Issue 36: with the data folder full, e-mail requests were 503 while /api/health said 200, as its
 * write probe rewrote one row in a page it already had. Here the disk is full for real: the
 * database's folder is on a small tmpfs (mounting one needs root, as this machine's tests run),
 * filled with `fallocate` to its last few kilobytes, and the server process runs on it.
 */

const TMPFS_SIZE = '256m';
// What is left free: less than a request's rows need once the pages the database has are full.
const LEFT_FREE_KB = 8;
// The health check proves writes at most every 10 s while they work (health-routes.ts).
const PROBE_WAIT_MS = 15_000;

/** Polls health until it answers `status` or PROBE_WAIT_MS pass; what it answered last. */
async function healthBecomes(server: ServerProcess, status: number): Promise<number> {
  const deadline = Date.now() + PROBE_WAIT_MS;
  let last = await healthStatus(server);
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await healthStatus(server);
  }
  return last;
}

async function freeKb(folder: string): Promise<number> {
  const { stdout } = await run('df', ['--output=avail', '-k', folder]);
  return Number(stdout.trim().split('\n')[1]);
}

describe.each(DATABASE_KINDS)('a full data folder on %s', (kind: DatabaseKind) => {
  let mount: string;
  let postgres: PostgresServer | undefined;
  let server: ServerProcess | undefined;
  const filler = () => path.join(mount, 'filler');

  beforeAll(async () => {
    if (process.getuid?.() !== 0) throw new Error('this test mounts a small tmpfs, which needs root');
    mount = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-full-'));
    await run('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mount]);
    const dataDir = path.join(mount, 'data');
    await fs.mkdir(dataDir);
    if (kind === 'postgres') postgres = await startPostgres({ under: mount });
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SITE_DIR: path.join(dataDir, 'no-site'),
        LOG_LEVEL: 'warn',
        BOT_PROTECTION: 'off',
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      },
      { timeoutMs: 60_000 },
    );
  });
  afterAll(async () => {
    await server?.signal('SIGKILL');
    await postgres?.destroy();
    if (mount) {
      await run('umount', ['--lazy', mount]).catch(() => undefined);
      await fs.rm(mount, { recursive: true, force: true });
    }
  });

  it('answers 503 on /api/health as the requests do, and 200 again once there is room', async () => {
    let i = 0;
    expect(await postGrowingRequest(server!, i++)).toBe(202);
    expect(await healthStatus(server!)).toBe(200);

    const free = await freeKb(mount);
    await run('fallocate', ['-l', `${(free - LEFT_FREE_KB) * 1024}`, filler()]);
    // A few more fit in the pages the database already has; then every request is refused.
    let status = 202;
    while (status === 202 && i < 400) status = await postGrowingRequest(server!, i++);
    expect(status).toBe(503);
    expect(await postGrowingRequest(server!, i++)).toBe(503);
    expect(await healthBecomes(server!, 503)).toBe(503);

    await fs.rm(filler());
    expect(await healthBecomes(server!, 200), server!.output()).toBe(200);
    // The embedded database reopens by itself first (decision 0009): give it a while.
    const deadline = Date.now() + 20_000;
    status = await postGrowingRequest(server!, i++);
    while (status !== 202 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await postGrowingRequest(server!, i++);
    }
    expect(status, server!.output()).toBe(202);
  });
});
