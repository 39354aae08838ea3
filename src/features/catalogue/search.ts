import type { SearchProduct } from '../../../contract/types';
import * as routes from '../../lib/routes';

export type PriceOrder = 'relevance' | 'asc' | 'desc';

/** What the search screen shows: products matching text, one subcategory's products, or nothing. */
export type SearchQuery = { kind: 'search'; text: string } | { kind: 'subcategory'; id: number } | { kind: 'none' };

/** The search screen's query from its address: `?search=` (or `?q=`), else `?sub_category=` (or `?id=`). */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const text = (params.get('search') ?? params.get('q') ?? '').trim();
  if (text) return { kind: 'search', text };
  const sub = Number(params.get('sub_category') ?? params.get('id'));
  if (Number.isInteger(sub) && sub > 0) return { kind: 'subcategory', id: sub };
  return { kind: 'none' };
}

/** Whether two queries ask for the same thing. */
export function sameSearchQuery(a: SearchQuery, b: SearchQuery): boolean {
  if (a.kind === 'search' && b.kind === 'search') return a.text === b.text;
  if (a.kind === 'subcategory' && b.kind === 'subcategory') return a.id === b.id;
  return a.kind === b.kind;
}

/** The search address for the shopper's text, or null when trimmed text is empty. */
export function searchHref(text: string): string | null {
  const search = text.trim();
  return search ? routes.searchFor(search) : null;
}

/** The price a search card shows: the first variant's selling price (0 when none). */
export function sellingPrice(product: SearchProduct): number {
  return product.variants[0]?.selling_price ?? 0;
}

/** Search results in the order chosen; 'relevance' keeps the API's order. Never mutates. */
export function sortByPrice(products: SearchProduct[], order: PriceOrder): SearchProduct[] {
  if (order === 'relevance') return products;
  const sign = order === 'asc' ? 1 : -1;
  return products
    .map((p, index) => ({ p, index }))
    .sort((a, b) => sign * (sellingPrice(a.p) - sellingPrice(b.p)) || a.index - b.index)
    .map(({ p }) => p);
}
