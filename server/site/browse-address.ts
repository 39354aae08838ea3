/**
 * Which shop addresses are a narrowed list that the shop's server renders on demand. A category's
 * or subcategory's page is static HTML built for its plain first page; the same address with a
 * filter, a sort or a page in its query (a shared link, or the filter panel's plain form submitted
 * without JavaScript) is answered by the site's on-demand browse page instead, at the same address.
 * The plain page and anything the query cannot narrow (`?sub_category=` alone, unreadable values)
 * stay the static file, as a static host serves them.
 */
import { isNarrowed, parseBrowse } from '../../contract/browse';

const LIST_PAGES: readonly { pattern: RegExp; kind: 'category' | 'subcategory' }[] = [
  { pattern: /^\/subcategories\/(\d{1,9})\/?$/, kind: 'category' },
  { pattern: /^\/subcategoriesproducts\/(\d{1,9})\/?$/, kind: 'subcategory' },
];

/** The on-demand page's path for a narrowed list address (`/browse/category/3?brand=Amul`), else null. */
export function browseRenderPath(url: URL): string | null {
  for (const { pattern, kind } of LIST_PAGES) {
    const id = pattern.exec(url.pathname)?.[1];
    if (id === undefined) continue;
    if (Number(id) < 1 || !isNarrowed(parseBrowse(url.searchParams))) return null;
    return `/browse/${kind}/${Number(id)}${url.search}`;
  }
  return null;
}
