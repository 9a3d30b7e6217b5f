import { defineConfig } from 'vitest/config';
import { CROSS_PROCESS_FILES } from './test/cross-process-files';
import EnvironmentGroupedSequencer from './test/sequencer';

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
          exclude: CROSS_PROCESS_FILES,
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
          include: CROSS_PROCESS_FILES,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
