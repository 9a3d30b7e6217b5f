import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Whether a test file asks for jsdom (`// @vitest-environment jsdom`); every other runs in Node. */
function runsInJsdom(spec: TestSpecification): boolean {
  return /@vitest-environment\s+jsdom\b/.test(readFileSync(spec.moduleId, 'utf8'));
}

/**
 * Vitest's own order (by group, then the longest or largest files first), with the files of one
 * environment together: every Node file of a group, then its jsdom files.
 *
 * A worker that does not isolate its files is kept for the next file only when that file needs the
 * same environment; otherwise the worker process ends and a new one starts. In Vitest's order the
 * 28 jsdom files sat among the 170 Node files, so a run started some 45 worker processes, each
 * loading the app's modules, its in-memory databases and its PDF thread afresh (decision 0092).
 */
export default class EnvironmentGroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) =>
      spec.project.config.sequence.groupOrder * 2 + (runsInJsdom(spec) ? 1 : 0);
    const ranks = new Map(sorted.map((spec) => [spec, rank(spec)]));
    // Array.prototype.sort is stable: within a rank, Vitest's order stays.
    return [...sorted].sort((a, b) => ranks.get(a)! - ranks.get(b)!);
  }
}
