import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './servers';
import { round } from './stats';

/** The server process's memory once it is up and idle, in MB. */
export interface IdleMemory {
  /** Resident set size after it settled. */
  rssMb: number;
  /** The most it ever held (VmHWM), start-up included. */
  peakRssMb: number;
}

export interface IdleMemoryFigures {
  /** Started on an empty DATA_DIR: it creates the embedded database first. */
  freshDataDir: IdleMemory;
  /** Started again on the same DATA_DIR, which now holds the database. */
  existingDataDir: IdleMemory;
}

// Long enough for start-up work to finish (the outbox's first poll, the retention job's timer).
const SETTLE_MS = 3_000;

function memoryOf(pid: number): IdleMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: round(kb('VmRSS') / 1024), peakRssMb: round(kb('VmHWM') / 1024) };
}

async function idleServerMemory(smtpUrl: string, dataDir: string): Promise<IdleMemory> {
  const server = await startBenchServer({ smtpUrl, dataDir });
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return memoryOf(server.pid);
  } finally {
    await server.stop();
  }
}

/** The idle server on PGlite, on a new data folder and then again on the same one (Linux only: /proc). */
export async function measureIdleMemory(smtpUrl: string): Promise<IdleMemoryFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-audit-memory-'));
  try {
    const freshDataDir = await idleServerMemory(smtpUrl, dataDir);
    const existingDataDir = await idleServerMemory(smtpUrl, dataDir);
    return { freshDataDir, existingDataDir };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
