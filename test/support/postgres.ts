import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

/** A throwaway PostgreSQL server for one test file. */
export interface PostgresServer {
  url: string;
  port: number;
  /** Stops it cleanly (for an outage); `start` brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it the way a crash would (immediate shutdown, recovery on the next start). */
  kill(): Promise<void>;
  /** Stops it if it runs and deletes its files. */
  destroy(): Promise<void>;
}

const INSTALL_HINT =
  "PostgreSQL's server programs (initdb, pg_ctl) were not found on PATH or in /usr/lib/postgresql/*/bin. " +
  'Install them, e.g. `apt-get install postgresql` on Debian, then run the tests again.';

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The directory holding initdb and pg_ctl: PATH first, then Debian's versioned directories, newest first. */
export async function findPostgresBin(searchPath: string = process.env.PATH ?? ''): Promise<string> {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    if ((await isExecutable(path.join(dir, 'initdb'))) && (await isExecutable(path.join(dir, 'pg_ctl'))))
      return dir;
  }
  const versions = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const dir = path.join('/usr/lib/postgresql', version, 'bin');
    if (await isExecutable(path.join(dir, 'initdb'))) return dir;
  }
  // Thrown, never skipped: a run without PostgreSQL must not pass as if it had been tested.
  throw new Error(INSTALL_HINT);
}

/**
 * Starts a PostgreSQL server in a temporary directory on a free loopback port. PostgreSQL refuses
 * to run as root, so as root it runs as the `postgres` user, owning its directory. `under`: the
 * folder to make that directory in (a small file system, to fill it); unset, the system's temporary one.
 * `maxConnections` raises PostgreSQL's default of 100, for the one server a whole run shares.
 */
export async function startPostgres(
  options: { under?: string; maxConnections?: number } = {},
): Promise<PostgresServer> {
  const bin = await findPostgresBin();
  const root = await fs.mkdtemp(path.join(options.under ?? os.tmpdir(), 'care-audit-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'postgres.log');
  await fs.mkdir(socketDir);
  await fs.writeFile(logFile, '');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', root]);

  const exec = async (program: string, args: string[]) => {
    const file = path.join(bin, program);
    try {
      return asRoot ? await run('runuser', ['-u', 'postgres', '--', file, ...args]) : await run(file, args);
    } catch (error) {
      const log = await fs.readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`${program} ${args.join(' ')} failed: ${String(error)}\n${log.slice(-2000)}`, {
        cause: error,
      });
    }
  };

  await exec('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  // Durability settings off: these servers hold test data only, and fsync dominates their run time.
  const serverOptions = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    ...(options.maxConnections ? [`-c max_connections=${options.maxConnections}`] : []),
  ].join(' ');
  let running = false;
  const start = async () => {
    await exec('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '30', '-o', serverOptions]);
    running = true;
  };
  const stopWith = (mode: 'fast' | 'immediate') => async () => {
    await exec('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '30']);
    running = false;
  };
  await start();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: stopWith('fast'),
    kill: stopWith('immediate'),
    async destroy() {
      if (running) await stopWith('immediate')();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
