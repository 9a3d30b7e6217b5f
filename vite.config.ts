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
// The page's own version of the audit's words (web/content/page-content.tsx) is read by the entry.
const SHARED_CODE =
  /[\\/]src[\\/](core[\\/]|browser[\\/](router[\\/]|logo\.tsx)|web[\\/](ui[\\/]|audit-state[\\/]|content[\\/]page-content\.tsx))|^\0vite[\\/]preload-helper/;

// Looking up a version's words (issue 34), by the screens that show words: one chunk, not two.
const VERSION_LOOKUP_CODE =
  /[\\/]src[\\/]web[\\/]content[\\/](use-content-version\.ts|content-unavailable\.tsx)$/;

// The report model with its written content, which the results screens load with their page, is a
// chunk of its own, taken before the shared group: the audit's pages never load it. The team's view
// is part of the model (a report carries one); "Ask your team" takes its roles from it too, and
// would otherwise move it into the shared chunk every page loads.
// Version 1's whole words (issue 34) and what compares versions go with it: only a report needs
// them, and the audit's pages ask with version 1's statements alone (core/content/questions-v1.ts).
const REPORT_CODE =
  /[\\/]src[\\/]core[\\/](insight[\\/]|report\.ts|report-words\.ts|benchmark\.ts|roadmap\.ts|team-view\.ts|content[\\/](content-v1|cqc-quality-statements|compare-statements|check-content|content-changes|sample-answers)\.ts)/;

// The one day formatter is a small chunk of its own: the results screens load it with the report,
// and "Save and continue later" (its continue page, its saved status) needs the day in words too,
// without the report.
const DAY_CODE = /[\\/]src[\\/]core[\\/]format-day\.ts/;

// Three features' parts that a colleague's join page (features/team-join) reuses, each kept in the
// one chunk the pages that had them load already: split out by the join page's second use, each
// would be a file more on those pages' first load, and the budgets (scripts/budgets.ts) have no
// room for the ~0.2–0.45 KB a split costs (docs/decisions/0070-team-join-page.md). The join page
// loads the whole chunk instead, unused parts and all.
// The audit's screen with its section flow (audit-flow), which the join page asks its sections with.
const AUDIT_SCREEN_CODE =
  /[\\/]src[\\/]web[\\/](routes[\\/]audit-tool\.tsx|audit-flow[\\/]|features[\\/]audit[\\/](audit-page|complete-audit|welcome-back|save-for-later)\.tsx?$|api[\\/]saved-audit-completed\.ts|audit-state[\\/]idempotency-key\.ts)/;
// What the e-mail page shares with "Save and continue later": the address field, the consent box
// (with the rules they import), the bot check and the API client; the join page sends its answers
// through the last two.
const FORM_CODE =
  /[\\/]src[\\/](shared[\\/](email-address|address-breaks|bot-check|api-errors)\.ts|browser[\\/](forms[\\/](consent-field|email-address-field)\.tsx|address\.tsx|bot-check[\\/](honeypot\.tsx|proof-of-work\.ts))|web[\\/]api[\\/]client\.ts)$/;
// The results screen after the audit with its "Compare with providers like you", whose radio groups
// (ChoiceGroup) the join page asks the colleague's role with, in a part it loads at the last section.
// Its stylesheet's (empty) module too: left out, it would be a file of the route's own that this
// chunk imports back.
const AUDIT_RESULTS_SCREEN_CODE =
  /[\\/]src[\\/](web[\\/](routes[\\/]audit-results\.tsx|features[\\/]results[\\/]((results-page|compare-with-providers|compare-answer)\.tsx?|compare\.css))|browser[\\/]forms[\\/]choice-group\.tsx)$/;
// What the two results pages share: the report's view, its parts and the comparison; the join
// page's own results (loaded once the answers are sent) show the overall and area scores with them.
const RESULTS_CODE =
  /[\\/]src[\\/]web[\\/](features[\\/]results[\\/]|results-parts[\\/]|api[\\/]benchmark\.ts$)/;

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

/**
 * With one stylesheet (cssCodeSplit: false), Vite leaves an "empty css" comment where a chunk
 * imported a stylesheet: 28 bytes of nothing in a screen's script, which the budgets count.
 */
function noEmptyCssComments(): Plugin {
  const comment = /\/\* empty css\s*\*\//g;
  return {
    name: 'care-audit:no-empty-css-comments',
    enforce: 'post',
    // Vite writes it while it finishes the bundle, after every chunk is rendered.
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') output.code = output.code.replace(comment, '');
      }
    },
  };
}

// The client build: src/web/index.html is the page template; scripts/build.ts then pre-renders
// every page into it (docs/decisions/0002-own-router-and-prerender.md).
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [plainDynamicImports(), noEmptyCssComments()],
  build: {
    outDir: '../../build/client',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // No inline polyfill script (the CSP allows only our own script files), and no list of each
    // dynamic import's dependencies to preload: see plainDynamicImports.
    modulePreload: false,
    // One stylesheet for the whole site, though each feature imports its own part of it beside its
    // code: every page carries it inline (scripts/build.ts), so a page reached by a link in the app
    // has its styles already, as the no-op preload helper would load no chunk's CSS. Vite puts the
    // entry's (styles/site-base.css) first and the screens' after it, in the order the routes
    // import them (docs/decisions/0085-styles-beside-their-features.md).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT_CODE },
            { name: 'day', test: DAY_CODE, minShareCount: 2 },
            { name: 'report', test: REPORT_CODE, minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'shared', test: SHARED_CODE, minShareCount: 2 },
            { name: 'version-lookup', test: VERSION_LOOKUP_CODE, minShareCount: 2 },
            // After the groups above, so each takes only what they left.
            { name: 'audit-tool', test: AUDIT_SCREEN_CODE, includeDependenciesRecursively: false },
            { name: 'forms', test: FORM_CODE, minShareCount: 2 },
            { name: 'audit-results', test: AUDIT_RESULTS_SCREEN_CODE, includeDependenciesRecursively: false },
            { name: 'results', test: RESULTS_CODE, minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
