import type { SSRManifest } from 'astro';
import { App } from 'astro/app';

/** What a built site offers the shop's server besides its static files. */
export interface SiteRenderer {
  /** Renders a page that is made when asked for (search), or answers null for any other address. */
  render(request: Request): Promise<Response | null>;
}

/**
 * The server module of the built site (see shop-server.ts): Astro bundles it
 * with the on-demand pages into `server/entry.mjs` of each build, and the shop imports it.
 */
export function createExports(manifest: SSRManifest): SiteRenderer {
  const app = new App(manifest);
  return {
    async render(request) {
      const route = app.match(request);
      return route ? app.render(request, { routeData: route }) : null;
    },
  };
}
