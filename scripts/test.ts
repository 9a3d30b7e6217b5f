/**
 * `npm test`: every check the project has, in order — types, lint, format, unit and integration
 * tests (PGlite, a real PostgreSQL server, a real SMTP listener), the build and its size budgets,
 * the Dockerfile's steps run without Docker (scripts/image-steps.ts), then the end-to-end suite in
 * Chromium against that build. It installs Chromium, PostgreSQL, poppler-utils and HAProxy first if they are missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureTools } from './ensure-tools';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-reports');
// A report left by an earlier run must never be counted as this run's.
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const tools = ensureTools();
const env = {
  ...process.env,
  CHROME_PATH: tools.chromePath,
  HAPROXY_PATH: tools.haproxyPath,
  PATH: `${process.env.PATH}${path.delimiter}${tools.postgresBin}`,
};

const steps: { name: string; command: string[] }[] = [
  { name: 'types', command: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  {
    name: 'unit and integration',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
  },
  { name: 'build', command: ['npx', 'tsx', 'scripts/build.ts'] },
  {
    name: 'size budgets',
    command: [
      'npx',
      'vitest',
      'run',
      '--config',
      'vitest.budgets.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/budgets.json`,
    ],
  },
  // The Dockerfile's own steps in a clean folder, as the image's user: no registry is reachable to
  // build the image itself (docs/deploy.md).
  { name: 'image steps', command: ['npx', 'tsx', 'scripts/image-steps.ts'] },
  // The suite runs against the build just checked, not a new one.
  { name: 'end-to-end', command: ['npx', 'tsx', 'scripts/e2e.ts', '--no-build'] },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const outcome = spawnSync(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  results.push({ name: step.name, ok: outcome.status === 0, seconds: (Date.now() - started) / 1000 });
  if (outcome.status !== 0) break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const counts = testCounts();
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
const allOk = results.length === steps.length && results.every((r) => r.ok);
process.exit(allOk ? 0 : 1);

/** Tests run by Vitest (unit and integration, size budgets) and Playwright, read from their JSON reports. */
function testCounts() {
  let passed = 0;
  let failed = 0;
  for (const file of ['vitest.json', 'budgets.json']) {
    const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(file);
    if (vitest) {
      passed += vitest.numPassedTests;
      failed += vitest.numFailedTests;
    }
  }
  const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
    'playwright.json',
  );
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
  }
  return { passed, failed };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path.join(reports, file), 'utf8')) as T;
  } catch {
    return undefined;
  }
}
