import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { CROSS_PROCESS_FILES } from './cross-process-files';

const root = path.resolve(import.meta.dirname, '..');

// A renamed or moved file would leave its entry matching nothing and run side by side, under a
// neighbour's load its deadlines were never set for.
test('every cross-process file named exists, once', () => {
  expect(CROSS_PROCESS_FILES.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  expect(new Set(CROSS_PROCESS_FILES).size).toBe(CROSS_PROCESS_FILES.length);
});
