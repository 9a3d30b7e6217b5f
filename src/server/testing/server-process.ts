import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The real server (src/server/main.ts) in a child process of its own. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Sends a signal and waits for it to exit; resolves with its exit code (null when killed by the signal). */
  signal(signal: NodeJS.Signals): Promise<number | null>;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the server with `env` (and a free PORT) and resolves once /api/health answers 200.
 * It runs as `node --import tsx`, one process, so a SIGKILL kills the server itself (the `tsx`
 * command would run it in a second process that outlives its parent). `nodeArgs` go to Node
 * itself (e.g. `--cpu-prof`, which Node does not accept in NODE_OPTIONS). `user`: run it as that
 * user (only root may), e.g. so a read-only folder is read-only to it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 30_000,
  nodeArgs: readonly string[] = [],
  user?: { uid: number; gid: number },
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    pid: child.pid ?? -1,
    output: () => output,
    async signal(signal) {
      const done = exited(child);
      child.kill(signal);
      return done;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.signal('SIGKILL');
  throw new Error(`the server did not become healthy in ${timeoutMs} ms:\n${output}`);
}
