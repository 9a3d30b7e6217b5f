import { defineConfig } from 'vitest/config';
import EnvironmentGroupedSequencer from './test/sequencer';

/**
 * The test files that time what they see across processes (server processes started and killed,
 * HAProxy's health checks, slow clients cut after 10 s, a sender killed mid-send): they run after
 * the others, two at a time, so the side-by-side files' load never moves a deadline they check.
 * Each spends much of its time waiting on the processes it started (about 1.1 cores busy one at a
 * time), so two at a time took 159–181 s against 264–274 s one at a time, and every deadline held
 * (decision 0091).
 */
const ALONE = [
  'src/cli/leads-process.test.ts',
  'src/server/client-limits-across-instances.test.ts',
  'src/server/data-folder-lock.test.ts',
  'src/server/kill-while-sending.test.ts',
  'src/server/metrics-process.test.ts',
  'src/server/multi-instance.test.ts',
  'src/server/outbox/outbox-during-burst.test.ts',
  'src/server/read-only-data-dir.test.ts',
  'src/server/server-process.test.ts',
  'src/server/slow-clients.test.ts',
  'src/server/team-sign-in/team-sign-in-process.test.ts',
  'test/deploy-haproxy.test.ts',
  'test/dev-loop.test.ts',
];

/**
 * Every other file runs side by side with one other, one per core of this machine: the suite is
 * mostly CPU work (PGlite's WebAssembly, PDFs, module loading), so a third at a time gained little
 * and made the files that wait on an e-mail wait past their deadlines (docs/performance.md, "The
 * test command"; decision 0087).
 */
const SIDE_BY_SIDE_WORKERS = 2;

// Unit and integration tests sit beside the code. Component tests opt into jsdom with a
// `// @vitest-environment jsdom` line; everything else runs in Node.
export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each environment's files together, so a worker is kept from file to file (test/sequencer.ts).
    sequence: { sequencer: EnvironmentGroupedSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'side by side',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: SIDE_BY_SIDE_WORKERS,
          // A worker keeps its modules from file to file instead of loading them all again (about
          // 100 s of a run): no test here mocks a module, and each file opens and closes what it
          // uses. The files run alone keep the isolation, as they start processes of their own.
          isolate: false,
          // One PostgreSQL server for these files, a database each (test/support/shared-postgres.ts).
          // The files run alone start servers of their own, as they always did.
          globalSetup: ['test/global-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
