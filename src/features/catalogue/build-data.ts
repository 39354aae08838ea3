import { getAllProducts, getCategories, getSubcategories } from '../../lib/api/client';
import type { Category, Product, Subcategory } from '../../../contract/types';

/** The whole catalogue grouped for static pages, read from the API once per build. */
export interface CatalogueIndex {
  products: Product[];
  categories: Category[];
  subcategories: Subcategory[];
  byCategory: Map<number, Product[]>;
  bySubcategory: Map<number, Product[]>;
}

let index: Promise<CatalogueIndex> | null = null;

function group(products: Product[], key: (p: Product) => number): Map<number, Product[]> {
  const map = new Map<number, Product[]>();
  for (const p of products) {
    const list = map.get(key(p)) ?? [];
    list.push(p);
    map.set(key(p), list);
  }
  return map;
}

/** Loads (once) every product, category and subcategory, grouped for the grid pages. */
export function catalogueIndex(): Promise<CatalogueIndex> {
  index ??= (async () => {
    const [products, categories, subcategories] = await Promise.all([
      getAllProducts(),
      getCategories(),
      getSubcategories(),
    ]);
    return {
      products,
      categories,
      subcategories,
      byCategory: group(products, (p) => p.category),
      bySubcategory: group(products, (p) => p.sub_category),
    };
  })();
  return index;
}

/** The grids whose products are paged into Load More fragments. */
export type GridKind = 'all' | 'category' | 'subcategory';

/** Products of one grid. */
export function gridProducts(data: CatalogueIndex, kind: GridKind, id: number): Product[] {
  if (kind === 'all') return data.products;
  return (kind === 'category' ? data.byCategory : data.bySubcategory).get(id) ?? [];
}
