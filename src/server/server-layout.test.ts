import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// src/server is sorted by capability, and its README lists the folders from the bottom up: a folder
// imports only folders listed above it. This reads the real imports of the product files (tests
// may reach anywhere) and holds the folders to that list.
const SERVER = path.dirname(new URL(import.meta.url).pathname);
const README = fs.readFileSync(path.join(SERVER, 'README.md'), 'utf8');

const folders = fs
  .readdirSync(SERVER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The README's capability table, in its order: the rows that name a folder as `name/`. */
const listed = [...README.matchAll(/^\| `([a-z-]+)\/` /gm)].map((match) => match[1] ?? '');

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.(ts|mjs)$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** Which server folders each folder's product files import, by relative specifier. */
function folderImports(): Map<string, Set<string>> {
  const edges = new Map(folders.map((folder) => [folder, new Set<string>()]));
  for (const folder of folders) {
    for (const file of productFiles(path.join(SERVER, folder))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const target = path.relative(SERVER, path.resolve(path.dirname(file), specifier ?? ''));
        const top = target.split(path.sep)[0] ?? '';
        if (top !== folder && folders.includes(top)) edges.get(folder)?.add(top);
      }
    }
  }
  return edges;
}

describe('the layout of src/server', () => {
  it('lists every folder in its README, once', () => {
    expect([...listed].sort()).toEqual([...folders].sort());
  });

  it('has each folder import only folders listed above it, so no two folders import each other', () => {
    const edges = folderImports();
    const upward = [...edges].flatMap(([folder, targets]) =>
      [...targets]
        .filter((target) => listed.indexOf(target) > listed.indexOf(folder))
        .map((target) => `${folder} → ${target}`),
    );
    expect(upward).toEqual([]);
    // The check sees imports at all: mail sends through the outbox's types and reads the leads.
    expect([...(edges.get('mail') ?? [])]).toEqual(expect.arrayContaining(['leads', 'outbox']));
  });
});
