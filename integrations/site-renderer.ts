import type { SiteChange } from '../contract/site-changes';

/** A page rendered again: its address and what its file holds. */
export interface RefreshedPage {
  path: string;
  body: string;
  /** The Content-Security-Policy Astro sent with it (a file carries it as a meta tag). */
  policy: string | null;
}

/** What a change's pages became: pages to write, and pages whose files go. */
export interface RefreshedPages {
  pages: RefreshedPage[];
  removed: string[];
}

export interface RefreshOptions {
  siteUrl: string;
  /** Reads a page of the live site (null when it has none). */
  liveFile: (path: string) => string | null;
}

/** What a built site offers the shop's server besides its static files (its `server/entry.mjs`). */
export interface SiteRenderer {
  /** Renders a page that is made when asked for (search), or answers null for any other address. */
  render(request: Request): Promise<Response | null>;
  /**
   * Renders again the catalogue pages `change` touches, from the catalogue as the API answers
   * now (read once for all of them); `liveFile` tells which Load More pages moved. Missing from
   * builds made before it existed.
   */
  refreshPages?(change: SiteChange, options: RefreshOptions): Promise<RefreshedPages>;
}
