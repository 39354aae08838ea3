import { describe, expect, test } from 'vitest';
import { categoriesOfShard, parseCategoryPlan, planCategories } from './build-shards';

describe('planCategories', () => {
  test('each build gets about as many products: the biggest category first, to the build holding fewest', () => {
    const sizes = [
      { id: 1, products: 10 },
      { id: 2, products: 60 },
      { id: 3, products: 30 },
      { id: 4, products: 25 },
      { id: 5, products: 5 },
    ];
    const plan = planCategories(sizes, 2);
    expect(plan).toEqual({ '2': 0, '3': 1, '4': 1, '1': 1, '5': 0 });
    const load = [0, 0];
    for (const { id, products } of sizes) load[plan[String(id)] ?? 0]! += products;
    expect(load).toEqual([65, 65]);
  });

  test('every category is planned once, on a build that exists', () => {
    const sizes = Array.from({ length: 11 }, (_, i) => ({ id: i + 1, products: (i * 37) % 13 }));
    for (const count of [1, 2, 3, 4]) {
      const plan = planCategories(sizes, count);
      expect(Object.keys(plan).sort()).toEqual(sizes.map((s) => String(s.id)).sort());
      expect(Object.values(plan).every((k) => k >= 0 && k < count)).toBe(true);
    }
  });
});

describe('categoriesOfShard', () => {
  const categories = [1, 2, 3, 4, 5].map((id) => ({ id }));

  test('one build renders every category', () => {
    expect(categoriesOfShard(categories, { index: 0, count: 1 }, { '1': 1 })).toEqual(categories);
  });

  test('the plan decides; a category it does not name (added since) goes to build 0', () => {
    const plan = { '1': 1, '2': 0, '3': 1, '4': 0 };
    expect(categoriesOfShard(categories, { index: 0, count: 2 }, plan).map((c) => c.id)).toEqual([2, 4, 5]);
    expect(categoriesOfShard(categories, { index: 1, count: 2 }, plan).map((c) => c.id)).toEqual([1, 3]);
  });

  test('without a plan, every n-th category', () => {
    expect(categoriesOfShard(categories, { index: 1, count: 2 }, null).map((c) => c.id)).toEqual([2, 4]);
  });
});

describe('parseCategoryPlan', () => {
  test('reads back what the builder wrote', () => {
    expect(parseCategoryPlan(JSON.stringify({ '7': 1, '9': 0 }))).toEqual({ '7': 1, '9': 0 });
  });

  test.each(['[1,2]', '{"7":"1"}', '{"7":-1}', 'null'])('%s is refused', (value) => {
    expect(() => parseCategoryPlan(value)).toThrow(/BUILD_SHARD_CATEGORIES/);
  });
});
