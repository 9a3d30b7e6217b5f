import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: core ← report/shared ← web, server, cli (ARCHITECTURE.md). These rules
// hold that line so nobody has to remember it.
const outsideCore = ['**/web/**', '**/server/**', '**/cli/**', '**/report/**', '**/shared/**'];
const boundary = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

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
