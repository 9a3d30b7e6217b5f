import { defineConfig } from 'vitest/config';

// The size budgets, checked against build/client: `npm test` runs them after the build (the unit
// tests in vitest.config.ts run before it and never need a build).
export default defineConfig({
  test: {
    include: ['scripts/budgets.test.ts'],
    environment: 'node',
  },
});
