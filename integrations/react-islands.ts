import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/**
 * @astrojs/react (its JSX set-up and the browser half that hydrates islands), with the islands'
 * server-side HTML rendered by react-ssr.ts: a string per island rather than a stream.
 */
export function reactIslands(): AstroIntegration {
  const integration = react();
  const setup = integration.hooks['astro:config:setup'];
  const serverEntrypoint = fileURLToPath(new URL('./react-ssr.ts', import.meta.url));
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (options) =>
        setup?.({ ...options, addRenderer: (renderer) => options.addRenderer({ ...renderer, serverEntrypoint }) }),
    },
  };
}
