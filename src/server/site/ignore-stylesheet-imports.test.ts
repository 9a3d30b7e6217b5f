import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

// Node, not Vite, renders the site's pages in the build and on the server for a version of the
// audit's words other than the built one: a component's `import './home.css'` must not stop it.
// Run in a Node process of its own, with tsx as the build and the server run (vitest's own module
// loader handles CSS, so it would not show the failure).
async function renderHomeInNode(ignoreStylesheets: boolean): Promise<string> {
  const script = `
    ${ignoreStylesheets ? "const { ignoreStylesheetImports } = await import('./src/server/site/ignore-stylesheet-imports.ts'); ignoreStylesheetImports();" : ''}
    const { renderPage } = await import('./src/web/prerender.tsx');
    const { routeFor } = await import('./src/web/routes.ts');
    process.stdout.write(await renderPage(routeFor('/')));
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
  });
  return stdout;
}

describe('ignoreStylesheetImports', () => {
  it('lets Node render a page whose components import their stylesheets', async () => {
    const html = await renderHomeInNode(true);
    expect(html).toContain('class="hero"');
  });

  it('is needed: without it the same render fails on the stylesheet', async () => {
    await expect(renderHomeInNode(false)).rejects.toThrow(/\.css/);
  });
});
