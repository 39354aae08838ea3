/**
 * The browse API: a category's, subcategory's or search's list narrowed and sorted, with the
 * filter panel's options. Read where pages are drawn (the build, the shop's server), so none of it
 * is in the shopper's bundle: the search page's island loads the catalogue module without it.
 */
import { call, mediaOrigin } from './http';
import { browseQuery, type BrowseState } from '../../../contract/browse';
import type { BrowsePage } from '../../../contract/api/browse';
import { normaliseBrowsePage } from './normalise-browse';
import { normaliseSearchProduct } from './normalise';
import { asList, isRecord } from './read';
import type { SearchProduct } from '../../../contract/types';

/** The list a browse page narrows: a category, a subcategory or a search's text. */
export type BrowseList = { category: number } | { subCategory: number } | { search: string };

/** The browse API's address for a list, a filter state and a page size (repeated keys kept). */
export function browsePath(list: BrowseList, state: BrowseState, pageSize: number): string {
  const target: Record<string, string> =
    'category' in list
      ? { category: String(list.category) }
      : 'subCategory' in list
        ? { sub_category: String(list.subCategory) }
        : { search: list.search.trim() };
  return `common/browse${browseQuery(state, { ...target, page_size: String(pageSize) })}`;
}

/** One page of a narrowed, sorted list with the filter panel's options and counts. */
export async function browse(
  list: BrowseList,
  state: BrowseState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<BrowsePage> {
  // The filters' repeated keys (brand=A&brand=B) are written into the path: `query` takes one value a key.
  const raw = await call(browsePath(list, state, pageSize), { signal, memo: false });
  return normaliseBrowsePage(raw, mediaOrigin());
}

/** The same page with its products as the search screen's results (its island's own shape). */
export async function browseAsSearch(
  list: BrowseList,
  state: BrowseState,
  pageSize: number,
): Promise<{ page: BrowsePage; products: SearchProduct[] }> {
  const raw = await call(browsePath(list, state, pageSize), { memo: false });
  const origin = mediaOrigin();
  const results = isRecord(raw) ? asList(raw.results) : [];
  return { page: normaliseBrowsePage(raw, origin), products: results.map((p) => normaliseSearchProduct(p, origin)) };
}
