import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, testChromiumPath } from './scripts/chromium-flags';

// scripts/e2e.ts starts the real server on a free port and passes its address here; Chromium is
// Debian's headless shell (no browser download works on these machines; decision 0089).
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('Run the end-to-end suite with `npm run test:e2e` (it starts the server).');

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_FLAGS },
  },
});
