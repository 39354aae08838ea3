import type { SiteChange } from '../../../contract/site-changes';
import type { Category, Product, Subcategory } from '../../../contract/types';
import { PAGE_SIZES } from '../../lib/constants';
import * as routes from '../../lib/routes';
import { pageCount } from '../../ui/pagination';
import {
  fragmentPaths,
  gridProducts,
  type CatalogueIndex,
  type CategoryPageProps,
  type FragmentProps,
  type Grid,
} from './build-data';

/** One page to render again, with the props its route's getStaticPaths would give it. */
export type SitePageJob =
  | { kind: 'product'; path: string; props: { product: Product } }
  | { kind: 'category-grid'; path: string; props: CategoryPageProps }
  | { kind: 'category'; path: string; props: CategoryPageProps }
  | { kind: 'subcategory'; path: string; props: { subcategory: Subcategory } }
  | { kind: 'fragment'; path: string; props: FragmentProps }
  | { kind: 'home'; path: string }
  | { kind: 'all-products'; path: string }
  | { kind: 'sitemap'; path: string }
  | { kind: 'menu'; path: string; props: { categories: Category[]; subcategories: Subcategory[] } };

export interface RefreshPlan {
  /** Pages to render again, in the order they are written. */
  jobs: SitePageJob[];
  /** Pages whose files go: a product hidden or gone, the Load More pages past a shorter grid's end. */
  removed: string[];
}

const gridKey = (grid: Grid) => `${grid.kind}:${grid.id}`;

/**
 * The pages a change touches and nothing else: the changed products' pages, the listings that
 * show them (category, subcategory, all products, with their Load More pages), home and the
 * sitemap. A grid whose product count is unchanged gets only the Load More pages that hold a
 * changed product; one whose count changed (a product added or hidden) shifts every page, so
 * each is rendered, and pages past its new end are removed. `liveTotal` reads a grid's count as
 * the live site shows it (null when the live site has no such grid).
 */
export function planRefresh(
  change: SiteChange,
  data: CatalogueIndex,
  liveTotal: (grid: Grid) => number | null,
): RefreshPlan {
  const changed = new Set(change.products ?? []);
  const present = data.products.filter((p) => changed.has(p.id));
  const gone = [...changed].filter((id) => !present.some((p) => p.id === id));
  const jobs: SitePageJob[] = present.map((product) => ({
    kind: 'product',
    path: routes.product(product.id),
    props: { product },
  }));
  const removed = gone.map((id) => routes.product(id));

  const categoryIds = new Set([...(change.categories ?? []), ...present.map((p) => p.category)]);
  const subcategoryIds = new Set([...(change.subcategories ?? []), ...present.map((p) => p.sub_category)]);
  const categories = data.categories.filter((c) => categoryIds.has(c.id));
  const subcategories = data.subcategories.filter((s) => subcategoryIds.has(s.id));
  const listingsChanged = changed.size > 0 || categoryIds.size > 0 || subcategoryIds.size > 0;

  // A listing the shop no longer shows (hidden, or its category hidden) leaves with its Load More pages.
  const goneGrids: Grid[] = [
    ...[...categoryIds]
      .filter((id) => !categories.some((c) => c.id === id))
      .map((id) => ({ kind: 'category' as const, id })),
    ...[...subcategoryIds]
      .filter((id) => !subcategories.some((s) => s.id === id))
      .map((id) => ({ kind: 'subcategory' as const, id })),
  ];
  for (const grid of goneGrids) {
    if (grid.kind === 'category') removed.push(`/products/category/${grid.id}`, routes.category(grid.id));
    else removed.push(routes.subcategory(grid.id));
    const before = liveTotal(grid);
    const last = before === null ? 0 : pageCount(before, PAGE_SIZES.productGrid);
    for (let page = 1; page <= last; page += 1) removed.push(routes.gridFragment(grid.kind, grid.id, page));
  }

  for (const category of categories) {
    const props = { category, products: gridProducts(data, 'category', category.id) };
    jobs.push({ kind: 'category-grid', path: `/products/category/${category.id}`, props });
    jobs.push({ kind: 'category', path: routes.category(category.id), props });
  }
  // Every category's page lists all categories beside its grid.
  if (change.menu) {
    for (const category of data.categories.filter((c) => !categoryIds.has(c.id))) {
      const props = { category, products: gridProducts(data, 'category', category.id) };
      jobs.push({ kind: 'category', path: routes.category(category.id), props });
    }
  }
  for (const subcategory of subcategories) {
    jobs.push({ kind: 'subcategory', path: routes.subcategory(subcategory.id), props: { subcategory } });
  }

  const grids: Grid[] = [
    ...(listingsChanged ? [{ kind: 'all' as const, id: 0 }] : []),
    ...categories.map((c) => ({ kind: 'category' as const, id: c.id })),
    ...subcategories.map((s) => ({ kind: 'subcategory' as const, id: s.id })),
  ];
  const seen = new Set<string>();
  for (const grid of grids) {
    if (seen.has(gridKey(grid))) continue;
    seen.add(gridKey(grid));
    const products = gridProducts(data, grid.kind, grid.id);
    const before = liveTotal(grid);
    const pages = fragmentPaths(data, [grid]);
    const countChanged = before !== products.length;
    const wanted = countChanged ? pages : pages.filter(({ props }) => props.products.some((p) => changed.has(p.id)));
    for (const { params, props } of wanted) {
      jobs.push({ kind: 'fragment', path: routes.gridFragment(params.kind, grid.id, Number(params.page)), props });
    }
    if (countChanged && before !== null) {
      const last = pageCount(before, PAGE_SIZES.productGrid);
      for (let page = pages.length + 1; page <= last; page += 1) {
        removed.push(routes.gridFragment(grid.kind, grid.id, page));
      }
    }
  }

  if (listingsChanged) {
    jobs.push({ kind: 'all-products', path: routes.allProducts });
    jobs.push({ kind: 'sitemap', path: routes.sitemap });
  }
  if (listingsChanged || change.home) jobs.push({ kind: 'home', path: routes.home });
  return { jobs, removed };
}
