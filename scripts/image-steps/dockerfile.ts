/**
 * The Dockerfile read as scripts/image-steps.ts runs it: its stages and their instructions, in the
 * small part of the Dockerfile language our file uses. Anything else is an error naming the line,
 * so the Dockerfile cannot gain a step that CI silently does not run.
 */

export type Instruction = { text: string; line: number } & (
  | { kind: 'WORKDIR'; path: string }
  | { kind: 'ENV'; values: Record<string, string> }
  | { kind: 'USER'; user: string }
  | { kind: 'COPY'; sources: string[]; dest: string; from?: string; chown?: string }
  | { kind: 'RUN'; command: string }
  | { kind: 'VOLUME'; paths: string[] }
  | { kind: 'EXPOSE'; ports: string[] }
  | { kind: 'HEALTHCHECK'; argv: string[]; options: Record<string, string> }
  | { kind: 'STOPSIGNAL'; signal: string }
  | { kind: 'CMD'; argv: string[] }
);

export interface Stage {
  /** The base image, as written after FROM. */
  from: string;
  /** The name after AS, or the stage's index. */
  name: string;
  instructions: Instruction[];
}

export class DockerfileError extends Error {
  constructor(line: number, message: string) {
    super(`Dockerfile line ${line}: ${message}`);
    this.name = 'DockerfileError';
  }
}

/** Joins continued lines (a trailing backslash) and drops comments and blank lines. */
function logicalLines(text: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let pending: { line: number; text: string } | undefined;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    // A comment inside a continued instruction is dropped too, as Docker does.
    if (trimmed.startsWith('#') || (trimmed === '' && !pending)) return;
    const continued = trimmed.endsWith('\\');
    const part = continued ? trimmed.slice(0, -1).trim() : trimmed;
    pending = pending
      ? { line: pending.line, text: `${pending.text} ${part}`.trim() }
      : { line: index + 1, text: part };
    if (!continued) {
      lines.push(pending);
      pending = undefined;
    }
  });
  if (pending) throw new DockerfileError(pending.line, 'the last instruction ends with a backslash');
  return lines;
}

/** `["a", "b"]`: exec form, which is JSON. */
function execForm(line: number, keyword: string, rest: string): string[] {
  let argv: unknown;
  try {
    argv = JSON.parse(rest);
  } catch {
    throw new DockerfileError(
      line,
      `${keyword} must be in exec form (a JSON array), so the signal reaches the process`,
    );
  }
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((part) => typeof part === 'string')) {
    throw new DockerfileError(line, `${keyword} must be a non-empty JSON array of strings`);
  }
  return argv as string[];
}

/** Leading `--name=value` (or bare `--name`) flags, then what follows. */
function flags(rest: string): { options: Record<string, string>; rest: string } {
  const options: Record<string, string> = {};
  const flag = /^--([a-z-]+)(?:=(\S+))?\s+/;
  let remaining = rest;
  for (let match = flag.exec(remaining); match; match = flag.exec(remaining)) {
    options[match[1]] = match[2] ?? '';
    remaining = remaining.slice(match[0].length);
  }
  return { options, rest: remaining };
}

