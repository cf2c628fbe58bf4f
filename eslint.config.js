// Lint: typescript-eslint's recommended rules, React hooks rules, the 400-line limit of a source
// file (the common passwords' list, data, aside), and the one-way import rule
// of docs/architecture.md: src/shared imports neither server nor web (nor Node or React), and
// src/web never imports src/server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'tests/.artifacts/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // No source file passes 400 lines, counted as `wc -l` counts them: comments and blank lines
    // too, since a file that needs long comments to be followed is long (docs/decisions/0052).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/validation/common-passwords.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**'],
              message: 'src/web must not import src/server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**', '**/web', '**/web/**'],
              message: 'src/shared imports neither src/server nor src/web.',
            },
            {
              group: ['node:*', 'react', 'react-*', '@mui/*', 'fastify*', 'drizzle-orm*', 'pg'],
              message: 'src/shared is pure TypeScript for browser and Node alike.',
            },
          ],
        },
      ],
    },
  },
);
