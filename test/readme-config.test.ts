import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '../src/server/config';

const ROOT = path.resolve(import.meta.dirname, '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const CONFIGURATION = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');

/** The variables named in the first column of docs/configuration.md's table. */
function documentedVariables(): string[] {
  const firstCells = CONFIGURATION.split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

/** The README's own section `title`, up to the next one. */
function readmeSection(title: string): string {
  return README.split(new RegExp(`^## ${title}$`, 'm'))[1]?.split(/^## /m)[0] ?? '';
}

// A variable the server reads but the documentation does not name is one an operator never hears of.
describe('the configuration table (docs/configuration.md)', () => {
  it('names every environment variable the server reads, and no other', () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });
});

// A newcomer reads the README in two minutes: it names the few variables a first deployment needs
// and links the rest (issue 36).
describe('the README', () => {
  it('is at most 200 lines, none over 200 characters', () => {
    const lines = README.split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(lines.filter((line) => line.length > 200)).toEqual([]);
  });

  it('names only variables the server reads, and links the full table', () => {
    const section = readmeSection('Configuration');
    const named = [...section.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([]);
    expect(section).toContain('(docs/configuration.md)');
  });
});
