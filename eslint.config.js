import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: core ← report/shared ← web, server, cli. These rules
// hold that line so nobody has to remember it.
const outsideCore = ['**/web/**', '**/server/**', '**/cli/**', '**/report/**', '**/shared/**'];
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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...featureZones,
            {
              target: './src/browser/router',
              from: './src/browser',
              except: ['./router'],
              message: 'The router is generic: it is handed what it needs and imports nothing of the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(
        ['**/server/**', '**/cli/**', 'node:*'],
        'The web app must not import server code.',
      ),
    },
  },
  {
    // The team workspace: a browser app of its own, which may use the site's generic router and
    // proof-of-work solver, never the server or the CLI.
    files: ['src/team/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(
        ['**/server/**', '**/cli/**', 'node:*'],
        'The team workspace must not import server or CLI code.',
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
        ['**/web/**', '**/server/**', '**/cli/**'],
        'report and shared sit below web, server and cli.',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        ['**/web/**', '**/cli/**'],
        'The server imports neither the web app nor the CLI.',
      ),
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': boundary(['**/web/**'], 'The CLI must not import the web app.') },
  },
);
