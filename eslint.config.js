import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_NOT_SRC = {
  regex: '^\\.{1,2}/(.*/)?src(/|$)',
  message: 'The API imports shared things from contract/, never from src/.',
};
const RUNTIME_NOT_DEMO = {
  regex: '^\\.{1,2}/(.*/)?demo(/|$)',
  message:
    "The running shop never imports server/demo/: only the seed command and start-up's one dynamic import reach it.",
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['warn', { allow: ['warn', 'error', 'log'] }],
    },
  },
  // The storefront and the API share things only through contract/ (docs/architecture.md).
  // The running API never imports the demo catalogue (server/demo/): the seed command does, and
  // start-up reaches it through one dynamic import only when the catalogue is empty. A later
  // block's no-restricted-imports replaces an earlier one's, so the demo's own files get the
  // src/ rule alone.
  {
    files: ['server/**/*.{ts,js}'],
    ignores: ['server/demo/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_SRC, RUNTIME_NOT_DEMO] }] },
  },
  {
    files: ['server/demo/**/*.{ts,js}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_SRC] }] },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?server(/|$)',
              message: 'The storefront imports shared things from contract/, never from server/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(src|server)(/|$)',
              message: 'contract/ stands alone: it imports from neither side.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
