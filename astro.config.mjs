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

/**
 * Zod compiles a fast parser with `new Function` when it may; under the pages' policy (no
 * 'unsafe-eval') its probe for that is reported as a violation on every page with a form.
 * `jitless` skips the probe, and must be set before any schema is made, so before any island
 * loads: an inline head script (Astro hashes it into the policy) that sets it where every copy of
 * zod reads its configuration, `globalThis.__zod_globalConfig`, rather than importing zod into
 * every page for one setting.
 * @returns {import('astro').AstroIntegration}
 */
function zodWithoutEval() {
  return {
    name: 'zod-without-eval',
    hooks: {
      'astro:config:setup': ({ injectScript }) =>
        injectScript(
          'head-inline',
          'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});',
        ),
    },
  };
}

// The API the dev server forwards /api and /media to (set by `npm run dev`).
const devApiOrigin = process.env.DEV_API_ORIGIN;

/**
 * Where the browser code reaches the API when it lives on another origin (PUBLIC_API_BASE is an
 * absolute URL): its calls, media and the local test checkout script come from there.
 */
const publicApiOrigin = /^https?:\/\//i.test(process.env.PUBLIC_API_BASE ?? '')
  ? new URL(/** @type {string} */ (process.env.PUBLIC_API_BASE)).origin
  : null;
const apiOrigins = publicApiOrigin ? [publicApiOrigin] : [];

/**
 * Razorpay's checkout: its script, the frame it opens and the calls that frame's page makes
 * from ours. Allowed always: a shop switched to Razorpay keys needs no rebuild to take payments.
 */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/**
 * Content-Security-Policy of every page, as the meta tag Astro writes: Astro adds to script-src
 * and style-src the hashes of every script and stylesheet it bundles or inlines (processed
 * `<script>`s, the island loader and its client directives), so no inline script runs unless it
 * is one of them. frame-ancestors cannot be set in a meta tag: the shop's server sends it as a
 * header (server/http/security-headers.ts).
 */
const csp = {
  algorithm: /** @type {const} */ ('SHA-256'),
  directives: [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    `form-action ${["'self'", ...apiOrigins].join(' ')}`,
    // Product pictures may come from a backend's CDN (Razorpay's logos too); uploads are
    // previewed from blob: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...apiOrigins, ...RAZORPAY.connect].join(' ')}`,
    `frame-src ${RAZORPAY.frame.join(' ')}`,
    // React writes style attributes (a rating's star fill, a review bar's width) into the HTML.
    // Astro accepts only the directives it lists, so this one rides on the entry before it; a
    // style attribute cannot run code, and script-src has no 'unsafe-inline' at all.
    `manifest-src 'self'; style-src-attr 'unsafe-inline'`,
  ],
  scriptDirective: { resources: ["'self'", ...apiOrigins, ...RAZORPAY.script] },
};

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
  experimental: { csp },
  integrations: [reactIslands(), zodWithoutEval()],
  adapter: shopServer(),
  vite: {
    plugins: [tailwindcss()],
    server: devApiOrigin ? { proxy: { '/api': devApiOrigin, '/media': devApiOrigin } } : undefined,
  },
});
