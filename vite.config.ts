import { defineConfig } from 'vite';

// The client build: src/web/index.html is the page template; scripts/build.ts then pre-renders
// every page into it (docs/decisions/0002-own-router-and-prerender.md).
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  build: {
    outDir: '../../build/client',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // No inline polyfill script: the CSP allows only our own script files.
    modulePreload: { polyfill: false },
  },
});
