import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/support/databases';
import { startServerProcess, type ServerProcess } from '../../../test/support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../../../test/support/smtp';
import { apiOnlyEnv } from '../../../test/support/test-config';

const MEMBER = 'member@care-audit.example';
// The address people use, as a proxy in front of the server would have it; the e-mailed link uses
// it and the browser sends it as Origin.
const PUBLIC_URL = 'http://team.care-audit.test';

function post(server: ServerProcess, url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

function tokenIn(text: string): string {
  const match = /http:\/\/team\.care-audit\.test\/team\/auth\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no sign-in link in:\n${text}`);
  return match[1]!;
}

async function signInWith(server: ServerProcess, token: string): Promise<string> {
  const used = await post(server, '/api/team/auth', { token });
  expect(used.status).toBe(200);
  expect(await used.json()).toEqual({ email: MEMBER });
  const [cookie] = used.headers.getSetCookie();
  expect(cookie).toMatch(/; HttpOnly; SameSite=Strict$/);
  return cookie!.split(';')[0]!;
}

// The real server (src/server/main.ts) in a process of its own, as `npm start` runs it.
describe.each(DATABASE_KINDS)('signing in from the e-mailed link, through a server process on %s', (kind) => {
  let t: TestDatabase;
  let smtp: SmtpTestServer;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    [t, smtp] = await Promise.all([openTestDatabase(kind, { onDisk: true }), startSmtpServer()]);
    // The child opens the database itself; this process must not hold PGlite's directory meanwhile.
    if (kind === 'pglite') await t.db.close();
  });
  afterEach(async () => {
    await server?.signal('SIGKILL');
    server = undefined;
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.destroy();
  });

  it('e-mails a link through the relay; pressing Sign in starts a session, which sign-out ends', async () => {
    server = await startServerProcess({
      ...apiOnlyEnv(t.dataDir),
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      TEAM_EMAILS: MEMBER,
      BOT_PROTECTION: 'off',
      MAIL_RETRY_BASE_MS: '200',
      ...(t.url ? { DATABASE_URL: t.url } : {}),
    });
    const asked = await post(server, '/api/team/sign-in', { email: MEMBER, website: '' });
    expect(asked.status).toBe(202);
    const stranger = await post(server, '/api/team/sign-in', { email: 'stranger@example.org', website: '' });
    expect(stranger.status).toBe(202);

    const [message] = await smtp.waitForMessages(1, 15_000);
    expect(message!.to).toMatchObject({ value: [{ address: MEMBER }] });
    expect(message!.subject).toBe('Your sign-in link for the Care Audit team workspace');
    const token = tokenIn(message!.text ?? '');
    expect(tokenIn(String(message!.html))).toBe(token);

    // Opening the link is a GET of the page (which only shows a button): it uses nothing.
    await fetch(`${server.url}/team/auth?token=${token}`);
    const cookie = await signInWith(server, token);
    const session = await fetch(`${server.url}/api/team/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('no-store');
    expect(await session.json()).toMatchObject({ signedIn: true, email: MEMBER });

    // The same link a second time, as a mail scanner or a second click would.
    const reused = await post(server, '/api/team/auth', { token });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: { code: 'token_used' } });

    expect((await post(server, '/api/team/sign-out', {}, cookie)).status).toBe(204);
    const after = await fetch(`${server.url}/api/team/session`, { headers: { cookie } });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ signedIn: false });

    // Only the member's link was sent, and no log line names an address.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
    expect(server.output()).not.toContain(MEMBER);
    expect(server.output()).not.toContain('stranger@example.org');
    expect(server.output()).not.toContain(token);
  });
});

describe('signing in on a laptop without SMTP_URL', () => {
  let t: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    t = await openTestDatabase('pglite', { onDisk: true });
    await t.db.close();
  });
  afterAll(async () => {
    await server?.signal('SIGKILL');
    await t?.destroy();
  });

  it('writes the sign-in e-mail as an .eml file under DATA_DIR/mail, and its link works', async () => {
    server = await startServerProcess({
      ...apiOnlyEnv(t.dataDir),
      PUBLIC_URL,
      TEAM_EMAILS: MEMBER,
      BOT_PROTECTION: 'off',
    });
    expect((await post(server, '/api/team/sign-in', { email: MEMBER, website: '' })).status).toBe(202);
    const dir = path.join(t.dataDir, 'mail');
    const deadline = Date.now() + 15_000;
    let files: string[] = [];
    while (files.length === 0 && Date.now() < deadline) {
      files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]!), 'utf8');
    // Quoted-printable may wrap the link in the raw file: join soft line breaks first.
    const token = tokenIn(eml.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    await signInWith(server, token);
  });
});
