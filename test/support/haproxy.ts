import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A real HAProxy (Debian's `haproxy`) in front of server processes on loopback, round robin, as a
 * deployment would put it in front of several app instances. The multi-instance test and the
 * bench's three-instance figures start it; docs/decisions/0049-multi-instance-test.md says why its
 * configuration is what it is.
 */
export interface LoadBalancer {
  /** Where clients send requests: http://127.0.0.1:<port>. */
  url: string;
  /** The backend servers' names, in the order their ports were given (`app1`, `app2`, …). */
  servers: readonly string[];
  /** Every server's state as HAProxy's health checks see it ('UP', 'DOWN', 'MAINT', …). */
  states(): Promise<Record<string, string>>;
  /** Resolves once HAProxy's checks see `server` in `state`; rejects after `timeoutMs`. */
  waitFor(server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  /** Everything HAProxy printed (its warnings and alerts), for a failing test's message. */
  output(): string;
  /** Stops this HAProxy (its own process) and deletes its folder. */
  stop(): Promise<void>;
}

/** The response header naming the server that answered, so a test can see the requests spread. */
export const SERVED_BY_HEADER = 'x-served-by';

// How often HAProxy checks each server's /api/health: a server started again rejoins within about
// `CHECK_INTERVAL_MS × RISE`, and one that stopped is out after `× FALL` failed checks (a refused
// connection fails at once). FALL is 3, not 1: on a loaded 2-core machine one check may be slow,
// and a server taken out for that would only shift load, never fail a request.
const CHECK_INTERVAL_MS = 250;
const RISE = 1;
const FALL = 3;

/** HAProxy's binary: HAPROXY_PATH (scripts/test.ts sets it from ensure-tools), else Debian's place. */
export function haproxyPath(): string {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];
  const found = candidates.find((c): c is string => Boolean(c) && existsSync(c as string));
  // Thrown, never skipped: a run without HAProxy must not pass as if it had been tested.
  if (!found)
    throw new Error("HAProxy was not found: install Debian's haproxy package (apt-get install haproxy).");
  return found;
}

/** The configuration, one directive a line; `servers` are loopback ports. */
export function haproxyConfig(options: {
  port: number;
  serverPorts: readonly number[];
  socket: string;
}): string {
  return [
    'global',
    '  maxconn 4096',
    // The admin socket answers `show stat`: each server's state for waitFor().
    `  stats socket ${options.socket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    // Loopback connects at once: a second is only for a machine too busy to accept.
    '  timeout connect 1s',
    // The app cuts headers at 10 s and a whole request at 30 s; the balancer waits as long.
    '  timeout http-request 10s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout queue 10s',
    '  timeout check 5s',
    // A connection refused (a server stopping or stopped, before its checks take it out) is tried
    // again, on another server each time: no request reached the app, so any request may be retried.
    '  retries 3',
    '  option redispatch 1',
    // An empty answer or none in time is retried too, but only for GET and HEAD (below): a POST
    // may have been stored before its server died, and sending it again would store it twice.
    '  retry-on conn-failure empty-response response-timeout',
    // The app (TRUST_PROXY=1) takes the client's address from the header HAProxy appends.
    '  option forwardfor',
    // A new connection to the app for each request: no idle connection for a stopping server to
    // close under a request HAProxy is just sending on it (the app's keep-alive race).
    '  option http-server-close',
    '',
    'frontend site',
    `  bind 127.0.0.1:${options.port}`,
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    // METH_GET is GET and HEAD: every other method is retried on a connection failure only.
    '  http-request disable-l7-retry unless METH_GET',
    '  http-response set-header X-Served-By %[srv_name]',
    `  default-server check inter ${CHECK_INTERVAL_MS} rise ${RISE} fall ${FALL}`,
    ...options.serverPorts.map((port, i) => `  server app${i + 1} 127.0.0.1:${port}`),
    '',
  ].join('\n');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends one command to HAProxy's admin socket and resolves with its whole answer. */
function askSocket(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = net.createConnection(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    connection.once('end', () => resolve(answer));
    connection.once('error', reject);
  });
}

/**
 * Starts HAProxy in the foreground (`-db`, so it stays this process's child and is stopped by its
 * own handle) on a free port, balancing over `serverPorts` (servers that need not be listening
 * yet: they join once their health check passes). Resolves once it listens.
 */
export async function startLoadBalancer(
  serverPorts: readonly number[],
  options: { port?: number } = {},
): Promise<LoadBalancer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'care-audit-haproxy-'));
  const port = options.port ?? (await freePort());
  const socket = path.join(dir, 'admin.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(configFile, haproxyConfig({ port, serverPorts, socket }));
  const child = spawn(haproxyPath(), ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const servers = serverPorts.map((_, i) => `app${i + 1}`);

  const stop = async () => {
    const done = exited(child);
    child.kill('SIGTERM');
    await done;
    await fs.rm(dir, { recursive: true, force: true });
  };

  const states = async () => {
    // `show stat` is CSV: its header names the columns; one row per frontend, backend and server.
    const [header = '', ...rows] = (await askSocket(socket, 'show stat')).trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [proxy, name, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
    const result: Record<string, string> = {};
    for (const row of rows.map((line) => line.split(','))) {
      const server = row[name ?? -1] ?? '';
      if (row[proxy ?? -1] === 'app' && servers.includes(server)) result[server] = row[status ?? -1] ?? '';
    }
    return result;
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await fs.rm(dir, { recursive: true, force: true });
      throw new Error(`haproxy exited with ${child.exitCode}:\n${output}`);
    }
    if (
      await states().then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not start in 10 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    servers,
    states,
    async waitFor(server, state, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      let last: string | undefined;
      while (Date.now() < until) {
        last = (await states())[server];
        // A state in transition reads e.g. "UP 1/3" or "DOWN 1/1": the word before it is what counts.
        if (last?.split(' ')[0] === state) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`HAProxy did not see ${server} ${state} in ${timeoutMs} ms (last: ${last})`);
    },
    output: () => output,
    stop,
  };
}
