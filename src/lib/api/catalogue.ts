/** The catalogue as the API answers it: categories, products, home's lists, Load More pages (live stock: stock.ts). */
import { asList, isRecord, totalCount } from './read';
import {
  normaliseBanner,
  normaliseCategory,
  normaliseHomeOffer,
  normaliseHomePopup,
  normaliseProduct,
  normaliseSearchProduct,
  normaliseSubcategory,
} from './normalise';
import { ApiError, call, mediaOrigin, type Query, type RequestOptions } from './http';
import type {
  Banner,
  Category,
  FeaturedProduct,
  HomeOffer,
  HomePopup,
  Product,
  SearchProduct,
  Subcategory,
} from '../../../contract/types';
import { browseQuery, type BrowseState } from '../../../contract/browse';
import type { BrowsePage } from '../../../contract/api/browse';
import { normaliseBrowsePage } from './normalise-browse';

/** Products asked for at once when the build reads the whole catalogue. */
const BUILD_PAGE_SIZE = 100;

/** Filters the product list takes (docs/api.md). */
export interface ProductFilter {
  category?: number;
  subCategory?: number;
  popular?: boolean;
}

function productQuery(filter: ProductFilter): Query {
  return { category: filter.category, sub_category: filter.subCategory, popular: filter.popular || undefined };
}

/** All top-level categories. */
export async function getCategories(): Promise<Category[]> {
  const origin = mediaOrigin();
  return asList(await call('common/product_categories/')).map((c) => normaliseCategory(c, origin));
}

/** All subcategories (each names its parent category). */
export async function getSubcategories(): Promise<Subcategory[]> {
  const origin = mediaOrigin();
  return asList(await call('common/subcategories/')).map((s) => normaliseSubcategory(s, origin));
}

/** The home page's banners. */
export async function getBanners(): Promise<Banner[]> {
  const origin = mediaOrigin();
  return asList(await call('common/banners_api/')).map((b) => normaliseBanner(b, origin));
}

/** The home page's Extra Offers. */
export async function getHomeOffers(): Promise<HomeOffer[]> {
  const origin = mediaOrigin();
  return asList(await call('common/home_offers/')).map((o) => normaliseHomeOffer(o, origin));
}

/** The home page's offer pop-up (shown or switched off). */
export async function getHomePopup(): Promise<HomePopup> {
  return normaliseHomePopup(await call('common/home_popup/'));
}

/** One page of products and the total count. A backend that ignores paging is paged here. */
export async function getProductsPage(
  filter: ProductFilter,
  page: number,
  pageSize: number,
  options: Pick<RequestOptions, 'memo'> = {},
): Promise<{ items: Product[]; total: number }> {
  const raw = await call('common/products/', {
    query: { ...productQuery(filter), page, page_size: pageSize },
    ...options,
  });
  const origin = mediaOrigin();
  const list = asList(raw).map((p) => normaliseProduct(p, origin));
  if (Array.isArray(raw) && list.length > pageSize) {
    return { items: list.slice((page - 1) * pageSize, page * pageSize), total: list.length };
  }
  return { items: list, total: totalCount(raw) };
}

/**
 * Every product matching `filter`, fetched page by page. The pages' raw answers are not kept
 * for the build (the caller keeps the list): kept, they were a second copy of the catalogue in
 * each build's memory.
 */
export async function getAllProducts(filter: ProductFilter = {}): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await getProductsPage(filter, page, BUILD_PAGE_SIZE, { memo: false });
    all.push(...items);
    if (items.length === 0 || all.length >= total) return all;
  }
}

/** The ids of every shown product, in catalogue order, without the products (one answer). */
export async function getAllProductIds(): Promise<number[]> {
  const raw = await call('common/product_ids/', { memo: false });
  const ids = isRecord(raw) && Array.isArray(raw.ids) ? raw.ids : [];
  return ids.filter((id): id is number => Number.isInteger(id));
}

/** One product, or null when the API has no such product. */
export async function getProduct(id: number): Promise<Product | null> {
  try {
    return normaliseProduct(await call(`common/products/${id}/`), mediaOrigin());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Featured products flagged big_deal (the list is filtered here). */
export async function getDailyBestDeals(): Promise<FeaturedProduct[]> {
  const origin = mediaOrigin();
  return asList(await call('common/featured_products/'))
    .map((p) => normaliseProduct(p, origin))
    .filter((p) => p.big_deal);
}

/** Products matching the shopper's text; empty text finds nothing without a call. */
export async function searchProducts(text: string, signal?: AbortSignal): Promise<SearchProduct[]> {
  const search = text.trim();
  if (!search) return [];
  const raw = await call('common/products_search/', { query: { search }, signal, memo: false });
  const origin = mediaOrigin();
  return asList(raw).map((p) => normaliseSearchProduct(p, origin));
}

/** Products of one subcategory in the search screen's shape (the `?id=&sub_category=` form). */
export async function getSubcategoryProducts(
  subCategory: number,
  signal?: AbortSignal,
): Promise<{ name: string; products: SearchProduct[] }> {
  const raw = await call('common/products/', { query: { sub_category: subCategory }, signal, memo: false });
  const origin = mediaOrigin();
  const list = asList(raw);
  const name = list.length ? normaliseProduct(list[0], origin).sub_category_name : '';
  return { name, products: list.map((p) => normaliseSearchProduct(p, origin)) };
}

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
