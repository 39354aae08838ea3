import type { SearchProduct } from './api/types';

export type PriceOrder = 'relevance' | 'asc' | 'desc';

/** The search address for the shopper's text, or null when trimmed text is empty. */
export function searchHref(text: string): string | null {
  const search = text.trim();
  return search ? `/searchproductlist?search=${encodeURIComponent(search)}` : null;
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
