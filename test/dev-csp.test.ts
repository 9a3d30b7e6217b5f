import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devCspDirectives } from '../scripts/dev/dev-csp';
import { cspDirectives } from '../src/server/http/security-headers';

const root = path.resolve(import.meta.dirname, '..');
const inline = { scripts: ["'sha256-script='"], styles: ["'sha256-style='"] };

describe("npm run dev's Content-Security-Policy", () => {
  it('lets in only what Vite injects: its styles and its reconnecting worker', () => {
    const production = cspDirectives(inline);
    const dev = devCspDirectives(inline);
    expect(dev['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev['worker-src']).toEqual(["'self'", 'blob:']);
    // Everything else, script-src first, is production's to the letter.
    const { 'style-src': _devStyles, 'worker-src': _devWorkers, ...devRest } = dev;
    const { 'style-src': _styles, 'worker-src': _workers, ...productionRest } = production;
    expect(devRest).toEqual(productionRest);
    expect(dev['script-src']).toEqual(["'self'", "'sha256-script='"]);
  });

  it('leaves the production directives as strict as they were', () => {
    devCspDirectives(inline);
    const production = cspDirectives(inline);
    expect(production['style-src']).toEqual(["'self'", "'sha256-style='"]);
    expect(production['worker-src']).toEqual(["'self'"]);
    expect(Object.values(production).flat()).not.toContain('blob:');
  });
});

describe('the production server', () => {
  it('never imports Vite or the dev entry: only scripts/dev.ts loads them', async () => {
    const dir = path.join(root, 'src/server');
    const files = (await readdir(dir, { recursive: true })).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(50);
    const importers: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      if (/(from |import\()['"](vite|@vitejs\/[^'"]+|[^'"]*scripts\/dev[^'"]*)['"]/.test(text))
        importers.push(file);
    }
    expect(importers).toEqual([]);
  });
});
