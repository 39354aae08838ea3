/**
 * What a category's or subcategory's page needs from the browse API: the plain list's panel (built
 * with the static page) or a narrowed address's page of products with its panel (drawn by the
 * shop's server when asked).
 */
import type { Facet } from '../../../contract/api/browse';
import { DEFAULT_BROWSE, browseQuery, type BrowseState } from '../../../contract/browse';
import type { Product } from '../../../contract/types';
import { browse, type BrowseList } from '../../lib/api/catalogue';
import { PAGE_SIZES } from '../../lib/constants';
import { readBrowseAddress } from './browse-state';

export interface ListBrowse {
  facets: Facet[];
  state: BrowseState;
  /** Products the list shows with `state`'s filters, on all pages. */
  count: number;
  /** Present on a narrowed address's page. */
  narrowed?: {
    /** The list's next page at the same address, or null on the last. */
    next: string | null;
    /** Part of the address could not be read and is not applied. */
    malformed: boolean;
  };
}

/** The plain list's panel: every option with its count, nothing chosen. Null when the API cannot say. */
export async function plainListBrowse(list: BrowseList): Promise<ListBrowse | null> {
  try {
    const page = await browse(list, DEFAULT_BROWSE, 1);
    return { facets: page.facets, state: { ...DEFAULT_BROWSE }, count: page.count };
  } catch (error) {
    console.error('The filter panel could not be built:', error);
    return null;
  }
}

/** A narrowed address's page (`search` is its query) of the list whose plain address is `action`. */
export async function narrowedList(
  list: BrowseList,
  search: string,
  action: string,
): Promise<{ browse: ListBrowse; products: Product[] }> {
  const { state, malformed } = readBrowseAddress(search);
  const page = await browse(list, state, PAGE_SIZES.productGrid);
  const last = page.page * page.page_size >= page.count;
  const next = last ? null : `${action}${browseQuery({ ...state, page: state.page + 1 })}`;
  return {
    browse: { facets: page.facets, state, count: page.count, narrowed: { next, malformed } },
    products: page.results,
  };
}
