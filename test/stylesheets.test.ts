import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Styles sit beside the feature or page that uses them, each app with one base stylesheet
// (docs/decisions/0085-styles-beside-their-features.md): these checks keep it so, rather than a
// new block appended to a global file, as the two 1,100–1,600-line stylesheets once grew.
const SRC = path.resolve(import.meta.dirname, '../src');
const MAX_LINES = 600;
/** The only stylesheets each app's styles folder may hold. */
const BASES: Record<string, readonly string[]> = {
  'web/styles': ['site-base.css'],
  'team/styles': ['team-base.css'],
};

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name));
}

const stylesheets = filesUnder(SRC, /\.css$/);
const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const lineCount = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('the stylesheets in src', () => {
  it('are found', () => {
    expect(stylesheets.length).toBeGreaterThan(10);
  });

  it(`are at most ${MAX_LINES} lines each`, () => {
    const tooLong = stylesheets
      .map((file) => ({ file: relative(file), lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });

  it("are in an app's styles folder only as its base", () => {
    for (const [folder, allowed] of Object.entries(BASES)) {
      const found = stylesheets
        .filter((file) => path.dirname(relative(file)) === folder)
        .map((file) => path.basename(file));
      expect(found.sort(), `src/${folder}`).toEqual([...allowed].sort());
    }
  });

  it('are each imported by a module or another stylesheet beside it', () => {
    const importers = filesUnder(SRC, /\.(tsx?|css)$/).filter((file) => !/\.test\.tsx?$/.test(file));
    const imported = new Set<string>();
    for (const file of importers) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:^import|^@import) '([^']+\.css)'/gm)) {
        imported.add(path.resolve(path.dirname(file), match[1]!));
      }
    }
    const orphans = stylesheets.filter((file) => !imported.has(file)).map(relative);
    expect(orphans).toEqual([]);
  });
});
