import { describe, expect, test } from 'vitest';
import type { Category, Product, Subcategory } from '../../../contract/types';
import type { CatalogueIndex, Grid } from './build-data';
import { planRefresh, type RefreshPlan } from './refresh-plan';

/** 120 products: ids 1–120, category 1 holds subcategory 10 (ids 1–60) and 11 (61–100); category 2 holds 12 (101–120). */
function catalogue(ids = Array.from({ length: 120 }, (_, i) => i + 1)): CatalogueIndex {
  const subOf = (id: number) => (id <= 60 ? 10 : id <= 100 ? 11 : 12);
  const products = ids.map(
    (id) => ({ id, sub_category: subOf(id), category: subOf(id) === 12 ? 2 : 1 }) as unknown as Product,
  );
  const categories = [1, 2].map((id) => ({ id, name: `Category ${id}` }) as unknown as Category);
  const subcategories = [10, 11, 12].map(
    (id) => ({ id, category: id === 12 ? 2 : 1, name: `Sub ${id}` }) as unknown as Subcategory,
  );
  const group = (key: (p: Product) => number) => {
    const map = new Map<number, Product[]>();
    for (const p of products) map.set(key(p), [...(map.get(key(p)) ?? []), p]);
    return map;
  };
  return {
    products,
    whole: true,
    categories,
    subcategories,
    ownCategories: categories,
    ownSubcategories: subcategories,
    byCategory: group((p) => p.category),
    bySubcategory: group((p) => p.sub_category),
  };
}

/** The live site's grid counts as the catalogue gives them (nothing added or removed). */
const countsOf = (data: CatalogueIndex) => (grid: Grid) =>
  grid.kind === 'all'
    ? data.products.length
    : ((grid.kind === 'category' ? data.byCategory : data.bySubcategory).get(grid.id)?.length ?? null);

const paths = (plan: RefreshPlan) => plan.jobs.map((j) => j.path);

describe('planRefresh', () => {
  test('a price change renders the product, its listings, the Load More page holding it, home and the sitemap', () => {
    const data = catalogue();
    const plan = planRefresh({ products: [75] }, data, countsOf(data));
    expect(paths(plan)).toEqual([
      '/product-details/75',
      '/products/category/1',
      '/subcategories/1',
      '/subcategoriesproducts/11',
      // 'all': product 75 is on page 2 (51–100); category 1: page 2 of 100; subcategory 11: page 1 of 40.
      '/fragments/all/0/2/',
      '/fragments/category/1/2/',
      '/fragments/subcategory/11/1/',
      '/productslisting',
      '/sitemap.xml',
      '/',
    ]);
    expect(plan.removed).toEqual([]);
  });

  test('the props are what the build gives: the page of 50 products and the grid total', () => {
    const data = catalogue();
    const plan = planRefresh({ products: [75] }, data, countsOf(data));
    const fragment = plan.jobs.find((j) => j.path === '/fragments/all/0/2/');
    expect(fragment?.kind).toBe('fragment');
    if (fragment?.kind !== 'fragment') return;
    expect(fragment.props.total).toBe(120);
    expect(fragment.props.products.map((p) => p.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 51));
    expect(fragment.props.next).toBe('/fragments/all/0/3/');
  });

  test('a grid whose count changed renders all its Load More pages and removes those past its new end', () => {
    // Product 120 was hidden: the live site still counts 120 in 'all' and 20 in category 2 and subcategory 12.
    const before = catalogue();
    const data = catalogue(before.products.map((p) => p.id).filter((id) => id !== 120));
    const plan = planRefresh({ products: [120], categories: [2], subcategories: [12] }, data, countsOf(before));
    expect(plan.removed).toEqual(['/product-details/120']);
    expect(paths(plan).filter((p) => p.startsWith('/fragments/'))).toEqual([
      '/fragments/all/0/1/',
      '/fragments/all/0/2/',
      '/fragments/all/0/3/',
      '/fragments/category/2/1/',
      '/fragments/subcategory/12/1/',
    ]);
  });

  test('a grid that shrank by a page loses the last page', () => {
    const before = catalogue();
    const data = catalogue(before.products.map((p) => p.id).filter((id) => id <= 100));
    const gone = Array.from({ length: 20 }, (_, i) => i + 101);
    const plan = planRefresh({ products: gone, categories: [2], subcategories: [12] }, data, countsOf(before));
    expect(plan.removed).toContain('/fragments/all/0/3/');
    // Category 2 is empty now: its page 1 stays (the grid says "No Products Available").
    expect(plan.removed).not.toContain('/fragments/category/2/1/');
    expect(paths(plan)).toContain('/fragments/category/2/1/');
  });

  test('a grid the live site does not have yet is rendered whole, and nothing is removed for it', () => {
    const data = catalogue();
    const plan = planRefresh({ products: [5] }, data, (grid) => (grid.kind === 'subcategory' ? null : 999));
    expect(paths(plan)).toContain('/fragments/subcategory/10/1/');
    expect(plan.removed.filter((p) => p.includes('/subcategory/'))).toEqual([]);
  });

  test.each([
    [{ home: true }, ['/']],
    [{}, []],
    [{ products: [] }, []],
  ])('change %j renders %j', (change, expected) => {
    const data = catalogue();
    expect(paths(planRefresh(change, data, countsOf(data)))).toEqual(expected);
  });

  test('a listing named on its own (a product moved out of it) is rendered with its grid', () => {
    const data = catalogue();
    const plan = planRefresh({ products: [5], subcategories: [12], categories: [2] }, data, countsOf(data));
    expect(paths(plan)).toEqual(
      expect.arrayContaining(['/products/category/2', '/subcategories/2', '/subcategoriesproducts/12']),
    );
  });

  test('a menu change renders every category page (each lists them all) beside the listings it names', () => {
    const data = catalogue();
    const plan = planRefresh({ menu: true, categories: [2], subcategories: [12], home: true }, data, countsOf(data));
    expect(paths(plan)).toEqual([
      '/products/category/2',
      '/subcategories/2',
      '/subcategories/1',
      '/subcategoriesproducts/12',
      // No product changed and no grid's count: the Load More pages stay.
      '/productslisting',
      '/sitemap.xml',
      '/',
    ]);
  });

  test('a listing the shop no longer shows leaves with its Load More pages', () => {
    const data = catalogue(Array.from({ length: 100 }, (_, i) => i + 1));
    data.categories = data.categories.filter((c) => c.id !== 2);
    data.subcategories = data.subcategories.filter((s) => s.id !== 12);
    // The live site still shows category 2 with its 20 products, and 120 in all.
    const live = (grid: Grid) => (grid.kind === 'all' ? 120 : grid.kind === 'category' && grid.id === 2 ? 20 : 20);
    const plan = planRefresh({ menu: true, categories: [2], subcategories: [12] }, data, live);
    expect(plan.removed).toEqual([
      '/products/category/2',
      '/subcategories/2',
      '/fragments/category/2/1/',
      '/subcategoriesproducts/12',
      '/fragments/subcategory/12/1/',
      '/fragments/all/0/3/',
    ]);
    expect(paths(plan)).not.toContain('/subcategories/2');
  });
});
