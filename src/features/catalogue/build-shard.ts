import {
  categoriesOfShard,
  parseCategoryPlan,
  SHARD_CATEGORIES_ENV,
  SHARD_ENV,
  type CategoryPlan,
} from '../../../contract/build-shards';

/** This build's part of the pages, from `BUILD_SHARD=k/n` (k from 0), or the whole site. */
export function buildShard(value = process.env[SHARD_ENV]): { index: number; count: number } {
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

/** The builder's plan of which build renders each category, or null without one. */
export function categoryPlan(value = process.env[SHARD_CATEGORIES_ENV]): CategoryPlan | null {
  return value ? parseCategoryPlan(value) : null;
}

/** The categories whose pages this build renders, and whose products alone it reads. */
export function categoriesOfThisShard<T extends { id: number }>(
  categories: T[],
  shard = buildShard(),
  plan = categoryPlan(),
): T[] {
  return categoriesOfShard(categories, shard, plan);
}
