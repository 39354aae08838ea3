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
  /**
   * The category menu as every page carries it (from `<nav` to `</nav>`), when the change asked
   * for it: the shop puts it into each page of the live site. Missing from builds made before it.
   */
  menu?: string;
}

/**
 * How the category menu opens (src/components/CategoryBar.astro). No text a page shows can hold
 * it: a shopper's or staff's `<` is written as `&lt;`.
 */
const MENU_OPENING = '<nav aria-label="Categories"';
const MENU_CLOSING = '</nav>';

/**
 * Where a page's category menu is, from its `<nav` to the end of its `</nav>` (the menu holds no
 * other nav), or null when the page has none (a Load More fragment, the sitemap). In characters
 * of a string, in bytes of a Buffer (both markers are ASCII).
 */
export function categoryMenuRange(html: string | Buffer): [start: number, end: number] | null {
  const start = html.indexOf(MENU_OPENING);
  if (start < 0) return null;
  const close = html.indexOf(MENU_CLOSING, start);
  return close < 0 ? null : [start, close + MENU_CLOSING.length];
}

export interface RefreshOptions {
  siteUrl: string;
  /** Reads a page of the live site (null when it has none). */
  liveFile: (path: string) => string | null;
  /**
   * Told the category menu (as `RefreshedPages.menu`) as soon as it is rendered, before the other
   * pages: the shop puts it into the live pages while they render.
   */
  onMenu?: (menu: string) => void;
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
