/**
 * The Dockerfile's own steps, run without Docker: no container registry is reachable here, so the
 * image cannot be built, and this is how CI keeps the Dockerfile honest instead (`npm test` runs it).
 *
 * It reads the Dockerfile and runs each stage in a folder of its own that stands for the image's
 * `/`: COPY from a copy of the build context (the files `docker build` would send, `.dockerignore`
 * applied) or from an earlier stage's folder; RUN in the stage's WORKDIR with its ENV (a value that
 * is an absolute path points into the stage's folder), as root until `USER` and as that user after
 * it. Then it starts the last stage's CMD as that user with a fresh DATA_DIR (PGlite), waits until
 * the HEALTHCHECK's own command succeeds, asks for `/`, a PDF report and an e-mail (written as a
 * file), sends the STOPSIGNAL and expects the server to exit 0 in time.
 *
 * As root (CI) the image's user is a local user of the same name, created when missing, and the
 * app's files are root's as in the image, so a server that wrote outside DATA_DIR would fail here.
 * Not as root, every step runs as the current user. An instruction it does not know stops it
 * (scripts/image-steps/dockerfile.ts), so the Dockerfile keeps to what this runs.
 *
 * What it cannot show: that the base image pulls and that Docker builds the file (docs/deploy.md,
 * "What was run here").
 *
 *   npx tsx scripts/image-steps.ts [--keep] [--dockerfile <file>]
 *
 * --keep leaves the folders for a look; --dockerfile runs another file (a variant, to see what a
 * change would break) with the same build context.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/free-port';
import { COMPLETE_RESPONSES, validBody } from '../test/support/requests';
import { contextFiles, parseDockerfile, type Instruction, type Stage } from './image-steps/dockerfile';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * What each base image gives that the steps rely on: its users and their homes. Another base
 * image is added here on purpose, with what it gives.
 */
const BASE_IMAGES: Record<string, { homes: Record<string, string> }> = {
  'node:20-bookworm-slim': { homes: { root: '/root', node: '/home/node' } },
};

// Generous: the machine running CI is shared and slow at times.
const STEP_TIMEOUT_MS = 10 * 60_000;
const HEALTHY_WITHIN_MS = 120_000;
const MAIL_WITHIN_MS = 60_000;
// Longer than the server's own shutdown limit (25 s), as an orchestrator's grace period must be.
const STOPS_WITHIN_MS = 35_000;

interface LocalUser {
  name: string;
  uid: number;
  gid: number;
}

/** A stage once its steps have run: where it stands and what it ended with. */
interface BuiltStage {
  stage: Stage;
  root: string;
  workdir: string;
  user: string;
  env: Record<string, string>;
}

const isRoot = process.getuid?.() === 0;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}
const started = Date.now();

function log(message: string) {
  console.log(`[image-steps ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
}

/** The build context as `docker build .` would send it: the files git sees, less `.dockerignore`. */
function copyContext(target: string) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const ignore = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8');
  // A tracked file deleted in the working tree is not sent either.
  const files = contextFiles(listed.split('\0').filter(Boolean), ignore).filter((file) =>
    existsSync(path.join(ROOT, file)),
  );
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(target, file));
  }
  log(`the build context: ${files.length} files`);
}

/** The local user standing for the image's user: root's own steps stay root's; others are created when missing. */
function localUser(name: string): LocalUser {
  if (!isRoot) {
    // No other user can be taken on: every step runs as the current one.
    return {
      name: process.env.USER ?? 'the current user',
      uid: process.getuid?.() ?? -1,
      gid: process.getgid?.() ?? -1,
    };
  }
  if (name === 'root') return { name, uid: 0, gid: 0 };
  if (spawnSync('id', ['-u', name]).status !== 0) {
    log(`creating the local user ${name}, the image's user`);
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      name,
    ]);
  }
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  return { name, uid: id('-u'), gid: id('-g') };
}

/** Options for spawn that run a process as `user` (nothing when it is us already). */
function runAs(user: string): { uid?: number; gid?: number } {
  if (!isRoot || user === 'root') return {};
  const { uid, gid } = localUser(user);
  return { uid, gid };
}

/** The stage's ENV as its processes see it: a value that is an absolute path points into the stage's folder. */
function processEnv(built: Pick<BuiltStage, 'stage' | 'root' | 'user' | 'env'>): Record<string, string> {
  const home = BASE_IMAGES[built.stage.from].homes[built.user] ?? '/';
  return {
    // Nothing else of this process's environment reaches a step, so a variable set in the shell never changes what is run.
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: path.join(built.root, home),
    // A copy of this machine's npm cache, so `npm ci` does not fetch again what is here.
    npm_config_cache: npmCache,
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    ...Object.fromEntries(
      Object.entries(built.env).map(([key, value]) => [
        key,
        value.startsWith('/') ? path.join(built.root, value) : value,
      ]),
    ),
  };
}

/**
 * The steps' npm cache: a copy of this machine's, so that no step (the image's `npm cache clean`)
 * can change the machine's own. The content is hard-linked (its files are named by their hash and
 * never written again); the index, which npm appends to, is copied.
 */
