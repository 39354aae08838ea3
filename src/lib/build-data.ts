import { getAllProducts, getCategories, getSubcategories } from './api/client';
import type { Category, Product, Subcategory } from '../../contract/types';

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

/** Address of page `page` of a grid's Load More fragments. */
export function fragmentHref(kind: GridKind, id: number, page: number): string {
  return `/fragments/${kind}/${id}/${page}/`;
}

/** This build's part of the pages, from `BUILD_SHARD=k/n` (k from 0), or the whole site. */
export function buildShard(value = process.env.BUILD_SHARD): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? '');
  if (!match) return { index: 0, count: 1 };
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (count < 1 || index >= count) throw new Error(`BUILD_SHARD must be k/n with 0 ≤ k < n, not "${value}"`);
  return { index, count };
}

/**
 * The pages of a many-page route this build renders. The shop's builder can run several builds
 * side by side, each rendering every n-th page (`BUILD_SHARD=k/n`), and merge their folders; one
 * build alone renders them all.
 */
export function inThisShard<T>(paths: T[], shard = buildShard()): T[] {
  if (shard.count === 1) return paths;
  return paths.filter((_, i) => i % shard.count === shard.index);
}
