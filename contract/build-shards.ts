/**
 * How side-by-side builds of the static site share the catalogue. The builder (server/) plans
 * which build renders each category and passes the plan in the environment; each build
 * (src/features/catalogue/) reads only its categories' products and renders only their pages.
 */

/** Environment variable of a build's number: `k/n`, build k (from 0) of n. */
export const SHARD_ENV = 'BUILD_SHARD';
/** Environment variable of the plan: JSON mapping category ids to build numbers. */
export const SHARD_CATEGORIES_ENV = 'BUILD_SHARD_CATEGORIES';

/** Which build renders each category: category id → build number. */
export type CategoryPlan = Record<string, number>;

/**
 * Splits categories among `count` builds so each reads and renders about as many products: the
 * biggest category first, each to the build holding fewest so far.
 */
export function planCategories(sizes: { id: number; products: number }[], count: number): CategoryPlan {
  const load = Array.from({ length: count }, () => 0);
  const plan: CategoryPlan = {};
  for (const { id, products } of [...sizes].sort((a, b) => b.products - a.products || a.id - b.id)) {
    const k = load.indexOf(Math.min(...load));
    plan[String(id)] = k;
    load[k] = (load[k] ?? 0) + products;
  }
  return plan;
}

/** A plan read back from its environment variable. */
export function parseCategoryPlan(value: string): CategoryPlan {
  const plan: unknown = JSON.parse(value);
  if (
    typeof plan !== 'object' ||
    plan === null ||
    Array.isArray(plan) ||
    Object.values(plan).some((k) => !Number.isInteger(k) || (k as number) < 0)
  ) {
    throw new Error(`${SHARD_CATEGORIES_ENV} must map category ids to build numbers, not ${value}`);
  }
  return plan as CategoryPlan;
}

/**
 * The categories build `shard.index` of `shard.count` renders: those the plan gives it, and on
 * build 0 any the plan does not name (added after it was made); every n-th one without a plan.
 * One build renders them all.
 */
export function categoriesOfShard<T extends { id: number }>(
  categories: T[],
  shard: { index: number; count: number },
  plan: CategoryPlan | null,
): T[] {
  if (shard.count === 1) return categories;
  if (!plan) return categories.filter((_, i) => i % shard.count === shard.index);
  return categories.filter((c) => (plan[String(c.id)] ?? 0) === shard.index);
}
