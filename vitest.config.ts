import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code. Component tests opt into jsdom with a
// `// @vitest-environment jsdom` line; everything else runs in Node.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
