/**
 * Finds the system tools the tests need — Debian's Chromium and its headless shell (the tests drive
 * the shell, the benchmark's Lighthouse the full browser; decision 0089), PostgreSQL's initdb/pg_ctl,
 * poppler's pdfinfo/pdftoppm (the PDF tests read the report back with them) and HAProxy (the
 * load balancer in front of the multi-instance test's three servers) — and,
 * when one is missing and we run as root on Debian, installs it with apt-get. Otherwise it stops
 * with a message that says what to install. Nothing is ever skipped for lack of a tool.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { HEADLESS_SHELL_PATH } from './chromium-flags';

const CHROMIUM_FONTS = ['fonts-liberation', 'fonts-dejavu-core'];

export interface Tools {
  /** The full browser, for the benchmark's Lighthouse runs. */
  chromePath: string;
  /** The headless shell, for the end-to-end suite and the tests that open pages. */
  testChromePath: string;
  /** Directory holding initdb and pg_ctl. */
  postgresBin: string;
  /** The haproxy binary. */
  haproxyPath: string;
}

export function ensureTools(): Tools {
  let chromePath = findChromium();
  let testChromePath = findHeadlessShell();
  let postgresBin = findPostgresBin();
  const missing: string[] = [];
  if (!chromePath) missing.push('chromium');
  if (!testChromePath) missing.push('chromium-headless-shell');
  if (!postgresBin) missing.push('postgresql');
  if (!hasPoppler()) missing.push('poppler-utils');
  if (!findHaproxy()) missing.push('haproxy');
  if (missing.length > 0) {
    const canInstall = process.getuid?.() === 0 && existsSync('/etc/debian_version');
    if (!canInstall) {
      throw new Error(
        `The tests need ${missing.join(' and ')}. Install ${missing.map((m) => `Debian's "${m}" package`).join(' and ')} ` +
          `(e.g. sudo apt-get install ${missing.join(' ')}), or set CHROME_PATH to a Chromium binary.`,
      );
    }
    console.log(`Installing ${missing.join(', ')} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    // Chromium only recommends fonts; without any, pages render no text and layout checks mean nothing.
    const packages = missing.flatMap((m) => (m.startsWith('chromium') ? [m, ...CHROMIUM_FONTS] : [m]));
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env,
    });
    chromePath = findChromium();
    testChromePath = findHeadlessShell();
    postgresBin = findPostgresBin();
  }
  const haproxyPath = findHaproxy();
  if (!chromePath || !testChromePath || !postgresBin || !hasPoppler() || !haproxyPath)
    throw new Error('Chromium, PostgreSQL, poppler-utils or HAProxy is still missing after apt-get install.');
  return { chromePath, testChromePath, postgresBin, haproxyPath };
}

/** CHROME_PATH, when set, stands for both browsers. */
function findHeadlessShell(): string | undefined {
  const candidates = [process.env.CHROME_PATH, HEADLESS_SHELL_PATH];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c as string));
}

function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c as string));
}

/** The first directory on PATH that holds every one of the programs. */
function dirOnPath(...programs: string[]): string | undefined {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .find((dir) => programs.every((program) => existsSync(path.join(dir, program))));
}

/** Debian installs haproxy in /usr/sbin, which is not on every user's PATH. */
export function findHaproxy(): string | undefined {
  const candidates = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy'];
  return candidates.find((c): c is string => Boolean(c) && existsSync(c as string));
}

function hasPoppler(): boolean {
  return dirOnPath('pdfinfo', 'pdftoppm') !== undefined;
}

function findPostgresBin(): string | undefined {
  const onPath = dirOnPath('initdb', 'pg_ctl');
  if (onPath) return onPath;
  const debianRoot = '/usr/lib/postgresql';
  if (!existsSync(debianRoot)) return undefined;
  const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((v) => path.join(debianRoot, v, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
}
