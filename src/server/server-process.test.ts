import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../test/support/databases';
import { validBody } from '../../test/support/requests';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../../test/support/smtp';
import { apiOnlyEnv } from '../../test/support/test-config';

const LEADS_TO = 'leads@care-audit.example';

async function postTo(
  server: ServerProcess,
  body: Record<string, unknown>,
): Promise<{ status: number; json: unknown; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/email-results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json(), ms: performance.now() - started };
}

// These start the real server (src/server/main.ts) as a child process, as `npm start` would.
describe.each(DATABASE_KINDS)('the server process on %s', (kind) => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  const running: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(kind, { onDisk: true }), startSmtpServer()]);
    // The child opens the database itself; this process must not hold PGlite's directory meanwhile.
    if (kind === 'pglite') await t.db.close();
    env = {
      ...apiOnlyEnv(t.dataDir),
      SMTP_URL: smtp.url,
      LEADS_TO,
      MAIL_RETRY_BASE_MS: '200',
      // Longer than a cold first send takes on a busy 2-core machine (the PDF thread starts, then
      // renders): a lease that ran out mid-send let the same message be claimed and sent twice,
      // which delivery at least once allows but this test, counting messages, does not.
      MAIL_LEASE_MS: '6000',
      RATE_LIMIT_PER_CLIENT: '1000',
      RATE_LIMIT_PER_RECIPIENT: '1000',
      // These post as an API client does, without solving the form's proof of work.
      BOT_PROTECTION: 'off',
      ...(t.url ? { DATABASE_URL: t.url } : {}),
    };
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.signal('SIGKILL')));
    await smtp.open().catch(() => undefined);
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });

  it('delivers a request after the process is killed right after its 202', async () => {
    // The relay is down, so the first process cannot send before it dies.
    await smtp.close();
    const first = await startServerProcess(env);
    running.push(first);
    const accepted = await postTo(first, validBody({ email: 'survivor@example.org' }));
    expect(accepted.status).toBe(202);
    expect(await first.signal('SIGKILL')).toBeNull();
    running.splice(running.indexOf(first), 1);

    await smtp.open();
    const second = await startServerProcess(env);
    running.push(second);
    // The first process may have died holding a claim: its lease runs out before the second takes it.
    const messages = await smtp.waitForMessages(2, 20_000);
    expect(messages.map((m) => m.subject).sort()).toEqual([
      'Audit request from survivor@example.org: 66% (Good), do not contact',
      'Your AI care management audit: 66% (Good)',
    ]);
    expect(await second.signal('SIGTERM')).toBe(0);
    running.splice(running.indexOf(second), 1);
    expect(smtp.messages).toHaveLength(2);
  });
});

describe('two server processes on one PostgreSQL database', () => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  const running: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase('postgres'), startSmtpServer()]);
    env = {
      ...apiOnlyEnv(t.dataDir),
      DATABASE_URL: t.url ?? '',
      SMTP_URL: smtp.url,
      LEADS_TO,
      RATE_LIMIT_PER_CLIENT: '1000',
      RATE_LIMIT_PER_RECIPIENT: '1000',
      // These post as an API client does, without solving the form's proof of work.
      BOT_PROTECTION: 'off',
    };
  });
  afterAll(async () => {
    await Promise.all(running.splice(0).map((s) => s.signal('SIGKILL')));
    await smtp?.close();
    await t?.destroy();
  });

  it('share its outbox: each message is sent exactly once', async () => {
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    if (!a || !b) throw new Error('two servers expected');
    running.push(a, b);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postTo(i % 2 ? a : b, validBody({ email: `visitor${i}@example.org` })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(202));
    await smtp.waitForMessages(60, 30_000);
    await new Promise((r) => setTimeout(r, 500)); // room for a duplicate to show up
    const ids = smtp.messages.map((m) => m.messageId);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const visitors = smtp.messages.filter((m) => m.subject?.startsWith('Your AI')).length;
    expect(visitors).toBe(30);
    // Both stop cleanly on SIGTERM.
    expect(await Promise.all([a.signal('SIGTERM'), b.signal('SIGTERM')])).toEqual([0, 0]);
    running.length = 0;
  });
});

describe('a server on an empty data folder', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-fresh-'));
  });
  afterAll(async () => {
    await server?.signal('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates its database without keeping initdb’s memory (peak RSS under 600 MB, not ~850)', async () => {
    server = await startServerProcess({ ...apiOnlyEnv(dataDir) });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // VmHWM is the most the process ever held: initdb in the server itself took it to ~850 MB.
    const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
    const peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
    expect(peakMb).toBeGreaterThan(50);
    expect(peakMb).toBeLessThan(600);
    expect(await server.signal('SIGTERM')).toBe(0);
    server = undefined;
  });
});

describe('a server whose site has not been built', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite', { onDisk: true });
    await t.db.close();
    dataDir = t.dataDir;
  });
  afterAll(async () => {
    await server?.signal('SIGKILL');
    await t?.destroy();
  });

  it('starts, serves the API and says the site is missing', async () => {
    server = await startServerProcess({ ...apiOnlyEnv(dataDir) });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.output()).toMatch(/no built site found/);
    expect(server.output()).toMatch(/e-mail goes to files in /);
    expect(await server.signal('SIGTERM')).toBe(0);
    server = undefined;
  });
});
