/**
 * `npm run dev` as a developer meets it (decision 0086): started in a copy of the sources, it
 * answers /, a page open in Chromium takes a component's new text by hot reload without reloading
 * (a value set in the page's window survives), and a change to the server's code restarts the
 * server. The workspace (its own app, under /team) takes a change the same way. In a copy, so the edits never reach a file another test reads meanwhile. The times are
 * printed: docs/performance.md ("The dev loop") keeps them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHROMIUM_FLAGS, testChromiumPath } from '../scripts/chromium-flags';
import { freePort } from './support/free-port';

const root = path.resolve(import.meta.dirname, '..');
const COMPONENT = 'src/web/ui/site-chrome.tsx';
const OLD_TEXT = 'AI care management audits for UK care providers.';
const NEW_TEXT = 'AI care management audits, edited while the page was open.';
const TEAM_COMPONENT = 'src/team/pages/sign-in.tsx';
const TEAM_HEADING = '              Sign in\n            </h1>';
const NEW_TEAM_HEADING = '              Sign in to the workspace\n            </h1>';
const SERVER_FILE = 'src/server/http/escape-html.ts';
const READY_LINE = 'dev server ready at';

let copy: string;
let dev: ChildProcess;
let output = '';
let origin: string;
let browser: Browser | undefined;

/** The sources and the files `npm run dev` reads, with node_modules linked entry by entry. */
async function copyProject(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-dev-loop-'));
  for (const name of ['src', 'scripts'])
    await cp(path.join(root, name), path.join(dir, name), { recursive: true });
  for (const name of ['package.json', 'tsconfig.json']) await cp(path.join(root, name), path.join(dir, name));
  // Linked one by one, so Vite's cache of optimised dependencies (node_modules/.vite) is the
  // copy's own and the developer's is left alone.
  await mkdir(path.join(dir, 'node_modules'));
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry === '.vite') continue;
    await symlink(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  return dir;
}

async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check().catch(() => undefined);
    if (result !== undefined) return result;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}. The dev server said:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const homeAnswers = async () => ((await fetch(`${origin}/`)).status === 200 ? true : undefined);
const readyLines = () => output.split('\n').filter((line) => line.includes(READY_LINE)).length;

async function editFile(relative: string, edit: (text: string) => string): Promise<void> {
  const file = path.join(copy, relative);
  const before = await readFile(file, 'utf8');
  const after = edit(before);
  expect(after).not.toBe(before);
  await writeFile(file, after);
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops npm, tsx watch and the server together, and waits for the whole group: npm exits
 * first, while the server is still closing its database, and removing the copy then fails
 * with ENOTEMPTY (seen in CI).
 */
async function stopProcessGroup(pid: number): Promise<void> {
  if (!groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  if (await gone(pid, 20_000)) return;
  process.kill(-pid, 'SIGKILL');
  // Bounded: where nothing reaps orphans (a container without an init), zombies keep the group.
  await gone(pid, 5_000);
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !groupAlive(pid);
}

beforeAll(async () => {
  copy = await copyProject();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  dev = spawn('npm', ['run', 'dev'], {
    cwd: copy,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(copy, 'data') },
    // Its own process group: npm, tsx watch and the server stop together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the first 200 on /', 120_000, homeAnswers);
  console.log(`dev loop: ready (command start to first 200 on /) in ${Date.now() - started} ms`);
  browser = await chromium.launch({
    executablePath: testChromiumPath(),
    args: CHROMIUM_FLAGS,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (dev?.pid) await stopProcessGroup(dev.pid);
  // Retries too: a file the stopped server's PGlite wrote last may still be settling.
  if (copy) await rm(copy, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}, 60_000);

test('a component change shows without a reload; a server change restarts the server', async () => {
  const page = await browser!.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const connected = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('[vite] connected'),
    timeout: 60_000,
  });
  await page.goto(`${origin}/audit-tool`);
  await connected;
  await page.getByText(OLD_TEXT).waitFor();
  // Hydrated: React has claimed the pre-rendered footer (it keeps its fiber on each element it owns).
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('.site-footer') ?? {}).some((key) => key.startsWith('__reactFiber$')),
  );
  await page.evaluate(() => ((window as unknown as { devLoopMarker: string }).devLoopMarker = 'kept'));

  const edited = Date.now();
  await editFile(COMPONENT, (text) => text.replace(OLD_TEXT, NEW_TEXT));
  await page.getByText(NEW_TEXT).waitFor({ timeout: 30_000 });
  console.log(`dev loop: component edit to new text in the page in ${Date.now() - edited} ms`);
  // Still the same document: a reload would have dropped the value.
  expect(await page.evaluate(() => (window as unknown as { devLoopMarker?: string }).devLoopMarker)).toBe(
    'kept',
  );
  // The server renders its pages again, so a reload hydrates what the hot update showed.
  await waitFor('the page rendered with the new text', 30_000, async () =>
    (await (await fetch(`${origin}/audit-tool`)).text()).includes(NEW_TEXT) ? true : undefined,
  );

  // The team workspace, rendered in the browser only, the same way.
  const team = await browser!.newPage();
  team.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const teamConnected = team.waitForEvent('console', {
    predicate: (message) => message.text().includes('[vite] connected'),
    timeout: 60_000,
  });
  await team.goto(`${origin}/team/sign-in`);
  await teamConnected;
  await team.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
  await team.evaluate(() => ((window as unknown as { devLoopMarker: string }).devLoopMarker = 'kept'));
  const teamEdited = Date.now();
  await editFile(TEAM_COMPONENT, (text) => text.replace(TEAM_HEADING, NEW_TEAM_HEADING));
  await team.getByRole('heading', { name: 'Sign in to the workspace' }).waitFor({ timeout: 30_000 });
  console.log(`dev loop: workspace component edit to new text in the page in ${Date.now() - teamEdited} ms`);
  expect(await team.evaluate(() => (window as unknown as { devLoopMarker?: string }).devLoopMarker)).toBe(
    'kept',
  );
  await team.close();

  // No restart for a component: the server that started is the one answering.
  expect(readyLines()).toBe(1);

  const touched = Date.now();
  await editFile(SERVER_FILE, (text) => `${text}\n// Touched by test/dev-loop.test.ts.\n`);
  await waitFor('the server to restart', 60_000, async () => (readyLines() === 2 ? true : undefined));
  await waitFor('a 200 on / after the restart', 60_000, homeAnswers);
  console.log(`dev loop: server edit to first 200 on / after the restart in ${Date.now() - touched} ms`);
  // Vite's client in the open page waits for the new server and reloads the page from it.
  await page.waitForFunction(
    () => (window as unknown as { devLoopMarker?: string }).devLoopMarker === undefined,
    null,
    {
      timeout: 30_000,
    },
  );
  await page.getByText(NEW_TEXT).waitFor();
  // The restarted server renders the pages from the edited sources too.
  expect(await (await fetch(`${origin}/audit-tool`)).text()).toContain(NEW_TEXT);
  // Nothing the dev server injects (Vite's client, its styles, React Refresh, the reconnecting
  // worker) is refused by its Content-Security-Policy.
  expect(consoleErrors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
  await page.close();
  // Where a start's time goes, as the server tells it.
  for (const line of output.split('\n').filter((text) => text.includes(READY_LINE))) console.log(line);
}, 180_000);
