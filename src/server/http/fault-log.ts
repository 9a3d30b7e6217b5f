/**
 * A fault logged once when it starts and once when it heals, with how many failures it counted in
 * between, rather than once per failure: a read-only data folder failed every request, and logging
 * each with its stack wrote 74.5 MB in 12 s (issue 22). Anything that fails repeatedly for one
 * cause (the database, a reopen, a job, a delivery lane) can report each outcome here.
 */

/** The part of a pino (Fastify) logger this needs. */
export interface FaultLogger {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface FaultLogOptions {
  /** Logged with the first failure's error when a fault starts. */
  started: string;
  /** Logged when it heals, with `failures` (how many were counted, the first included) and `faultMs`. */
  healed: string;
  /** Both lines' level, so whoever sees one sees the other. */
  level?: 'error' | 'warn';
  /**
   * A success heals the fault only once the last failure is at least this old, so a fault where
   * some calls still succeed (reads while writes fail on a full disk) is one fault, not a pair of
   * lines per request. 0: the first success heals.
   */
  settleMs?: number;
  now?: () => number;
}

export interface FaultLog {
  /** Reports a failure: it starts a fault (logged) or is counted in the one going on. */
  failed(error: unknown): void;
  /** Reports a success: it heals a fault going on (logged with the count), if it has settled. */
  succeeded(): void;
  readonly failing: boolean;
}

export function faultLog(log: FaultLogger, options: FaultLogOptions): FaultLog {
  const { level = 'error', settleMs = 0, now = Date.now } = options;
  let fault: { since: number; lastFailure: number; failures: number } | undefined;
  return {
    failed(error) {
      const at = now();
      if (fault) {
        fault.failures++;
        fault.lastFailure = at;
        return;
      }
      fault = { since: at, lastFailure: at, failures: 1 };
      log[level]({ err: error }, options.started);
    },
    succeeded() {
      if (!fault) return;
      const at = now();
      if (at - fault.lastFailure < settleMs) return;
      log[level]({ failures: fault.failures, faultMs: at - fault.since }, options.healed);
      fault = undefined;
    },
    get failing() {
      return fault !== undefined;
    },
  };
}
