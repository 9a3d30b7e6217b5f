import { defineConfig } from 'vite';

// The team workspace's own build (docs/decisions/0021-workspace-bundle-and-charts.md): a second
// Vite root with its own entry and chunks, so nothing of it reaches a visitor page's first load.
// It is rendered in the browser only; the server answers every /team path with this index.html.
export default defineConfig({
  root: 'src/team',
  base: '/team/',
  // The site's favicon and robots.txt are served from the site's root already.
  publicDir: false,
  build: {
    outDir: '../../build/client/team',
    emptyOutDir: true,
    target: 'es2022',
    // Its own manifest, in its own folder: scripts/build.ts moves it out of the served files.
    manifest: true,
    // No inline polyfill script: the CSP allows only our own script files.
    modulePreload: false,
  },
});
