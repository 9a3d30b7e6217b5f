import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, testChromiumPath } from './scripts/chromium-flags';

// scripts/e2e.ts starts the real server on a free port and passes its address here; Chromium is
// Debian's headless shell (no browser download works on these machines; decision 0089).
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('Run the end-to-end suite with `npm run test:e2e` (it starts the server).');

/**
 * The specs on a server of their own (e2e/own-server.ts): each starts a server and holds one long
 * test. Playwright queues a project's tests before the next project's, so these go first, one to
 * each worker, and the run never ends on one of them with the other worker idle (last in the queue
 * they ran one after the other, about 16 s with one worker idle).
 */
const e2eFolder = path.join(import.meta.dirname, 'e2e');
const ownServerSpecs = readdirSync(e2eFolder)
  .filter((name) => name.endsWith('.spec.ts'))
  .filter((name) => readFileSync(path.join(e2eFolder, name), 'utf8').includes('testOnOwnServer('))
  .map((name) => `**/${name}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  projects: [
    { name: 'own servers', testMatch: ownServerSpecs },
    { name: 'suite server', testIgnore: ownServerSpecs },
  ],
  use: {
    baseURL,
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_FLAGS },
  },
});