function copyNpmCache(target: string) {
  const machine = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
  mkdirSync(target, { recursive: true });
  const content = path.join(machine, '_cacache', 'content-v2');
  const index = path.join(machine, '_cacache', 'index-v5');
  if (existsSync(content)) {
    mkdirSync(path.join(target, '_cacache'));
    const linked = spawnSync('cp', ['-al', content, path.join(target, '_cacache')]);
    if (linked.status !== 0)
      cpSync(content, path.join(target, '_cacache', 'content-v2'), { recursive: true });
    if (existsSync(index)) cpSync(index, path.join(target, '_cacache', 'index-v5'), { recursive: true });
  }
}

function copyStep(
  step: Extract<Instruction, { kind: 'COPY' }>,
  built: BuiltStage,
  context: string,
  earlier: Map<string, BuiltStage>,
) {
  const from = step.from === undefined ? context : earlier.get(step.from)?.root;
  if (from === undefined) throw new Error(`${step.text}: no stage named ${step.from} before this one`);
  const dest = path.join(built.root, path.posix.resolve(built.workdir, step.dest));
  // As in Docker: a folder's contents go into dest; files go into dest/ when it ends with a slash.
  const intoFolder = step.dest.endsWith('/') || step.sources.length > 1;
  for (const source of step.sources) {
    const src = path.join(from, source);
    if (!existsSync(src))
      throw new Error(`${step.text}: ${source} is not in ${step.from ?? 'the build context'}`);
    const target = intoFolder && !statSync(src).isDirectory() ? path.join(dest, path.basename(src)) : dest;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(src, target, { recursive: true });
    // Without --chown, COPY's files are root's whatever USER says, as in the image.
    if (isRoot && step.chown) {
      const owner = localUser(step.chown.split(':')[0]);
      execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, target]);
    }
  }
}

/** Runs one stage's instructions in a folder that stands for its `/`. */
function runStage(
  stage: Stage,
  sandbox: string,
  context: string,
  earlier: Map<string, BuiltStage>,
): BuiltStage {
  const base = BASE_IMAGES[stage.from];
  if (!base)
    throw new Error(`FROM ${stage.from}: image-steps knows only ${Object.keys(BASE_IMAGES).join(', ')}`);
  const built: BuiltStage = {
    stage,
    root: path.join(sandbox, 'stages', stage.name),
    workdir: '/',
    user: 'root',
    env: {},
  };
  const inImage = (containerPath: string) => path.join(built.root, containerPath);
  mkdirSync(built.root, { recursive: true });
  chmodSync(built.root, 0o755);
  // The base image's homes, each its user's.
  for (const [user, home] of Object.entries(base.homes)) {
    mkdirSync(inImage(home), { recursive: true });
    if (isRoot) chownSync(inImage(home), localUser(user).uid, localUser(user).gid);
  }

  for (const step of stage.instructions) {
    log(`${stage.name}: ${step.text}`);
    switch (step.kind) {
      case 'WORKDIR':
        built.workdir = path.posix.resolve(built.workdir, step.path);
        mkdirSync(inImage(built.workdir), { recursive: true });
        break;
      case 'ENV':
        Object.assign(built.env, step.values);
        break;
      case 'USER':
        built.user = step.user;
        break;
      case 'COPY':
        copyStep(step, built, context, earlier);
        break;
      case 'RUN': {
        const outcome = spawnSync('sh', ['-c', step.command], {
          cwd: inImage(built.workdir),
          stdio: 'inherit',
          timeout: STEP_TIMEOUT_MS,
          env: processEnv(built),
          ...runAs(built.user),
        });
        if (outcome.status !== 0) {
          throw new Error(
            `${step.text} failed (${outcome.error?.message ?? `exit ${outcome.status ?? outcome.signal}`})`,
          );
        }
        break;
      }
      case 'VOLUME':
        // A fresh named volume takes its folder's owner from the image: it must be there, the server's user's.
        for (const volume of step.paths) {
          if (!existsSync(inImage(volume))) {
            throw new Error(`VOLUME ${volume} is not made in the image: a fresh volume would be root's`);
          }
          if (isRoot && statSync(inImage(volume)).uid !== localUser(built.user).uid) {
            throw new Error(`VOLUME ${volume} is not owned by ${built.user}, who runs the server`);
          }
        }
        break;
      case 'EXPOSE':
      case 'HEALTHCHECK':
      case 'STOPSIGNAL':
      case 'CMD':
        // Read when the image is started.
        break;
    }
  }
  return built;
}

