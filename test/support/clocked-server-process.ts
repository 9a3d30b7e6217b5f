import { freePort } from './free-port';
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from './server-process';

/** The server of test/support/clocked-server.ts in its own process, and the way to set its clock. */
export interface ClockedServer extends ServerProcess {
  /** Sets the app's clock to `instant`; it runs on from there. Resolves once the server has it. */
  setNow(instant: Date): Promise<void>;
}

/** Starts test/support/clocked-server.ts with `env` (as startServerProcess starts main.ts). */
export async function startClockedServer(
  env: Record<string, string>,
  options: Omit<ServerProcessOptions, 'entry'> = {},
): Promise<ClockedServer> {
  const controlPort = await freePort();
  const server = await startServerProcess(
    { ...env, CLOCK_CONTROL_PORT: String(controlPort) },
    { ...options, entry: 'test/support/clocked-server.ts' },
  );
  return {
    ...server,
    async setNow(instant) {
      const res = await fetch(`http://127.0.0.1:${controlPort}/now`, {
        method: 'PUT',
        body: instant.toISOString(),
      });
      if (!res.ok) throw new Error(`the clock was not set: ${res.status} ${await res.text()}`);
    },
  };
}
