import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The boundaries of docs/architecture.md ("What may import what"). Each is a pattern of the
// import's path; `boundaries()` refuses it in `import … from`, `export … from` and `import()`.
const SERVER_NOT_SRC = {
  regex: '^\\.{1,2}/(.*/)?src(/|$)',
  message: 'The API imports shared things from contract/, never from src/.',
};
const RUNTIME_NOT_DEMO = {
  regex: '^\\.{1,2}/(.*/)?demo(/|$)',
  message:
    'The running shop never imports server/demo/: only start-up (server/runtime.ts) and the seed command reach it, and hand what a service needs in.',
};
const LAYERS_NOT_RUNTIME = {
  regex: '^\\.{1,2}/(.*/)?runtime(\\.[jt]s)?$',
  message:
    'Routes, services and server/http/ are handed what they need by start-up (server/runtime.ts) and never import it: it reaches server/demo/.',
};
const SERVICES_NOT_HTTP = {
  regex: '^\\.{1,2}/(.*/)?http(/|$)',
  message:
    'Services know nothing of HTTP (server/http/): throw a domain error from server/services/errors.ts; server/http/errors.ts gives it its status.',
};
const ROUTES_NOT_REPOSITORIES = {
  regex: '^\\.{1,2}/(.*/)?repositories(/|$)',
  message: 'Routes call services, never server/repositories/: put the query behind a service function.',
};

/**
 * The rules refusing imports whose path matches one of `patterns`. no-restricted-imports does not
 * see `import()`, so no-restricted-syntax refuses a dynamic import of a string or template (its
 * first part) that matches too. esquery's regular expressions cannot hold a `/`: it is written \x2F.
 */
function boundaries(...patterns) {
  const dynamic = patterns.flatMap(({ regex, message }) => {
    const re = regex.replaceAll('/', '\\x2F');
    return [
      { selector: `ImportExpression[source.value=/${re}/]`, message },
      { selector: `ImportExpression[source.quasis.0.value.cooked=/${re}/]`, message },
    ];
  });
  return {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': ['error', ...dynamic],
  };
}

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
  // The storefront and the API share things only through contract/ (docs/architecture.md). On the
  // server, services know no HTTP and routes no repositories (and neither, nor http/, imports the
  // start-up composition), and nothing reaches the demo
  // catalogue (server/demo/) but start-up's composition (runtime.ts, which seeds an empty shop and
  // hands the demo's photo renderer to the picture encoder) and the demo's own files (its seed
  // command among them). A later block's rule replaces an earlier one's for the files both match,
  // so each block lists every boundary of its files.
  {
    files: ['server/**/*.{ts,js}'],
    rules: boundaries(SERVER_NOT_SRC, RUNTIME_NOT_DEMO),
  },
  {
    files: ['server/services/**/*.{ts,js}'],
    rules: boundaries(SERVER_NOT_SRC, RUNTIME_NOT_DEMO, LAYERS_NOT_RUNTIME, SERVICES_NOT_HTTP),
  },
  {
    files: ['server/routes/**/*.{ts,js}'],
    rules: boundaries(SERVER_NOT_SRC, RUNTIME_NOT_DEMO, LAYERS_NOT_RUNTIME, ROUTES_NOT_REPOSITORIES),
  },
  {
    files: ['server/http/**/*.{ts,js}'],
    rules: boundaries(SERVER_NOT_SRC, RUNTIME_NOT_DEMO, LAYERS_NOT_RUNTIME),
  },
  {
    files: ['server/runtime.ts', 'server/demo/**/*.{ts,js}'],
    rules: boundaries(SERVER_NOT_SRC),
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: boundaries({
      regex: '^\\.{1,2}/(.*/)?server(/|$)',
      message: 'The storefront imports shared things from contract/, never from server/.',
    }),
  },
  {
    files: ['contract/**/*.ts'],
    rules: boundaries({
      regex: '^\\.{1,2}/(.*/)?(src|server)(/|$)',
      message: 'contract/ stands alone: it imports from neither side.',
    }),
  },
  {
    // Hooks live in .ts modules too (useFields, useStock, usePincodeCheck).
    files: ['**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
