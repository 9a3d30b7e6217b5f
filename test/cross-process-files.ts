/**
 * The test files that time what they see across processes (server processes started and killed,
 * HAProxy's health checks, slow clients cut after 10 s, a sender killed mid-send): they run after
 * the others, two at a time, so the side-by-side files' load never moves a deadline they check.
 * Each spends much of its time waiting on the processes it started (about 1.1 cores busy one at a
 * time), so two at a time took 159–181 s against 264–274 s one at a time, and every deadline held
 * (decision 0091).
 *
 * They start in this order (test/sequencer.ts), not Vitest's, which in a clean clone is by file
 * size: the file that only waits (slow clients, about 30 s of timeouts) first, beside the longest;
 * then the longest first, so the two workers end close together (decision 0093).
 */
export const CROSS_PROCESS_FILES = [
  'src/server/slow-clients.test.ts',
  'src/server/multi-instance.test.ts',
  'src/cli/leads-process.test.ts',
  'src/server/server-process.test.ts',
  'test/dev-loop.test.ts',
  'src/server/read-only-data-dir.test.ts',
  'src/server/team-sign-in/team-sign-in-process.test.ts',
  'src/server/kill-while-sending.test.ts',
  'src/server/metrics-process.test.ts',
  'src/server/data-folder-lock.test.ts',
  'test/deploy-haproxy.test.ts',
  'src/server/client-limits-across-instances.test.ts',
  'src/server/outbox/outbox-during-burst.test.ts',
];
