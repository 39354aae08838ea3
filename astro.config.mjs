// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

/**
 * Pages are static, except the few marked `prerender = false` (search), which the shop's own
 * server renders when asked: this adapter bundles them with server/site-entry.ts.
 */
function shopServer() {
  return {
    name: 'shop-server',
    hooks: {
      'astro:config:done': ({ setAdapter }) =>
        setAdapter({
          name: 'shop-server',
          serverEntrypoint: fileURLToPath(new URL('./server/site-entry.ts', import.meta.url)),
          exports: ['render'],
          supportedAstroFeatures: { staticOutput: 'stable', hybridOutput: 'stable', serverOutput: 'stable' },
        }),
    },
  };
}

/**
 * @astrojs/react (its JSX set-up and the browser half that hydrates islands), with the islands'
 * server-side HTML rendered by src/lib/react-ssr.ts: a string per island rather than a stream.
 * @returns {import('astro').AstroIntegration}
 */
function reactIslands() {
  const integration = react();
  const setup = integration.hooks['astro:config:setup'];
  const serverEntrypoint = fileURLToPath(new URL('./src/lib/react-ssr.ts', import.meta.url));
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (options) =>
        setup?.({ ...options, addRenderer: (renderer) => options.addRenderer({ ...renderer, serverEntrypoint }) }),
    },
  };
}

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
  integrations: [reactIslands()],
  adapter: shopServer(),
  vite: {
    plugins: [tailwindcss()],
    server: devApiOrigin ? { proxy: { '/api': devApiOrigin, '/media': devApiOrigin } } : undefined,
  },
});
