import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process';
import { apiOnlyEnv } from '../../test/support/test-config';

// Two real server processes on one DATA_DIR: the embedded database must have one user at a time.
describe('two servers on one DATA_DIR with the embedded database', () => {
  let t: TestDatabase;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    t = await openTestDatabase('pglite', { onDisk: true });
    await t.db.close(); // the servers open it themselves
    env = { ...apiOnlyEnv(t.dataDir) };
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.signal('SIGKILL')));
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('the second exits at once, naming the folder and the first; after a kill -9 of the first a new one starts', async () => {
    const first = await startServerProcess(env);
    running.push(first);

    const refused: unknown = await startServerProcess(env).then(
      (second) => {
        running.push(second);
        return new Error('a second server started');
      },
      (error: unknown) => error,
    );
    if (!(refused instanceof Error)) throw new Error('expected an error');
    expect(refused.message).toContain('the server exited with 1:');
    expect(refused.message).toMatch(
      new RegExp(
        `Cannot start: the data folder ${t.dataDir} \\(DATA_DIR\\) is in use by process ${first.pid} ` +
          '\\(the server, since [^)]+\\)\\. Only one process at a time may use its embedded database',
      ),
    );
    // The first is untouched by the attempt.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    expect(await first.signal('SIGKILL')).toBeNull();
    running.splice(0);
    // The kernel released the dead server's lock: no stale file to delete, no wait.
    const started = performance.now();
    const next = await startServerProcess(env);
    running.push(next);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
    expect(await next.signal('SIGTERM')).toBe(0);
    running.splice(0);
  });
});
