import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '../src/server/config';

const README = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');

/** The variables named in the first column of the README's configuration table. */
function documentedVariables(): string[] {
  const section = README.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

// A variable the server reads but the README does not name is one an operator never hears of.
describe("the README's configuration table", () => {
  it('names every environment variable the server reads, and no other', () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });
});
