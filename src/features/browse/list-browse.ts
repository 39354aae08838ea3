/**
 * What a category's or subcategory's page needs from the browse API: the plain list's panel (built
 * with the static page) or a narrowed address's page of products with its panel (drawn by the
 * shop's server when asked).
 */
import type { Facet } from '../../../contract/api/browse';
import { browseQuery, type BrowseState } from '../../../contract/browse';
import type { Product } from '../../../contract/types';
import { browse, type BrowseList } from '../../lib/api/browse';
import { PAGE_SIZES } from '../../lib/constants';
import { readBrowseAddress } from './browse-state';

export interface ListBrowse {
  facets: Facet[];
  state: BrowseState;
  /** Products the list shows with `state`'s filters, on all pages. */
  count: number;
  /** The list's next page at the same address (what Load More reads), or null on the last. */
  next: string | null;
  /** Part of the address could not be read and is not applied. */
  malformed: boolean;
}

export interface ListPage {
  browse: ListBrowse;
  /** This page's products, in the list's order. */
  products: Product[];
}

/**
 * One page of the list whose plain address is `action`, narrowed by the address query `search`
 * ('' for the plain list, whose first page is built with the static page).
 */
export async function listPage(list: BrowseList, search: string, action: string): Promise<ListPage> {
  const { state, malformed } = readBrowseAddress(search);
  const page = await browse(list, state, PAGE_SIZES.productGrid);
  const last = page.page * page.page_size >= page.count;
  const next = last ? null : `${action}${browseQuery({ ...state, page: state.page + 1 })}`;
  return { browse: { facets: page.facets, state, count: page.count, next, malformed }, products: page.results };
}

/**
 * The plain list's first page for its static page, or null when the API cannot give it (the page
 * is then built from the catalogue, without the panel).
 */
export async function plainListPage(list: BrowseList, action: string): Promise<ListPage | null> {
  try {
    return await listPage(list, '', action);
  } catch (error) {
    console.error(`The list at ${action} could not be read from the browse API:`, error);
    return null;
  }
}
