import { forgetBuildReads } from '../../lib/api/http';
import { getAllProducts, getCategories, getSubcategories } from '../../lib/api/catalogue';
import type { Category, Product, Subcategory } from '../../../contract/types';
import { PAGE_SIZES } from '../../lib/constants';
import * as routes from '../../lib/routes';
import { pageCount } from '../../ui/pagination';
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

/**
 * Forgets the catalogue read so far, so that the next page reads it again: the shop's server
 * renders pages again after a staff change (site-refresh.astro) in the same process, long after
 * the build.
 */
export function forgetCatalogue(): void {
  index = null;
  forgetBuildReads();
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

/** A grid of products paged into Load More fragments. */
export interface Grid {
  kind: GridKind;
  id: number;
}

/** What a Load More fragment page is given. */
export interface FragmentProps {
  products: Product[];
  total: number;
  next: string | undefined;
}

/** Every grid: all products, each category's and each subcategory's. */
export function allGrids(data: CatalogueIndex): Grid[] {
  return [
    { kind: 'all', id: 0 },
    ...data.categories.map((c) => ({ kind: 'category' as const, id: c.id })),
    ...data.subcategories.map((s) => ({ kind: 'subcategory' as const, id: s.id })),
  ];
}

/** The Load More fragment pages of `grids` (50 products a page; page 1 too). */
export function fragmentPaths(
  data: CatalogueIndex,
  grids: Grid[],
): { params: { kind: GridKind; id: string; page: string }; props: FragmentProps }[] {
  return grids.flatMap(({ kind, id }) => {
    const products = gridProducts(data, kind, id);
    const pages = pageCount(products.length, PAGE_SIZES.productGrid);
    return Array.from({ length: pages }, (_, i) => ({
      params: { kind, id: String(id), page: String(i + 1) },
      props: {
        products: products.slice(i * PAGE_SIZES.productGrid, (i + 1) * PAGE_SIZES.productGrid),
        total: products.length,
        next: i + 1 < pages ? routes.gridFragment(kind, id, i + 2) : undefined,
      },
    }));
  });
}
