// @ts-check
import { defineConfig, passthroughImageService } from 'astro/config';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
// Astro loads this file through Vite when Node cannot, so the integrations' TypeScript imports as it is.
import { contentSecurityPolicy, publicApiOrigin } from './integrations/content-security-policy';
import { reactIslands } from './integrations/react-islands';
import { shopServer } from './integrations/shop-server';
import { zodWithoutEval } from './integrations/zod-without-eval';

/**
 * Small modules nearly every island uses, in one file: on their own each was a request of
 * 130–270 bytes gzip, mostly headers and import lines.
 */
const SHARED_MODULES = [
  '/src/lib/routes.ts',
  '/src/lib/constants.ts',
  '/src/lib/api/error-message.ts',
  '/contract/shop.ts',
  // Every shop page's header loads these (the session store); the back office's islands use them
  // too. Here they stay one chunk for both: otherwise the /admin islands split them out of the
  // shop's session and dialog chunks, one more request on every shop page (+0.7 KB gzip, measured).
  '/src/lib/session.ts',
  '/src/lib/navigation.ts',
  '/node_modules/jwt-decode/build/esm/index.js',
  '/node_modules/nanostores/',
  // What the header's and the notices' islands draw with, and the back office's forms too: in
  // chunks of their own (Rollup groups modules by the set of islands importing them) they were
  // four more requests on every page. The form controls (src/ui/form.tsx) are not among them:
  // pages without a form do not load them (the about page: 1.1 KB gzip less, measured 2026-11-27).
  '/src/lib/focus-trap.ts',
  '/src/lib/stores/ui.ts',
  '/src/ui/hydrated.ts',
  '/src/ui/Button.tsx',
  '/src/ui/button-class.ts',
  '/src/ui/Picture.tsx',
  '/src/ui/picture-parts.ts',
  '/src/ui/picture-sizes.ts',
  '/contract/format.ts',
  '/contract/variants.ts',
  '/contract/images.ts',
];

/**
 * React and what joins it to the islands (Astro's renderer, the JSX runtime, the store hook): the
 * one large chunk every page shares, one request instead of four. With `shared` and `storefront`
 * below, the about page loads 6 scripts instead of 13 and 79.8 KB gzip instead of 81.7 KB
 * (measured 2026-11-24).
 */
const REACT_RUNTIME = [
  '/node_modules/react/',
  '/node_modules/react-dom/',
  '/node_modules/scheduler/',
  '/node_modules/@astrojs/react/',
  '/node_modules/@nanostores/react/',
];

/**
 * The shopper's state every storefront page's header starts (session, cart, wishlist), apart from
 * `shared`: these modules act when loaded (storage listeners, the API client's token source),
 * which the back office's pages must not.
 */
const STOREFRONT_MODULES = [
  '/src/lib/stores/session.ts',
  '/src/lib/stores/shared-refresh.ts',
  '/src/lib/stores/shopper.ts',
  '/src/features/cart/cart-store.ts',
  '/src/features/wishlist/wishlist-store.ts',
];

/** A path ending in `/` names a folder, any other a file. */
const matches = (/** @type {string} */ id, /** @type {string[]} */ paths) => {
  const file = id.split('?')[0];
  return paths.some((p) => (p.endsWith('/') ? file.includes(p) : file.endsWith(p)));
};

/**
 * The browser's chunks named above, as Rolldown's code-splitting groups: each takes the modules
 * it names and what only they import.
 * @type {import('vite').Rolldown.CodeSplittingGroup[]}
 */
const sharedChunks = [
  { name: 'react', test: (id) => matches(id, REACT_RUNTIME), priority: 3 },
  { name: 'shared', test: (id) => matches(id, SHARED_MODULES), priority: 2 },
  { name: 'storefront', test: (id) => matches(id, STOREFRONT_MODULES), priority: 1 },
];

/**
 * Astro builds the browser's scripts with entry signatures kept exactly, so Rolldown serves the
 * React renderer's entry, placed in the `react` chunk, through a file of its own that only
 * re-exports it: one more request on every page (0.1 KB gzip). Entries may gain exports instead;
 * nothing imports an island's chunk but Astro's loader, which reads the default export alone.
 * The browser's build only: the server's entry keeps exactly the exports the shop imports.
 * @type {import('vite').Plugin}
 */
const entriesWithoutFacades = {
  name: 'entries-without-facades',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
};

/**
 * `client:interaction`: an island hydrated when the shopper first reaches for it (the product
 * page's pincode check), so its JavaScript is not part of what every visit loads.
 * @type {import('astro').AstroIntegration}
 */
const interactionDirective = {
  name: 'hydrate-on-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(new URL('./integrations/hydrate-on-interaction.ts', import.meta.url)),
      }),
  },
};

// The API the dev server forwards /api and /media to (set by `npm run dev`).
const devApiOrigin = process.env.DEV_API_ORIGIN;

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  outDir: process.env.SITE_OUT_DIR || './dist',
  // Each of the shop builder's side-by-side builds keeps its own cache.
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  trailingSlash: 'ignore',
  // Inlined CSS saves every first visit a render-blocking round trip (about 7 KB gzip a page).
  // Two pages at a time: 2,270 pages built in 15.0 s against 17.0 s one at a time (2 cores).
  build: { format: 'directory', inlineStylesheets: 'always', concurrency: 2 },
  devToolbar: { enabled: false },
  // Whitespace between tags goes, as with Astro 5 (Astro 7's default keeps JSX's rules, which ran
  // the category bar's links together).
  compressHTML: true,
  security: { csp: contentSecurityPolicy(publicApiOrigin(process.env.PUBLIC_API_BASE)) },
  // Pictures are the shop's own (contract/images.ts, encoded by the API); Astro transforms none.
  image: { service: passthroughImageService() },
  // No page is written in Markdown: no highlighter to load for each build.
  markdown: { syntaxHighlight: false },
  integrations: [reactIslands(), zodWithoutEval(), interactionDirective],
  adapter: shopServer(),
  vite: {
    plugins: [tailwindcss(), entriesWithoutFacades],
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: sharedChunks } } } } } },
    server: devApiOrigin ? { proxy: { '/api': devApiOrigin, '/media': devApiOrigin } } : undefined,
  },
});
