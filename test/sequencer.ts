import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { CROSS_PROCESS_FILES } from './cross-process-files';

/** A cross-process file's place in its list (-1 for every other file): the list names them from the root. */
function listedAt(spec: TestSpecification): number {
  const file = path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/');
  return CROSS_PROCESS_FILES.indexOf(file);
}

/** Whether a test file asks for jsdom (`// @vitest-environment jsdom`); every other runs in Node. */
function runsInJsdom(spec: TestSpecification): boolean {
  return /@vitest-environment\s+jsdom\b/.test(readFileSync(spec.moduleId, 'utf8'));
}

/**
 * Vitest's own order (by group, then the longest or largest files first), with the files of one
 * environment together: every Node file of a group, then its jsdom files. The cross-process files
 * keep the order of their list (test/cross-process-files.ts).
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
    const places = new Map(sorted.map((spec) => [spec, listedAt(spec)]));
    // Array.prototype.sort is stable: within a rank, Vitest's order stays for the unlisted files.
    return [...sorted].sort((a, b) => ranks.get(a)! - ranks.get(b)! || places.get(a)! - places.get(b)!);
  }
}
