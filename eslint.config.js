import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The folders of src, and the one way imports flow between them: each imports only the folders its
// line names, never one above it.
//
//   web      the public site                                imports browser, shared, core
//   team     the team workspace                             imports browser, shared, core
//            (web and team never import each other)
//   browser  what both browser apps use: the router, the    imports shared, core
//            bot check, the e-mail field, the logo, the
//            base stylesheet
//   cli      the team's commands, run in Node               imports server and what it imports
//   server   the HTTP server, by capability                 imports report, shared, core
//   report   the PDF report, drawn from core's model        imports core
//   shared   what the browser and the server both need      imports core
//   core     the audit itself                               imports nothing of ours: it is pure
//
//   In the browser:  web, team → browser → shared → core
//   In Node:         cli → server → report, shared → core
//
// Outside src: test/support holds the tests' tools (databases, an SMTP listener, fixtures, PDF
// readers). Tests, e2e and scripts may use it; product code may not, nor any devDependency.
// Inside src/server the folders are capabilities (see src/server/README.md); none imports the
// composition root (app.ts, team-api.ts, main.ts), and server-layout.test.ts keeps them free of circles.
//
// These rules hold that line so nobody has to remember it.
const outsideCore = [
  '**/report/**',
  '**/shared/**',
  '**/browser/**',
  '**/web/**',
  '**/team/**',
  '**/server/**',
  '**/cli/**',
];
const boundary = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

// Each feature of the web app stands alone: what two features share lives outside src/web/features
// (src/web/audit-state, src/web/ui). One zone per feature folder, so a new feature is covered too.
const features = readdirSync(new URL('src/web/features', import.meta.url), { withFileTypes: true }).filter(
  (entry) => entry.isDirectory(),
);
const featureZones = features.map(({ name }) => ({
  target: `./src/web/features/${name}`,
  from: './src/web/features',
  except: [`./${name}`],
  message: 'A feature must not import another feature; move what they share out of src/web/features.',
}));

// The team workspace's pages stand alone the same way: what two pages share lives in src/team/ui.
// One zone per entry of src/team/pages (a page's file, or a folder if a page grows one); a page's
// file may import the stylesheet of its own name beside it (alerts.tsx, alerts.css).
const pages = readdirSync(new URL('src/team/pages', import.meta.url)).filter(
  (name) => !name.endsWith('.css'),
);
const pageZones = pages.map((name) => ({
  target: `./src/team/pages/${name}`,
  from: './src/team/pages',
  except: [`./${name}`, `./${name.replace(/\.tsx?$/, '')}.css`],
  message: 'A page must not import another page; move what they share to src/team/ui.',
}));

// The zones every file of src keeps.
const srcZones = [
  ...featureZones,
  ...pageZones,
  {
    target: './src/browser/router',
    from: './src/browser',
    except: ['./router'],
    message: 'The router is generic: it is handed what it needs and imports nothing of the app.',
  },
];
// And product code (anything in src but a test) keeps these too: a test may build the whole app
// and use the tests' tools.
const productZones = [
  {
    target: './src/server/*/**',
    from: ['./src/server/app.ts', './src/server/team-api.ts', './src/server/main.ts'],
    message: 'A capability is handed what it needs: it never imports the app that composes it.',
  },
  {
    target: './src',
    from: './test',
    message: 'test/ holds the tests’ tools: product code must not import it (a test beside the code may).',
  },
];
const srcFiles = ['src/**/*.{ts,tsx}'];
const srcTests = ['src/**/*.test.{ts,tsx}'];
const importSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  'import-x/extensions': ['.ts', '.tsx', '.js'],
};
const restrictedPaths = (zones) => ['error', { basePath: import.meta.dirname, zones }];

export default tseslint.config(
  { ignores: ['build/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import circle anywhere in src, dynamic import() included: a circle makes module order (and
    // so what is defined when) depend on which file loads first, and ties the chunks together.
    files: srcFiles,
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': restrictedPaths([...srcZones, ...productZones]),
      // What ships is built from dependencies alone: `npm ci --omit=dev` must be enough to run it.
      // Type-only imports are erased and are not checked.
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, optionalDependencies: false, peerDependencies: false },
      ],
    },
  },
  {
    // A test beside the code may use the test tools and devDependencies.
    files: srcTests,
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(srcZones),
      'import-x/no-extraneous-dependencies': 'off',
    },
  },
  {
    // What both browser apps use. It knows neither app: an app hands it what it needs.
    files: ['src/browser/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(
        ['**/web/**', '**/team/**', '**/server/**', '**/cli/**', '**/report/**', 'node:*'],
        'src/browser serves both apps: it imports neither app, nor server, cli, report or node:* code.',
      ),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(
        ['**/team/**', '**/server/**', '**/cli/**', '**/report/**', 'node:*'],
        'The web app imports core, shared and src/browser only: never team, server, cli, report, node:*.',
      ),
    },
  },
  {
    // The team workspace: a browser app of its own, which shares the site's router, bot check and
    // parts through src/browser, never by importing the site.
    files: ['src/team/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(
        ['**/web/**', '**/server/**', '**/cli/**', '**/report/**', 'node:*'],
        'The workspace imports core, shared and src/browser only: never web, server, cli, report, node:*.',
      ),
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [...outsideCore, 'node:*', 'react', 'react-dom'],
        'core is pure: it imports nothing of theirs.',
      ),
    },
  },
  {
    files: ['src/report/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': boundary(
        ['**/browser/**', '**/web/**', '**/team/**', '**/server/**', '**/cli/**'],
        'report and shared sit below browser, web, team, server and cli.',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        ['**/browser/**', '**/web/**', '**/team/**', '**/cli/**'],
        'The server imports neither the browser apps nor the CLI.',
      ),
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        ['**/browser/**', '**/web/**', '**/team/**'],
        'The CLI must not import the browser apps.',
      ),
    },
  },
);
