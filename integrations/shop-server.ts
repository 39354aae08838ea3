import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/**
 * The shop's own adapter. Pages are static, except the few marked `prerender = false` (search),
 * which the shop's server renders when asked: Astro bundles them with site-entry.ts into each
 * build's `server/entry.mjs`, and server/site-builder.ts imports that.
 */
export function shopServer(): AstroIntegration {
  return {
    name: 'shop-server',
    hooks: {
      'astro:config:done': ({ setAdapter }) =>
        setAdapter({
          name: 'shop-server',
          // The entry is a module of its own that builds its App with createApp() (Astro 6's adapter API).
          entrypointResolution: 'auto',
          serverEntrypoint: fileURLToPath(new URL('./site-entry.ts', import.meta.url)),
          supportedAstroFeatures: { staticOutput: 'stable', hybridOutput: 'stable', serverOutput: 'stable' },
        }),
    },
  };
}
