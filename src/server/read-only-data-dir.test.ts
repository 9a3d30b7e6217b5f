import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from './db/pglite-database';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { validBody } from '../../test/support/requests';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process';
import { apiOnlyEnv } from '../../test/support/test-config';

const run = promisify(execFile);

// Root writes through any file mode, so as root the server runs as `nobody`, for whom a folder
// without write permission is read-only, just as it is for a server run by an ordinary user.
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };

async function post(server: ServerProcess, i: number): Promise<number> {
  const res = await fetch(`${server.url}/api/email-results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Long notes make the table grow, and PostgreSQL soon needs a file it has not yet created.
    body: JSON.stringify(
      validBody({ email: `visitor${i}@example.org`, message: `${i} ${'n'.repeat(1_900)}` }),
    ),
  });
  await res.arrayBuffer();
  return res.status;
}

async function healthStatus(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/api/health`);
  await res.arrayBuffer();
  return res.status;
}

describe('a server whose embedded database folder turns read-only', () => {
  let t: TestDatabase;
  let server: ServerProcess | undefined;
  let pgliteDir: string;

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    await t.db.close();
    pgliteDir = path.join(t.dataDir, 'pglite');
    if (AS_ROOT) await run('chown', ['-R', `${NOBODY.uid}:${NOBODY.gid}`, t.dataDir]);
  });
  afterAll(async () => {
    await server?.signal('SIGKILL');
    await run('chmod', ['-R', 'u+w', pgliteDir]).catch(() => undefined);
    await t?.destroy();
  });

  it('answers 503 (never 500) and health says so; once writable again it heals by itself, losing nothing accepted', async () => {
    server = await startServerProcess(
      {
        ...apiOnlyEnv(t.dataDir),
        RATE_LIMIT_PER_CLIENT: '1000',
        RATE_LIMIT_PER_RECIPIENT: '1000',
        BOT_PROTECTION: 'off',
      },
      { user: AS_ROOT ? NOBODY : undefined },
    );
    let accepted = 0;
    let i = 0;
    expect(await post(server, i++)).toBe(202);
    accepted++;

    await run('chmod', ['-R', 'a-w', pgliteDir]);
    const statuses: number[] = [];
    while (statuses.length < 60) {
      const status = await post(server, i++);
      statuses.push(status);
      if (status === 202) accepted++;
      else break;
    }
    // Writes into files PostgreSQL already has open still succeed; the first that needs a new file fails.
    expect(statuses.at(-1)).toBe(503);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(await healthStatus(server)).toBe(503);
    expect(await post(server, i++)).toBe(503);

    await run('chmod', ['-R', 'u+w', pgliteDir]);
    const writable = performance.now();
    let healed: number | undefined;
    while (performance.now() - writable < 20_000) {
      const status = await post(server, i++);
      expect([202, 503]).toContain(status);
      if (status === 202) {
        accepted++;
        healed = performance.now() - writable;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(healed, server.output()).toBeDefined();
    expect(await healthStatus(server)).toBe(200);
    expect(await post(server, i)).toBe(202);
    accepted++;
    expect(server.output()).toMatch(/embedded database reopened after a storage failure/);
    expect(server.output().match(/cannot be reopened/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(server.output()).not.toMatch(/visitor\d+@example\.org/);

    expect(await server.signal('SIGTERM')).toBe(0);
    server = undefined;
    const db = await openPgliteDatabase(pgliteDir);
    try {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_requests');
      expect(rows[0]?.n).toBe(accepted);
    } finally {
      await db.close();
    }
    console.info(
      `read-only test: ${statuses.length} posts until the first 503; healed ${Math.round(healed ?? -1)} ms after the folder was writable again`,
    );
  });
});

describe('a server whose embedded database folder is read-only when it starts', () => {
  let t: TestDatabase;
  let pgliteDir: string;

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    await t.db.close();
    pgliteDir = path.join(t.dataDir, 'pglite');
    if (AS_ROOT) await run('chown', ['-R', `${NOBODY.uid}:${NOBODY.gid}`, t.dataDir]);
  });
  afterAll(async () => {
    await run('chmod', ['-R', 'u+w', pgliteDir]).catch(() => undefined);
    await t?.destroy();
  });

  /** What the server printed when it refused to start (startServerProcess's error carries it). */
  async function startUpFailure(): Promise<string> {
    const started = startServerProcess(apiOnlyEnv(t.dataDir), { user: AS_ROOT ? NOBODY : undefined });
    const error = await started.then(
      async (server) => {
        await server.signal('SIGKILL');
        return new Error(`it started:\n${server.output()}`);
      },
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }

  const user = AS_ROOT ? `uid ${NOBODY.uid}` : `uid ${process.getuid?.()}`;

  it("stops with a message naming the folder, the user and the permission, not PGlite's bare failure", async () => {
    await run('chmod', ['-R', 'a-w', pgliteDir]);
    const message = await startUpFailure();
    expect(message).toMatch(/exited with 1/);
    expect(message).toContain(
      `Cannot start: the embedded database folder ${pgliteDir} is not readable and writable by this user (${user}`,
    );
    expect(message).toContain('or set DATA_DIR to a folder it owns');
    expect(message).not.toMatch(/PGlite failed to initialize properly/);
    // An expected start-up problem: its message alone, no stack.
    expect(message).not.toMatch(/\n\s+at /);
  });

  it('names the first file it may not write when the folder itself is writable', async () => {
    await run('chmod', ['-R', 'a-w', pgliteDir]);
    await run('chmod', ['u+w', pgliteDir]);
    const message = await startUpFailure();
    expect(message).toMatch(
      new RegExp(
        `Cannot start: the embedded database (file|folder) ${pgliteDir}/\\S+ is not readable and writable by this user`,
      ),
    );
    expect(message).not.toMatch(/\n\s+at /);
  });
});