/** Starts the image's CMD as its user, waits for its HEALTHCHECK, uses it, stops it with its STOPSIGNAL. */
async function startAndStop(built: BuiltStage) {
  const find = <K extends Instruction['kind']>(kind: K) =>
    built.stage.instructions.find((step): step is Extract<Instruction, { kind: K }> => step.kind === kind);
  const cmd = find('CMD');
  const health = find('HEALTHCHECK');
  if (!cmd || !health) throw new Error(`the ${built.stage.name} stage needs a CMD and a HEALTHCHECK`);
  const signal = (find('STOPSIGNAL')?.signal ?? 'SIGTERM') as NodeJS.Signals;
  const cwd = path.join(built.root, built.workdir);
  if (existsSync(path.join(cwd, 'node_modules/vite'))) {
    throw new Error(
      'the runtime stage has the build tools (node_modules/vite): its install is not a production one',
    );
  }
  const port = await freePort();
  // Not the image's 0.0.0.0:3000: a free port on loopback, so it meets nothing else here. No proof
  // of work, so the e-mail request below can be posted directly.
  const env: Record<string, string> = {
    ...processEnv(built),
    HOST: '127.0.0.1',
    PORT: String(port),
    BOT_PROTECTION: 'off',
  };
  const as = runAs(built.user);

  log(`start as ${localUser(built.user).name}: ${cmd.argv.join(' ')}`);
  const child = spawn(cmd.argv[0], cmd.argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], ...as });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const failure = (message: string) => {
    child.kill('SIGKILL');
    return new Error(`${message}\n--- the server's output:\n${output}`);
  };

  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw failure(`the server exited with ${child.exitCode} before it was healthy`);
    if (spawnSync(health.argv[0], health.argv.slice(1), { cwd, env, timeout: 10_000, ...as }).status === 0)
      break;
    if (Date.now() > deadline)
      throw failure(`the HEALTHCHECK did not pass within ${HEALTHY_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log('healthy: the HEALTHCHECK command exits 0');

  const home = await fetch(`http://127.0.0.1:${port}/`);
  const page = await home.text();
  if (home.status !== 200 || !/^<!doctype html>/i.test(page.trimStart())) {
    throw failure(`GET / answered ${home.status}, not the home page`);
  }
  if (!env.DATA_DIR || !existsSync(path.join(env.DATA_DIR, 'pglite'))) {
    throw failure(`the server did not open its database under DATA_DIR (${env.DATA_DIR ?? 'unset'})`);
  }
  log('GET / answers the home page; the database is under DATA_DIR');

  // What runs only on demand, in the server's worker threads: the PDF (pdfkit and its fonts) and an
  // e-mail composed and written as a file (no SMTP_URL), so the production install must hold them too.
  const report = await fetch(`http://127.0.0.1:${port}/api/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ date: new Date().toISOString().slice(0, 10), responses: COMPLETE_RESPONSES }),
  });
  const pdf = Buffer.from(await report.arrayBuffer());
  if (report.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') {
    throw failure(`POST /api/report answered ${report.status}, not a PDF`);
  }
  const request = await fetch(`http://127.0.0.1:${port}/api/email-results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validBody()),
  });
  if (request.status !== 202) throw failure(`POST /api/email-results answered ${request.status}, not 202`);
  const mailDir = path.join(env.DATA_DIR, 'mail');
  const mailDeadline = Date.now() + MAIL_WITHIN_MS;
  while (!(existsSync(mailDir) && readdirSync(mailDir).some((file) => file.endsWith('.eml')))) {
    if (Date.now() > mailDeadline)
      throw failure(`no e-mail in DATA_DIR/mail within ${MAIL_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`a ${Math.round(pdf.length / 1024)} KB PDF report; the visitor's e-mail written to DATA_DIR/mail`);

  const asked = Date.now();
  child.kill(signal);
  // The timer is cleared once the server has exited: left running, it kept this script alive for
  // the whole 35 s after its last step.
  let lateTimer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    exited,
    new Promise<'late'>((r) => (lateTimer = setTimeout(() => r('late'), STOPS_WITHIN_MS))),
  ]).finally(() => clearTimeout(lateTimer));
  if (code === 'late')
    throw failure(`the server did not exit within ${STOPS_WITHIN_MS / 1000} s of ${signal}`);
  if (code !== 0) throw failure(`the server exited with ${code} after ${signal}, not 0`);
  log(`${signal}: exited 0 in ${((Date.now() - asked) / 1000).toFixed(1)} s`);
}

const sandbox = mkdtempSync(path.join(tmpdir(), 'image-steps-'));
// The image's user must reach its stage's folder through this one.
chmodSync(sandbox, 0o755);
const npmCache = path.join(sandbox, 'npm-cache');
try {
  copyNpmCache(npmCache);
  const stages = parseDockerfile(
    readFileSync(path.resolve(ROOT, option('--dockerfile') ?? 'Dockerfile'), 'utf8'),
  );
  const context = path.join(sandbox, 'context');
  copyContext(context);
  const built = new Map<string, BuiltStage>();
  for (const stage of stages) built.set(stage.name, runStage(stage, sandbox, context, built));
  await startAndStop(built.get(stages[stages.length - 1].name) as BuiltStage);
  log(`the image's steps work`);
} catch (error) {
  console.error(`\nimage-steps: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (process.argv.includes('--keep')) log(`kept ${sandbox}`);
  else rmSync(sandbox, { recursive: true, force: true });
}
