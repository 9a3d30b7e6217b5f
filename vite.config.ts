import { defineConfig, type Plugin } from 'vite';

// React, React DOM and the scheduler are one chunk of their own (every page with script loads it,
// and the budgets measure our code apart from it: docs/decisions/0028-react-itself.md).
const REACT_CODE = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

// The layers that two or more screens share (the router and the logo from src/browser, the UI
// parts, the tab's audit state, and what they import: the audit itself, the site links) go in one
// chunk: a script page's first load is then the entry, this chunk and its screen's chunk, instead
// of nine small files that compress worse apart (docs/decisions/0013-first-load-budgets.md). A
// feature's own modules, and what only features use (zod, the proof of work and the form parts
// from src/browser, the report download), stay with the screens that load them, even when a
// feature's lazy import makes them "shared" by two chunks.
const SHARED_CODE =
  /[\\/]src[\\/](core[\\/]|browser[\\/](router[\\/]|logo\.tsx)|web[\\/](ui|audit-state)[\\/])|^\0vite[\\/]preload-helper/;

// The report model with its written content, which the results screens load with their page, is a
// chunk of its own, taken before the shared group: the audit's pages never load it. The team's view
// is part of the model (a report carries one); "Ask your team" takes its roles from it too, and
// would otherwise move it into the shared chunk every page loads.
const REPORT_CODE =
  /[\\/]src[\\/]core[\\/](insight[\\/]|report\.ts|report-words\.ts|benchmark\.ts|roadmap\.ts|team-view\.ts)/;

// The one day formatter is a small chunk of its own: the results screens load it with the report,
// and "Save and continue later" (its continue page, its saved status) needs the day in words too,
// without the report.
const DAY_CODE = /[\\/]src[\\/]core[\\/]format-day\.ts/;

/**
 * Vite wraps each dynamic import in a helper that preloads the imported chunk's own imports. Ours
 * import only the shared chunk, which every page with script has loaded before it can navigate,
 * so the helper (0.9 KB gzipped on every first load) would never have anything to do.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'care-audit:plain-dynamic-imports',
    enforce: 'pre',
    resolveId: (id) => (id === helper || id === 'vite/preload-helper.js' ? helper : null),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();' : null),
  };
}

// The client build: src/web/index.html is the page template; scripts/build.ts then pre-renders
// every page into it (docs/decisions/0002-own-router-and-prerender.md).
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [plainDynamicImports()],
  build: {
    outDir: '../../build/client',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // No inline polyfill script (the CSP allows only our own script files), and no list of each
    // dynamic import's dependencies to preload: see plainDynamicImports.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT_CODE },
            { name: 'day', test: DAY_CODE, minShareCount: 2 },
            { name: 'report', test: REPORT_CODE, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'shared', test: SHARED_CODE, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