function envValues(line: number, rest: string): Record<string, string> {
  const values: Record<string, string> = {};
  const pair = /([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|[^\s"]*)(?:\s+|$)/y;
  let at = 0;
  while (at < rest.length) {
    pair.lastIndex = at;
    const match = pair.exec(rest);
    if (!match)
      throw new DockerfileError(
        line,
        `ENV takes NAME=value pairs (no $-expansion), not ${JSON.stringify(rest.slice(at))}`,
      );
    const value = match[2].startsWith('"') ? match[2].slice(1, -1) : match[2];
    if (value.includes('$'))
      throw new DockerfileError(
        line,
        `ENV ${match[1]}: a value that refers to another variable is not run here`,
      );
    values[match[1]] = value;
    at = pair.lastIndex;
  }
  return values;
}

function instruction(
  line: number,
  text: string,
): Instruction | { kind: 'FROM'; image: string; name?: string } {
  const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(text) ?? [];
  const at = { line, text };
  switch (keyword.toUpperCase()) {
    case 'FROM': {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
      if (!match || match[1].startsWith('--'))
        throw new DockerfileError(line, `FROM takes an image and an optional AS name`);
      return { kind: 'FROM', image: match[1], name: match[2] };
    }
    case 'WORKDIR':
      if (!rest.startsWith('/')) throw new DockerfileError(line, 'WORKDIR must be an absolute path');
      return { ...at, kind: 'WORKDIR', path: rest };
    case 'ENV':
      return { ...at, kind: 'ENV', values: envValues(line, rest) };
    case 'USER':
      if (!/^[a-z_][a-z0-9_-]*$/.test(rest))
        throw new DockerfileError(line, 'USER must be a user name (no uid, no group)');
      return { ...at, kind: 'USER', user: rest };
    case 'COPY': {
      const { options, rest: paths } = flags(rest);
      const unknown = Object.keys(options).filter((name) => name !== 'from' && name !== 'chown');
      if (unknown.length > 0) throw new DockerfileError(line, `COPY --${unknown[0]} is not run here`);
      const parts = paths.split(/\s+/).filter(Boolean);
      if (parts.length < 2 || parts.some((part) => /[*?[$]/.test(part))) {
        throw new DockerfileError(
          line,
          'COPY takes plain sources and a destination (no wildcards, no variables)',
        );
      }
      return {
        ...at,
        kind: 'COPY',
        sources: parts.slice(0, -1),
        dest: parts[parts.length - 1],
        from: options.from,
        chown: options.chown,
      };
    }
    case 'RUN':
      if (rest.startsWith('[') || rest.startsWith('--'))
        throw new DockerfileError(line, 'RUN must be in shell form, without flags');
      return { ...at, kind: 'RUN', command: rest };
    case 'VOLUME':
      return {
        ...at,
        kind: 'VOLUME',
        paths: rest.startsWith('[') ? execForm(line, 'VOLUME', rest) : rest.split(/\s+/),
      };
    case 'EXPOSE':
      return { ...at, kind: 'EXPOSE', ports: rest.split(/\s+/) };
    case 'HEALTHCHECK': {
      const { options, rest: command } = flags(rest);
      const cmd = /^CMD\s+(.*)$/.exec(command);
      if (!cmd) throw new DockerfileError(line, 'HEALTHCHECK must be [options] CMD [exec form]');
      return { ...at, kind: 'HEALTHCHECK', options, argv: execForm(line, 'HEALTHCHECK CMD', cmd[1]) };
    }
    case 'STOPSIGNAL':
      if (!/^SIG[A-Z0-9]+$/.test(rest))
        throw new DockerfileError(line, 'STOPSIGNAL must be a signal name like SIGTERM');
      return { ...at, kind: 'STOPSIGNAL', signal: rest };
    case 'CMD':
      return { ...at, kind: 'CMD', argv: execForm(line, 'CMD', rest) };
    default:
      throw new DockerfileError(
        line,
        `${keyword} is not one of the instructions scripts/image-steps.ts runs: teach it, or do without`,
      );
  }
}

/** The Dockerfile's stages, in order, each with its instructions. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const { line, text: instructionText } of logicalLines(text)) {
    const parsed = instruction(line, instructionText);
    if (parsed.kind === 'FROM') {
      stages.push({ from: parsed.image, name: parsed.name ?? String(stages.length), instructions: [] });
      continue;
    }
    const stage = stages[stages.length - 1];
    if (!stage) throw new DockerfileError(line, `${parsed.kind} before the first FROM`);
    stage.instructions.push(parsed);
  }
  if (stages.length === 0) throw new DockerfileError(1, 'no FROM');
  return stages;
}

/**
 * A `.dockerignore` line as a test on a path: `name` or `dir/name` (that path and all below it),
 * `*` within one path segment, `**` across segments. Negations (`!`) are not used, so not handled.
 */
function ignoreRule(pattern: string): (file: string) => boolean {
  if (pattern.startsWith('!')) throw new Error(`.dockerignore: ${pattern}: exceptions are not handled here`);
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((segment) =>
      segment === '**'
        ? '(?:[^/]+/)*?'
        : `${segment
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]')}/`,
    )
    .join('');
  // Each segment ends in '/', so the last one's slash is made optional: the path itself, or below it.
  const regex = new RegExp(`^${body.replace(/\/$/, '')}(?:/.*)?$`);
  return (file) => regex.test(file);
}

/** Of the files listed (paths relative to the context), those `.dockerignore` leaves in. */
export function contextFiles(files: readonly string[], dockerignore: string): string[] {
  const rules = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map(ignoreRule);
  return files.filter((file) => !rules.some((ignored) => ignored(file)));
}
