/**
 * Runs the end-to-end suite against the real server: builds the site, starts `src/server/main.ts`
 * on a free port with a throwaway data directory, waits for it to answer, runs Playwright in
 * Debian's Chromium, then stops the server. Extra arguments go to `playwright test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/server/testing/free-port';

const root = path.resolve(import.meta.dirname, '..');
const skipBuild = process.argv.includes('--no-build');
const playwrightArgs = process.argv.slice(2).filter((a) => a !== '--no-build');

if (!skipBuild) await run('npx', ['tsx', 'scripts/build.ts']);

const port = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-e2e-'));
const mailDir = path.join(dataDir, 'received');
const smtp = await startMailCatcher(mailDir);
const baseURL = `http://127.0.0.1:${port}`;
// Node itself runs the server (not npx), so the signal below reaches the server process.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    LEADS_TO: 'team@care-audit.test',
    // Each test sends from the same address: the limits are tested in the API's own suite.
    RATE_LIMIT_PER_CLIENT: '1000',
    RATE_LIMIT_PER_RECIPIENT: '1000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let exitCode: number;
try {
  await waitForServer(`${baseURL}/api/health`, server);
  exitCode = await run(
    'npx',
    ['playwright', 'test', ...playwrightArgs],
    { E2E_BASE_URL: baseURL, E2E_MAIL_DIR: mailDir },
    false,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
  await new Promise((resolve) => smtp.server.close(() => resolve(undefined)));
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

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer ${url} within 60 s`);
}

/**
 * A real SMTP listener for the server under test: each message it accepts is written as an .eml
 * file named after its recipients, where the specs read it.
 */
async function startMailCatcher(dir: string) {
  await mkdir(dir, { recursive: true });
  const smtpPort = await freePort();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFile(
          path.join(dir, `${String(++count).padStart(4, '0')}-${to}.eml`),
          Buffer.concat(chunks),
        ).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
  return { server, url: `smtp://127.0.0.1:${smtpPort}` };
}
