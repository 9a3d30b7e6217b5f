import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServerProcess, ServerProcessOptions } from '../test/support/server-process';
import { freePort } from '../test/support/free-port';
import { test as base } from './fixtures';
import { suiteServerEnv } from './server-env';

/** How a spec starts its server: src/server/main.ts, or the clocked server of test/support. */
export type StartServer<S extends ServerProcess> = (
  env: Record<string, string>,
  options: Omit<ServerProcessOptions, 'entry'>,
) => Promise<S>;

/**
 * The suite's test, on a server of the spec's own: a throwaway data folder, the suite's SMTP
 * listener (its mail is read as every spec reads mail) and limits, and `env` for the rest. A spec
 * that changes what the whole server shows (a published version of the words, the clock) runs on
 * one, so it runs side by side with the others and no other spec meets what it changed. The page's
 * relative addresses go to that server; `own` is the server itself, for what a spec does to it.
 */
export function testOnOwnServer<S extends ServerProcess>(start: StartServer<S>, env: Record<string, string>) {
  return base.extend<object, { own: S }>({
    own: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none.
      async ({}, use) => {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-e2e-own-'));
        const port = await freePort();
        const server = await start(
          {
            ...suiteServerEnv({
              dataDir,
              smtpUrl: process.env.E2E_SMTP_URL as string,
              publicUrl: `http://127.0.0.1:${port}`,
            }),
            ...env,
          },
          { port, timeoutMs: 60_000 },
        );
        await use(server);
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ own }, use) => use(own.url),
  });
}
