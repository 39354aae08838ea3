// @ts-check
import { defineConfig } from 'astro/config';
import tailwindcss from '@tailwindcss/vite';
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
  '/node_modules/nanostores/atom/index.js',
];
/** @param {string} id */
const sharedChunks = (id) => (SHARED_MODULES.some((end) => id.endsWith(end)) ? 'shared' : undefined);

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
  experimental: { csp: contentSecurityPolicy(publicApiOrigin(process.env.PUBLIC_API_BASE)) },
  integrations: [reactIslands(), zodWithoutEval()],
  adapter: shopServer(),
  vite: {
    plugins: [tailwindcss()],
    build: { rollupOptions: { output: { manualChunks: sharedChunks } } },
    server: devApiOrigin ? { proxy: { '/api': devApiOrigin, '/media': devApiOrigin } } : undefined,
  },
});
