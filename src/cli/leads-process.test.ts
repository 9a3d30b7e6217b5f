import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, rowCounts, type TestDatabase } from '../../test/support/databases';
import { setMessageState, storeLead } from '../../test/support/lead-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../../test/support/smtp';
import { LEADS_HELP } from './leads-cli';
import { parseCsvObjects } from '../../test/support/parse-csv';
import { apiOnlyEnv } from '../../test/support/test-config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `src/cli/leads.ts` as the team runs it, in a process of its own with only `env`. */
function leadsProcess(args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/leads.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the leads process', () => {
  it('prints the help on standard error and exits 2 when given no command', async () => {
    expect(await leadsProcess([], {})).toEqual({
      code: 2,
      stdout: '',
      stderr: `leads: no command given\n\n${LEADS_HELP}`,
    });
  });

  it('exits 2 with nothing on standard output for a bad --since, before looking for a database', async () => {
    expect(await leadsProcess(['export', '--since', '2026-02-30'], { DATA_DIR: '/nonexistent' })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'leads: --since must be a date as YYYY-MM-DD, like 2026-01-31 (got "2026-02-30")\n' +
        'Run `npm run leads -- --help` for the commands.\n',
    });
  });
});

describe.each(DATABASE_KINDS)('the leads process on %s', (kind) => {
  let t: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await openTestDatabase(kind, { onDisk: true });
    env = { DATA_DIR: t.dataDir, ...(t.url ? { DATABASE_URL: t.url } : {}) };
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('exports, erases case-insensitively, and exports again', async () => {
    await storeLead(t.db, {
      email: 'Care.Manager@Example.COM',
      note: '=1+1, "quoted"\nnext line',
      team: true,
      createdAt: new Date('2026-11-20T10:00:00.000Z'),
    });
    await storeLead(t.db, { email: 'other@example.org', createdAt: new Date('2026-11-21T10:00:00.000Z') });
    // The child opens the database itself; this process must not hold PGlite's directory meanwhile.
    if (kind === 'pglite') await t.db.close();

    const exported = await leadsProcess(['export'], env);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const rows = parseCsvObjects(exported.stdout);
    expect(rows.map((r) => [r.Email, r.Note, r['Team e-mail: status']])).toEqual([
      ['Care.Manager@Example.COM', `'=1+1, "quoted"\nnext line`, 'Waiting'],
      ['other@example.org', '', ''],
    ]);

    expect(await leadsProcess(['erase', 'care.manager@example.com'], env)).toEqual({
      code: 0,
      stdout: 'Erased 1 request and 2 messages for care.manager@example.com.\n',
      stderr: '',
    });
    const after = await leadsProcess(['export', '--since', '2026-11-01'], env);
    expect(after.code).toBe(0);
    expect(parseCsvObjects(after.stdout).map((r) => r.Email)).toEqual(['other@example.org']);

    const retry = await leadsProcess(['retry', '00000000-0000-4000-8000-000000000000'], env);
    expect(retry.code).toBe(1);
    expect(retry.stdout).toBe('');
    expect(retry.stderr).toMatch(
      /^leads: there is no message with id "00000000-0000-4000-8000-000000000000"/,
    );
  });
});

describe('the leads process beside a running server', () => {
  let t: TestDatabase | undefined;
  let smtp: SmtpTestServer | undefined;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    await server?.signal('SIGKILL');
    server = undefined;
    await smtp?.close();
    smtp = undefined;
    await t?.destroy();
    t = undefined;
  });

  it('refuses the embedded database while the server runs, naming it, and works once it has stopped', async () => {
    t = await openTestDatabase('pglite', { onDisk: true });
    await t.db.close();
    server = await startServerProcess({ ...apiOnlyEnv(t.dataDir) });
    const refused = await leadsProcess(['failed'], { DATA_DIR: t.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      new RegExp(
        `^leads: the data folder ${t.dataDir} is in use by process ${server.pid} \\(the server, since [^)]+\\): ` +
          'one process at a time may use the embedded database, so stop it and run this again\n$',
      ),
    );

    expect(await server.signal('SIGTERM')).toBe(0);
    server = undefined;
    expect(await leadsProcess(['failed'], { DATA_DIR: t.dataDir })).toEqual({
      code: 0,
      stdout: 'No failed messages.\n',
      stderr: '',
    });
  });

  it('retries a failed message on PostgreSQL, and the running server sends it', async () => {
    [t, smtp] = await Promise.all([openTestDatabase('postgres'), startSmtpServer()]);
    const request = await storeLead(t.db, { email: 'retry.me@example.org' });
    const message = await setMessageState(t.db, request, 'visitor', {
      status: 'failed',
      attempts: 8,
      lastError: 'Error: 421 try later',
    });
    const env = { DATA_DIR: t.dataDir, DATABASE_URL: t.url ?? '' };
    server = await startServerProcess({ ...env, ...apiOnlyEnv(t.dataDir), SMTP_URL: smtp.url });

    const failed = await leadsProcess(['failed', '--json'], env);
    expect(failed.code).toBe(0);
    expect(JSON.parse(failed.stdout)).toMatchObject([{ id: message, lastError: 'Error: 421 try later' }]);

    const retried = await leadsProcess(['retry', message], env);
    expect(retried).toMatchObject({ code: 0, stderr: '' });
    const [delivered] = await smtp.waitForMessages(1, 15_000);
    expect(delivered?.messageId).toMatch(new RegExp(`^<${message}@`));
    expect(await rowCounts(t.db)).toEqual({ requests: 1, messages: 1 });
  });
});
