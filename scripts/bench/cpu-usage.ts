import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

// /proc reports CPU time in clock ticks; Linux has used 100 per second on every common platform.
const TICKS_PER_SECOND = 100;

interface ProcessTime {
  command: string;
  parent: number;
  cpuSeconds: number;
}

/** CPU seconds (user + system, all threads) of every process now, from /proc. */
function snapshot(): Map<number, ProcessTime> {
  const processes = new Map<number, ProcessTime>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in field 2 may hold spaces; the fields we want come after its ')'.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      processes.set(Number(entry), {
        command,
        parent: Number(fields[1]),
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      });
    } catch {
      // It ended between readdir and read.
    }
  }
  return processes;
}

/** Where the machine's CPU went during a measurement, in CPU seconds. */
export interface CpuUsage {
  wallSeconds: number;
  cores: number;
  /** The server process under test. */
  server: number;
  /** The PostgreSQL server under test: its postmaster and every process it started (the backends). */
  postgres: number;
  /** This process: the load generator and the SMTP listener. */
  bench: number;
  /** Everything else: if this is large, the figures were taken on a busy machine. */
  other: number;
  /** The busiest other processes, so a noisy run can be explained. */
  busiestOther: { pid: number; command: string; cpuSeconds: number }[];
}

export interface Measured {
  serverPid?: number;
  /** The port of the PostgreSQL server under test, to tell its processes from any other PostgreSQL's. */
  postgresPort?: number;
}

/** Starts counting; the returned function stops and says where the CPU went. */
export function startCpuAccounting(measured: Measured = {}): () => CpuUsage {
  const before = snapshot();
  const started = performance.now();
  return () => {
    const after = snapshot();
    const usage: CpuUsage = {
      wallSeconds: (performance.now() - started) / 1000,
      cores: os.availableParallelism(),
      server: 0,
      postgres: 0,
      bench: 0,
      other: 0,
      busiestOther: [],
    };
    const postmaster =
      measured.postgresPort === undefined
        ? undefined
        : [...after].find(
            ([, p]) => /\/postgres\s/.test(p.command) && p.command.includes(` -p ${measured.postgresPort} `),
          )?.[0];
    for (const [pid, now] of after) {
      const used = now.cpuSeconds - (before.get(pid)?.cpuSeconds ?? 0);
      if (used <= 0) continue;
      if (pid === measured.serverPid) usage.server += used;
      else if (pid === process.pid) usage.bench += used;
      else if (postmaster !== undefined && (pid === postmaster || now.parent === postmaster))
        usage.postgres += used;
      else {
        usage.other += used;
        usage.busiestOther.push({ pid, command: now.command.slice(0, 80), cpuSeconds: used });
      }
    }
    usage.busiestOther = usage.busiestOther.sort((a, b) => b.cpuSeconds - a.cpuSeconds).slice(0, 3);
    return usage;
  };
}

/** Where the CPU went over the next `ms`: to tell whether the machine is quiet enough to measure. */
export async function otherLoad(ms: number, measured: Measured = {}): Promise<CpuUsage> {
  const stop = startCpuAccounting(measured);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return stop();
}
