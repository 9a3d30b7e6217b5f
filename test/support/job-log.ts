import type { JobsLog } from '../../src/server/jobs/job-scheduler';

export interface JobLogLine {
  level: 'debug' | 'info' | 'warn';
  object: Record<string, unknown>;
  message: string;
}

/** A JobsLog that keeps its lines, for a test to read. */
export function recordingJobLog(): JobsLog & { lines: JobLogLine[] } {
  const lines: JobLogLine[] = [];
  const at =
    (level: JobLogLine['level']) =>
    (object: object, message: string): void => {
      lines.push({ level, object: object as Record<string, unknown>, message });
    };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn') };
}

/** Resolves once `condition` holds; fails after `timeoutMs` (generous: the test machine is shared). */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
