import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The real server (src/server/main.ts) in a child process of its own, as the tests, the
 * end-to-end runner and the benchmark start it.
 */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Sends a signal and waits for it to exit; resolves with its exit code (null when killed by the signal). */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  /**
   * Stops it as an orchestrator would: SIGTERM (its graceful shutdown lets the outbox finish the
   * sends in flight), then SIGKILL if it has not exited after `graceMs`. Resolves with its exit code.
   */
  stop(graceMs?: number): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** How long it may take to answer /api/health with 200. */
  timeoutMs?: number;
  /** Arguments for Node itself (e.g. `--cpu-prof`, which Node does not accept in NODE_OPTIONS). */
  nodeArgs?: readonly string[];
  /** Run it as this user (only root may), e.g. so a read-only folder is read-only to it. */
  user?: { uid: number; gid: number };
  /** Also print what it prints, as it prints it (the end-to-end runner shows the server's log). */
  echo?: boolean;
  /** Listen on this port rather than a free one found now (for a PUBLIC_URL that must name it). */
  port?: number;
  /** The script to run instead of src/server/main.ts (test/support/clocked-server.ts), from the root. */
  entry?: string;
}

// Longer than the server's own shutdown needs (its outbox waits up to 10 s for sends in flight).
const STOP_GRACE_MS = 30_000;

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the server with `env` (and a free PORT on 127.0.0.1) and resolves once /api/health
 * answers 200. Nothing else of this process's environment reaches it but PATH, so a variable set
 * in the shell (DATABASE_URL, say) never changes what is tested. It runs as `node --import tsx`,
 * one process, so a signal reaches the server itself (the `tsx` command would run it in a second
 * process that outlives its parent).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const { timeoutMs = 30_000, nodeArgs = [], user, echo = false, entry = 'src/server/main.ts' } = options;
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (echo) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (echo) process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const signal = async (name: NodeJS.Signals) => {
    const done = exited(child);
    child.kill(name);
    return done;
  };
  const server: ServerProcess = {
    url,
    pid: child.pid ?? -1,
    output: () => output,
    signal,
    async stop(graceMs = STOP_GRACE_MS) {
      const done = signal('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await done;
      } finally {
        clearTimeout(timer);
      }
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
