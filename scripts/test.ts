/**
 * `npm test`: every check the project has, in order — types, lint, format, unit and integration
 * tests (PGlite, a real PostgreSQL server, a real SMTP listener), the build and its size budgets,
 * the Dockerfile's steps run without Docker (scripts/image-steps.ts), then the end-to-end suite in
 * Chromium against that build. It installs Chromium, PostgreSQL, poppler-utils and HAProxy first if they are missing.
 * It ends with each step's time and the whole run's.
 */
import { spawn } from 'node:child_process';
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
  CHROME_PATH: tools.testChromePath,
  HAPROXY_PATH: tools.haproxyPath,
  PATH: `${process.env.PATH}${path.delimiter}${tools.postgresBin}`,
};

interface Step {
  name: string;
  command: string[];
}

/**
 * The steps in phases: a phase's steps run side by side, each phase after the one before has
 * passed. Side by side only the static checks, which time nothing; the Dockerfile's steps (an
 * install and a build of their own) beside them only slowed all four on two cores. The unit tests,
 * the build and the end-to-end suite each have the machine to themselves.
 */
const phases: Step[][] = [
  [
    { name: 'types', command: ['npx', 'tsc', '--noEmit'] },
    { name: 'lint', command: ['npx', 'eslint', '.'] },
    { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  ],
  // The Dockerfile's own steps in a clean folder, as the image's user: no registry is reachable to
  // build the image itself (docs/deploy.md).
  [{ name: 'image steps', command: ['npx', 'tsx', 'scripts/image-steps.ts'] }],
  [
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
  ],
  [{ name: 'build', command: ['npx', 'tsx', 'scripts/build.ts'] }],
  [
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
  ],
  // The suite runs against the build just checked, not a new one.
  [{ name: 'end-to-end', command: ['npx', 'tsx', 'scripts/e2e.ts', '--no-build'] }],
];

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

/** One step alone: its output goes straight to the terminal as it comes. */
function runAlone(step: Step): Promise<Result> {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  return runStep(step, 'inherit');
}

/** Steps side by side: each one's output is held and printed whole when it ends, so none interleave. */
async function runSideBySide(steps: readonly Step[]): Promise<Result[]> {
  console.log(`\n=== side by side: ${steps.map((step) => step.name).join(', ')}`);
  return Promise.all(steps.map((step) => runStep(step, 'pipe')));
}

function runStep(step: Step, output: 'inherit' | 'pipe'): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), {
      cwd: root,
      stdio: ['ignore', output, output],
      env,
    });
    let held = '';
    child.stdout?.on('data', (chunk: Buffer) => (held += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (held += chunk.toString()));
    child.on('close', (code) => {
      const result = { name: step.name, ok: code === 0, seconds: (Date.now() - started) / 1000 };
      if (output === 'pipe') {
        console.log(`\n=== ${step.name}: ${step.command.join(' ')} (${result.seconds.toFixed(1)} s)`);
        process.stdout.write(held);
      }
      resolve(result);
    });
  });
}

const runStarted = Date.now();
const results: Result[] = [];
const phaseSeconds: number[] = [];
for (const phase of phases) {
  const started = Date.now();
  results.push(...(phase.length === 1 ? [await runAlone(phase[0]!)] : await runSideBySide(phase)));
  phaseSeconds.push((Date.now() - started) / 1000);
  if (results.some((r) => !r.ok)) break;
}

// Each step's own time, and each phase's time on the clock (side by side, a phase takes as long as
// its longest step): the figures docs/performance.md keeps.
console.log('\n=== summary');
phaseSeconds.forEach((seconds, i) => {
  const names = new Set(phases[i]!.map((step) => step.name));
  for (const r of results.filter((result) => names.has(result.name)))
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
  if (names.size > 1) console.log(`     side by side: ${seconds.toFixed(1)} s`);
});
console.log(`total: ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
const counts = testCounts();
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed`);
const allOk = results.length === phases.flat().length && results.every((r) => r.ok);
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
