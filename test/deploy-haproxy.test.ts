import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHaproxy } from '../scripts/ensure-tools';
import { freePort } from './support/free-port';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { apiOnlyEnv } from './support/test-config';
import { until } from './support/until';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * deploy/haproxy.cfg as shipped, with only the addresses changed: the frontend on a free loopback
 * port and each `server appN appN:3000` at a running instance. Everything else (balancing, health
 * checks, retries, timeouts, X-Forwarded-For) is the file's own.
 */
async function shippedConfigFor(port: number, instances: readonly ServerProcess[]): Promise<string> {
  let config = await readFile(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const bind = /^(\s+)bind :8080$/m;
  if (!bind.test(config)) throw new Error('deploy/haproxy.cfg no longer binds :8080: update this test');
  config = config.replace(bind, `$1bind 127.0.0.1:${port}`);
  instances.forEach((instance, i) => {
    const line = new RegExp(`^(\\s+server app${i + 1}) app${i + 1}:3000 check$`, 'm');
    if (!line.test(config)) throw new Error(`deploy/haproxy.cfg has no server app${i + 1}: update this test`);
    config = config.replace(line, `$1 ${new URL(instance.url).host} check`);
  });
  return config;
}

/** How many requests for `url` HAProxy's log (`option httplog`: one line per request) says `server` answered. */
function servedBy(log: string, server: string, url: string): number {
  return log
    .split('\n')
    .filter((line) => line.includes(` app/${server} `) && line.includes(`"GET ${url} HTTP/`)).length;
}

// The shipped HAProxy configuration, run: compose cannot be started here (docs/deploy.md), but
// HAProxy and the server can.
describe('deploy/haproxy.cfg in front of two server processes', () => {
  let dir: string;
  let haproxy: ChildProcess;
  let haproxyOutput = '';
  let base: string;
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-deploy-haproxy-'));
    // Two instances, each with an embedded database of its own: this checks the balancer, not the
    // sharing of one database (the multi-instance test does that, on PostgreSQL).
    for (const name of ['app1', 'app2']) {
      instances.push(
        await startServerProcess(
          { ...apiOnlyEnv(path.join(dir, name)), TRUST_PROXY: '1' },
          { timeoutMs: 90_000 },
        ),
      );
    }
    const haproxyPath = findHaproxy();
    if (!haproxyPath) throw new Error('HAProxy is missing: npm test installs it (scripts/ensure-tools.ts)');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const configFile = path.join(dir, 'haproxy.cfg');
    await writeFile(configFile, await shippedConfigFor(port, instances));
    haproxy = spawn(haproxyPath, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    // Both instances are in once each has answered through HAProxy.
    const deadline = Date.now() + 30_000;
    while (['app1', 'app2'].some((server) => servedBy(haproxyOutput, server, '/api/health?ready') === 0)) {
      if (haproxy.exitCode !== null)
        throw new Error(`haproxy exited with ${haproxy.exitCode}:\n${haproxyOutput}`);
      if (Date.now() > deadline) throw new Error(`HAProxy did not reach both instances:\n${haproxyOutput}`);
      await fetch(`${base}/api/health?ready`).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 240_000);

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.signal('SIGKILL')));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sends requests to the instances in turn', async () => {
    const before = ['app1', 'app2'].map((server) => servedBy(haproxyOutput, server, '/api/health?turn'));
    for (let i = 0; i < 10; i++) {
      expect((await fetch(`${base}/api/health?turn`)).status).toBe(200);
    }
    const seen = () =>
      ['app1', 'app2'].map((server, i) => servedBy(haproxyOutput, server, '/api/health?turn') - before[i]);
    // HAProxy writes a request's line once it has answered it: on a loaded machine the last ones lag.
    await until(() => seen()[0]! + seen()[1]! >= 10, 5_000).catch(() => undefined);
    expect(seen(), haproxyOutput).toEqual([5, 5]);
  });

  it('fails no request while an instance stops on SIGTERM, and sends the rest to the other', async () => {
    const [stopping] = instances;
    const statuses: number[] = [];
    let sending = true;
    // Each request carries its number, so its log line is found by it, not by its place in the log:
    // HAProxy drops a log line rather than wait when its stdout pipe is full (one went so in CI).
    const client = (async () => {
      while (sending) {
        const res = await fetch(`${base}/api/health?while-stopping=${statuses.length}`).catch(
          () => undefined,
        );
        statuses.push(res?.status ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // Requests flow to both before the signal…
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stopping.signal('SIGTERM')).toBe(0);
    // …and go on for longer than HAProxy's checks take to see it gone (2 × 2 s).
    const stoppedAt = statuses.length;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    sending = false;
    await client;

    expect(
      statuses.filter((status) => status !== 200),
      haproxyOutput,
    ).toEqual([]);
    expect(statuses.length - stoppedAt).toBeGreaterThan(10);
    // Every request the client made after the instance had exited was answered by the other one.
    const servers = () =>
      new Map(
        [...haproxyOutput.matchAll(/ app\/(app\d) .*"GET \/api\/health\?while-stopping=(\d+) HTTP\//g)].map(
          ([, server, n]) => [Number(n), server],
        ),
      );
    const lastSent = statuses.length - 1;
    // HAProxy writes a request's line once it has answered it: on a loaded machine the last ones lag.
    await until(() => servers().has(lastSent), 5_000).catch(() => undefined);
    const logged = [...servers()].filter(([n]) => n >= stoppedAt).map(([, server]) => server);
    expect(logged.length, haproxyOutput).toBeGreaterThan(10);
    expect(logged.filter((server) => server !== 'app2')).toEqual([]);
    expect(haproxyOutput).toMatch(/Server app\/app1 is DOWN/);
  }, 60_000);
});
