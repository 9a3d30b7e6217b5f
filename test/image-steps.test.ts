import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contextFiles,
  DockerfileError,
  parseDockerfile,
  type Instruction,
  type Stage,
} from '../scripts/image-steps/dockerfile';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

function steps<K extends Instruction['kind']>(stage: Stage, kind: K): Extract<Instruction, { kind: K }>[] {
  return stage.instructions.filter((step): step is Extract<Instruction, { kind: K }> => step.kind === kind);
}

// What the issue asks of the image, read from the Dockerfile that scripts/image-steps.ts runs.
describe('the Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const runtime = stages[stages.length - 1];
  const build = stages.find((stage) => stage.name === 'build');

  it('builds in one stage and runs from another on the same Node 20 base', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    expect(stages.every((stage) => stage.from === 'node:20-bookworm-slim')).toBe(true);
    expect(steps(build as Stage, 'RUN').map((step) => step.command)).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run build',
    ]);
  });

  it('gives the runtime production dependencies and the build, and never builds there', () => {
    const commands = steps(runtime, 'RUN').map((step) => step.command);
    expect(commands.some((command) => command.startsWith('npm ci --omit=dev'))).toBe(true);
    expect(commands.filter((command) => /npm (run|start)|vite|build\.ts/.test(command))).toEqual([]);
    expect(steps(runtime, 'COPY').find((step) => step.from === 'build')).toMatchObject({
      sources: ['/app/build/client'],
      dest: './build/client',
    });
    expect(steps(runtime, 'ENV').some((step) => step.values.NODE_ENV === 'production')).toBe(true);
  });

  it('runs node itself, not npm, as a user other than root, with SIGTERM', () => {
    const users = steps(runtime, 'USER').map((step) => step.user);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).not.toBe('root');
    const cmd = steps(runtime, 'CMD');
    expect(cmd).toHaveLength(1);
    expect(cmd[0].argv).toEqual(['node', '--import', 'tsx', 'src/server/main.ts']);
    expect(steps(runtime, 'STOPSIGNAL').map((step) => step.signal)).toEqual(['SIGTERM']);
  });

  it('checks its health with node against /api/health', () => {
    const [health] = steps(runtime, 'HEALTHCHECK');
    expect(health.argv[0]).toBe('node');
    expect(health.argv.join(' ')).toContain('/api/health');
    // Long enough for a fresh embedded database to open on a busy machine.
    expect(Number.parseInt(health.options['start-period'], 10)).toBeGreaterThanOrEqual(30);
  });

  it('keeps DATA_DIR as a volume', () => {
    const dataDir = Object.assign({}, ...steps(runtime, 'ENV').map((step) => step.values)).DATA_DIR;
    expect(dataDir).toMatch(/^\//);
    expect(steps(runtime, 'VOLUME').flatMap((step) => step.paths)).toEqual([dataDir]);
  });
});

describe('parseDockerfile', () => {
  it('joins continued lines, drops comments, and names the stages', () => {
    const [first, second] = parseDockerfile(
      [
        '# syntax=docker/dockerfile:1',
        'FROM node:20-bookworm-slim AS build',
        'RUN npm ci \\',
        '  # a comment inside the instruction',
        '  --omit=dev',
        '',
        'FROM node:20-bookworm-slim',
        'ENV A=1 B="two words"',
        'COPY --from=build --chown=node:node /app/x ./y/',
        'HEALTHCHECK --interval=5s --retries=2 CMD ["node", "-e", "1"]',
      ].join('\n'),
    );
    expect(first).toMatchObject({
      name: 'build',
      instructions: [{ kind: 'RUN', command: 'npm ci --omit=dev', line: 3 }],
    });
    expect(second.name).toBe('1');
    expect(second.instructions).toMatchObject([
      { kind: 'ENV', values: { A: '1', B: 'two words' } },
      { kind: 'COPY', from: 'build', chown: 'node:node', sources: ['/app/x'], dest: './y/' },
      { kind: 'HEALTHCHECK', options: { interval: '5s', retries: '2' }, argv: ['node', '-e', '1'] },
    ]);
  });

  it.each([
    ['an instruction it does not run', 'FROM a\nARG VERSION=1', /line 2: ARG is not one of the instructions/],
    [
      'CMD in shell form (the shell would take the signal)',
      'FROM a\nCMD node main.js',
      /line 2: CMD must be in exec form/,
    ],
    [
      'a RUN flag such as a cache mount',
      'FROM a\nRUN --mount=type=cache,target=/root/.npm npm ci',
      /RUN must be in shell form/,
    ],
    ['a COPY wildcard', 'FROM a\nCOPY *.json ./', /no wildcards/],
    ['COPY --link', 'FROM a\nCOPY --link x ./', /COPY --link is not run here/],
    ['ENV that refers to another variable', 'FROM a\nENV A=$HOME/x', /refers to another variable/],
    ['a relative WORKDIR', 'FROM a\nWORKDIR app', /absolute path/],
    ['an instruction before FROM', 'RUN true', /before the first FROM/],
    ['a dangling backslash', 'FROM a\nRUN true \\', /ends with a backslash/],
    ['no FROM at all', '# nothing', /no FROM/],
  ])('refuses %s, naming the line', (_what, text, message) => {
    expect(() => parseDockerfile(text)).toThrow(DockerfileError);
    expect(() => parseDockerfile(text)).toThrow(message);
  });
});

describe('the build context (.dockerignore)', () => {
  const files = [
    'package.json',
    'package-lock.json',
    'src/server/main.ts',
    'src/server/main.test.ts',
    'src/web/app.test.tsx',
    'src/web/build-info.ts',
    'scripts/build.ts',
    'scripts/budgets.test.ts',
    'node_modules/vite/package.json',
    'build/client/index.html',
    'data/pglite/PG_VERSION',
    '.env',
    '.env.production',
    '.git/HEAD',
    'test/support/smtp.ts',
    'e2e/home.spec.ts',
    'bench-results-mail.json',
    'server.log',
    'docs/deploy.md',
  ];

  it("leaves out what the image's build makes itself, secrets and tests, and keeps the sources", () => {
    expect(contextFiles(files, read('.dockerignore'))).toEqual([
      'package.json',
      'package-lock.json',
      'src/server/main.ts',
      'src/web/build-info.ts',
      'scripts/build.ts',
      'docs/deploy.md',
    ]);
  });

  it('anchors a name at the root and matches ** across folders', () => {
    expect(contextFiles(['build/x', 'src/build/x', 'a.log', 'src/a.log'], 'build\n*.log')).toEqual([
      'src/build/x',
      'src/a.log',
    ]);
    expect(contextFiles(['x.test.ts', 'a/b/x.test.ts', 'a/x.ts'], '**/*.test.ts')).toEqual(['a/x.ts']);
  });

  it('refuses an exception rule rather than ignore it', () => {
    expect(() => contextFiles(files, 'src\n!src/server')).toThrow(/exceptions are not handled/);
  });
});
