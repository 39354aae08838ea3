import { planCategories, type CategoryPlan } from '../../contract/build-shards';

async function readJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) throw new Error(`The site build could not read ${url} (${response.status}).`);
  return response.json();
}

/**
 * Which of `count` side-by-side builds renders each category: the API's categories with their
 * product counts, split so each build reads and renders about as many products
 * (contract/build-shards.ts). Read once by the builder, so every build works from the same plan.
 */
export async function planShards(apiBase: string, count: number, signal?: AbortSignal): Promise<CategoryPlan> {
  const categories = await readJson(new URL('common/product_categories/', apiBase).href, signal);
  if (!Array.isArray(categories)) throw new Error('The API answered the categories with something else than a list.');
  const sizes = await Promise.all(
    categories.map(async (category: { id: number }) => {
      const url = new URL('common/products/', apiBase);
      url.search = new URLSearchParams({ category: String(category.id), page: '1', page_size: '1' }).toString();
      const page = (await readJson(url.href, signal)) as { count?: unknown };
      return { id: category.id, products: typeof page.count === 'number' ? page.count : 0 };
    }),
  );
  return planCategories(sizes, count);
}
