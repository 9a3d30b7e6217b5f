import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';

/** The real server (src/server/main.ts) in its own process, with a throwaway data directory. */
export interface BenchServer {
  url: string;
  pid: number;
  /** Stops the server (SIGTERM, its graceful shutdown) and deletes its data directory. */
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  smtpUrl: string;
  /** Unset: the embedded PGlite in the data directory. */
  databaseUrl?: string;
  /** Arguments for Node itself, e.g. `--cpu-prof` to see where the server spends its time. */
  nodeArgs?: string[];
  logLevel?: 'warn' | 'info';
}

// High enough that neither limit answers a single 429 during a load test: the limits are tested in
// the API's own suite, and here we measure the work of accepting a request.
const UNLIMITED = '1000000';
// Longer than the server's own shutdown needs (its outbox waits up to 10 s for sends in flight).
const STOP_TIMEOUT_MS = 30_000;

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-bench-'));
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SMTP_URL: options.smtpUrl,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        // The team is told of each request too, as in production: two messages per request.
        LEADS_TO: 'team@care-audit.test',
        RATE_LIMIT_PER_CLIENT: UNLIMITED,
        RATE_LIMIT_PER_RECIPIENT: UNLIMITED,
        // autocannon replays one body, so no proof of work (the honeypot is still checked).
        BOT_PROTECTION: 'off',
        // Warnings and errors only, unless asked: see docs/decisions/0006-benchmark.md.
        LOG_LEVEL: options.logLevel ?? 'warn',
      },
      60_000,
      options.nodeArgs,
    );
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    url: server.url,
    pid: server.pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Its graceful shutdown lets the outbox finish the sends in flight; a hung one is killed.
      let timer: NodeJS.Timeout | undefined;
      const killLater = new Promise<void>((resolve) => {
        timer = setTimeout(() => void server.signal('SIGKILL').then(() => resolve()), STOP_TIMEOUT_MS);
      });
      await Promise.race([server.signal('SIGTERM'), killLater]);
      clearTimeout(timer);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
