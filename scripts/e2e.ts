/**
 * Runs the end-to-end suite against the real server: builds the site, starts `src/server/main.ts`
 * on a free port with a throwaway data directory, waits for it to answer, runs Playwright in
 * Debian's Chromium, then stops the server. Extra arguments go to `playwright test`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suiteServerEnv } from '../e2e/server-env';
import { freePort } from '../test/support/free-port';
import { startServerProcess, type ServerProcess } from '../test/support/server-process';
import { startSmtpServer } from '../test/support/smtp';

const root = path.resolve(import.meta.dirname, '..');
const skipBuild = process.argv.includes('--no-build');
const playwrightArgs = process.argv.slice(2).filter((a) => a !== '--no-build');

if (!skipBuild) await run('npx', ['tsx', 'scripts/build.ts']);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-e2e-'));
// The specs run in Playwright's own processes, so the listener writes each message as a file
// (NNNN-<recipients>.eml) where they read it.
const mailDir = path.join(dataDir, 'received');
const smtp = await startSmtpServer({ keep: { dir: mailDir } });

// The team API refuses a state-changing request whose Origin is not PUBLIC_URL, and sign-in links
// point at PUBLIC_URL: so it is exactly the address the browser uses.
const port = await freePort();
const publicUrl = `http://127.0.0.1:${port}`;
/** The team address the suite's team specs sign in with (e2e/team.spec.ts and most others). */
const teamEmail = 'lead-desk@care-audit.test';
/**
 * A second member, for the specs that only need a session: one address gets at most 5 sign-in links
 * in 15 minutes (SIGN_IN_LIMIT), and the specs together ask for more than that.
 */
const secondMember = 'planner@care-audit.test';

let server: ServerProcess | undefined;
let exitCode: number;
try {
  server = await startServerProcess(
    {
      ...suiteServerEnv({ dataDir, smtpUrl: smtp.url, publicUrl }),
      LEADS_TO: 'team@care-audit.test',
      TEAM_EMAILS: `${teamEmail}, ${secondMember}`,
      // The team address edits the audit's words (the workspace's pages, as an editor sees them); the
      // second member reads.
      TEAM_EDITORS: teamEmail,
    },
    { timeoutMs: 60_000, echo: true, port },
  );
  exitCode = await run(
    'npx',
    ['playwright', 'test', ...playwrightArgs],
    {
      E2E_BASE_URL: server.url,
      E2E_MAIL_DIR: mailDir,
      E2E_TEAM_EMAIL: teamEmail,
      E2E_SECOND_MEMBER_EMAIL: secondMember,
      // A spec on a server of its own (e2e/own-server.ts) sends its mail here too.
      E2E_SMTP_URL: smtp.url,
    },
    false,
  );
} finally {
  await server?.stop();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  failOnError = true,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 && failOnError) reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
      else resolve(code ?? 1);
    });
  });
}
