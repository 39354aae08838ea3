import { forgetBuildReads } from '../../lib/api/http';
import {
  getAllProductIds,
  getAllProducts,
  getCategories,
  getProductsPage,
  getSubcategories,
} from '../../lib/api/catalogue';
import type { Category, Product, Subcategory } from '../../../contract/types';
import { PAGE_SIZES } from '../../lib/constants';
import * as routes from '../../lib/routes';
import { pageCount } from '../../ui/pagination';
import { buildShard, categoriesOfThisShard, inThisShard } from './build-shard';

/**
 * The catalogue grouped for static pages, read from the API once per build. A build alone reads
 * every product; one of several side-by-side builds (`BUILD_SHARD`) reads only the products of
 * the categories it renders, so that together they hold the catalogue once rather than once each.
 */
export interface CatalogueIndex {
  /** The products whose pages this build renders: all of them when `whole`. */
  products: Product[];
  /** Whether `products` is the whole catalogue. */
  whole: boolean;
  /** Every category and subcategory (the menus and side lists name them all). */
  categories: Category[];
  subcategories: Subcategory[];
  /** The categories and subcategories whose pages this build renders. */
  ownCategories: Category[];
  ownSubcategories: Subcategory[];
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

/**
 * Loads (once) the categories, subcategories and this build's products, grouped for the grid
 * pages.
 */
export function catalogueIndex(): Promise<CatalogueIndex> {
  index ??= (async () => {
    const shard = buildShard();
    const whole = shard.count === 1;
    const [categories, subcategories, allProducts] = await Promise.all([
      getCategories(),
      getSubcategories(),
      whole ? getAllProducts() : null,
    ]);
    const ownCategories = categoriesOfThisShard(categories, shard);
    const own = new Set(ownCategories.map((c) => c.id));
    const products =
      allProducts ?? (await Promise.all(ownCategories.map((c) => getAllProducts({ category: c.id })))).flat();
    return {
      products,
      whole,
      categories,
      subcategories,
      ownCategories,
      ownSubcategories: subcategories.filter((s) => own.has(s.category)),
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
  return data.ownCategories.map((category) => ({
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

/**
 * The grids whose Load More pages this build renders from its products: each of its categories'
 * and subcategories', and all products' when it holds them all.
 */
export function ownGrids(data: CatalogueIndex): Grid[] {
  return [
    ...(data.whole ? [{ kind: 'all' as const, id: 0 }] : []),
    ...data.ownCategories.map((c) => ({ kind: 'category' as const, id: c.id })),
    ...data.ownSubcategories.map((s) => ({ kind: 'subcategory' as const, id: s.id })),
  ];
}

/**
 * A Load More page of the all-products grid that a build holding a share of the catalogue reads
 * from the API when it renders the page (so no build holds every product at once).
 */
export interface AllGridPageProps {
  allPage: number;
  total: number;
  next: string | undefined;
}

/** This build's share of the all-products grid's Load More pages, read when each is rendered. */
export async function allGridPagePaths(): Promise<
  { params: { kind: 'all'; id: string; page: string }; props: AllGridPageProps }[]
> {
  const { total } = await getProductsPage({}, 1, 1, { memo: false });
  const pages = pageCount(total, PAGE_SIZES.productGrid);
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return inThisShard(numbers).map((page) => ({
    params: { kind: 'all', id: '0', page: String(page) },
    props: { allPage: page, total, next: page < pages ? routes.gridFragment('all', 0, page + 1) : undefined },
  }));
}

/** The products of the all-products grid's page `page` (from 1), and the grid's total. */
export async function allGridPage(data: CatalogueIndex, page: number): Promise<{ items: Product[]; total: number }> {
  const size = PAGE_SIZES.productGrid;
  if (data.whole) return { items: data.products.slice((page - 1) * size, page * size), total: data.products.length };
  return getProductsPage({}, page, size, { memo: false });
}

/** The ids of every shown product, in catalogue order (read page by page when this build holds a share). */
export async function allProductIds(data: CatalogueIndex): Promise<number[]> {
  return data.whole ? data.products.map((p) => p.id) : getAllProductIds();
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
