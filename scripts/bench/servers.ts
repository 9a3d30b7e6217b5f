import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../test/support/server-process';

/** The real server (src/server/main.ts) in its own process, with a throwaway data directory. */
export interface BenchServer {
  url: string;
  pid: number;
  dataDir: string;
  /** Stops the server (SIGTERM, its graceful shutdown); deletes its data directory unless it was given one. */
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  smtpUrl: string;
  /** Unset: the embedded PGlite in the data directory. */
  databaseUrl?: string;
  /** A data directory to use (and keep); unset: a new, empty one, deleted at stop. */
  dataDir?: string;
  /** Arguments for Node itself, e.g. `--cpu-prof` to see where the server spends its time. */
  nodeArgs?: string[];
  logLevel?: 'warn' | 'info';
  /** Listen on this port (one a load balancer was told of before the server started); unset: a free one. */
  port?: number;
  /** More variables, e.g. TRUST_PROXY and PUBLIC_URL behind a load balancer. */
  env?: Record<string, string>;
}

// High enough that neither limit answers a single 429 during a load test: the limits are tested in
// the API's own suite, and here we measure the work of accepting a request.
const UNLIMITED = '1000000';

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'care-audit-bench-')));
  try {
    const server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SMTP_URL: options.smtpUrl,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        // The team is told of each request too, as in production: two messages per request.
        LEADS_TO: 'team@care-audit.test',
        RATE_LIMIT_PER_CLIENT: UNLIMITED,
        RATE_LIMIT_PER_RECIPIENT: UNLIMITED,
        RATE_LIMIT_REPORTS_PER_CLIENT: UNLIMITED,
        // The load generator posts as an API client does, without the form's proof of work.
        BOT_PROTECTION: 'off',
        // Warnings and errors only, unless asked: see docs/decisions/0006-benchmark.md.
        LOG_LEVEL: options.logLevel ?? 'warn',
        ...options.env,
      },
      { timeoutMs: 60_000, nodeArgs: options.nodeArgs, port: options.port },
    );
    let stopped = false;
    return {
      url: server.url,
      pid: server.pid,
      dataDir,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop();
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
