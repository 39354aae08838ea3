/**
 * The product table keeps its search, filters, sort and page in the page's address, as the desk's
 * lists do (desk-query.ts): read from the address with the API's own query schema, so what the
 * server would refuse is left out, and written back for each change.
 */
import { AdminProductsQuery, type ProductSort } from '../../../../contract/schemas/admin-catalogue';
import type { AdminCategory } from '../../../../contract/api/admin-catalogue';
import type { ListFilters, ListSpec } from '../desk-query';

export const PRODUCT_LIST: ListSpec<'search' | 'category' | 'subcategory' | 'hidden' | 'sort'> = {
  schema: AdminProductsQuery,
  keys: ['search', 'category', 'subcategory', 'hidden', 'sort'],
};
export type ProductFilters = ListFilters<(typeof PRODUCT_LIST.keys)[number]>;

export const SORT_LABELS: Record<ProductSort, string> = {
  id: 'Oldest added first',
  '-id': 'Newest added first',
  name: 'Name: A to Z',
  '-name': 'Name: Z to A',
  price: 'Price: lowest first',
  '-price': 'Price: highest first',
  created: 'Created: oldest first',
  '-created': 'Created: newest first',
};

/** The choices of the hidden filter ('' is every product). */
export const HIDDEN_OPTIONS = [
  ['', 'Hidden or shown'],
  ['false', 'Not hidden'],
  ['true', 'Hidden'],
] as const;

/**
 * The filters after choosing a category: a subcategory of another category no longer applies
 * (the list would be empty), so it is cleared; and the list goes back to its first page.
 */
export function withCategory(
  filters: ProductFilters,
  category: string,
  categories: readonly AdminCategory[],
): ProductFilters {
  const chosen = categories.find((c) => String(c.id) === category);
  const keepsSub = chosen?.subcategories.some((s) => String(s.id) === filters.subcategory) ?? false;
  return { ...filters, category, subcategory: keepsSub ? filters.subcategory : '', page: 1 };
}

/** The subcategories a filter or form offers for `category` (every one, named with its category, when none is chosen). */
export function subcategoryOptions(
  categories: readonly AdminCategory[],
  category: string,
): (readonly [string, string])[] {
  return categories.flatMap((c) =>
    category === '' || String(c.id) === category
      ? c.subcategories.map((s) => [String(s.id), category === '' ? `${c.name} › ${s.name}` : s.name] as const)
      : [],
  );
}
