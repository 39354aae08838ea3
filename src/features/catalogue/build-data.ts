import { getAllProducts, getCategories, getSubcategories } from '../../lib/api/client';
import type { Category, Product, Subcategory } from '../../../contract/types';
import { inThisShard } from './build-shard';

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

/** What a category's page is given: the category and its grid's products. */
export interface CategoryPageProps {
  category: Category;
  products: Product[];
}

/** This build's share of the category pages (/products/category/ID and /subcategories/ID list the same grid). */
export async function categoryPagePaths(): Promise<{ params: { id: string }; props: CategoryPageProps }[]> {
  const data = await catalogueIndex();
  return inThisShard(data.categories).map((category) => ({
    params: { id: String(category.id) },
    props: { category, products: gridProducts(data, 'category', category.id) },
  }));
}
