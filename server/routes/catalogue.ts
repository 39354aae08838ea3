import { Hono } from 'hono';
import { z } from 'zod';
import type { Banner, Category, Subcategory } from '../../src/lib/api/types';
import type { Db } from '../db';
import {
  countProducts,
  getProduct,
  getProductsByIds,
  listProducts,
  searchProductIds,
  toSearchProduct,
  type ProductFilter,
} from '../db/products';
import { notFound } from '../http/errors';
import type { ResponseCache } from '../http/response-cache';
import { parseQuery } from '../http/validate';

const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_RESULTS = 100;
const MAX_SEARCH_LENGTH = 100;

const id = z.coerce
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .positive('Must be a positive number.')
  .max(Number.MAX_SAFE_INTEGER);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const productQuery = z
  .object({
    category: id.optional(),
    category_id: id.optional(),
    sub_category: id.optional(),
    sub_category_id: id.optional(),
    subcategory_id: id.optional(),
    popular: flag.optional(),
    page: id.optional(),
    page_size: id.max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE}.`).optional(),
  })
  .refine((q) => q.category === undefined || q.category_id === undefined || q.category === q.category_id, {
    message: 'category and category_id disagree.',
    path: ['category_id'],
  });

const searchQuery = z.object({
  search: z.string().max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`).optional(),
  q: z.string().max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`).optional(),
});

/** The aliases SPEC.md §7 allows for one filter: the first one given wins. */
function first(...values: (number | undefined)[]): number | undefined {
  return values.find((v) => v !== undefined);
}

/** The public catalogue: categories, subcategories, banners, products, featured and search. */
export function catalogueRoutes(db: Db, cache: ResponseCache): Hono {
  const app = new Hono({ strict: false });

  app.get('/product_categories', async (c) => {
    return cache.json(c, async () => {
      const rows = await db
        .selectFrom('categories')
        .select(['id', 'name', 'image'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows satisfies Category[];
    });
  });

  app.get('/subcategories', async (c) => {
    return cache.json(c, async () => {
      const rows = await db
        .selectFrom('subcategories')
        .select(['id', 'name', 'image', 'category_id as category'])
        .orderBy('category_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows satisfies Subcategory[];
    });
  });

  app.get('/banners_api', async (c) => {
    return cache.json(c, async () => {
      const rows = await db
        .selectFrom('banners')
        .select(['id', 'title', 'subtitle', 'image'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows satisfies Banner[];
    });
  });

  app.get('/products', async (c) => {
    const q = parseQuery(c, productQuery);
    const subcategory = first(q.sub_category, q.sub_category_id, q.subcategory_id);
    const filter: ProductFilter = {
      categoryId: first(q.category, q.category_id),
      subcategoryId: subcategory,
      popular: q.popular,
    };
    return cache.json(c, async () => {
      if (q.page === undefined && q.page_size === undefined) return listProducts(db, filter);
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 50;
      const [count, results] = await Promise.all([
        countProducts(db, filter),
        listProducts(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
      ]);
      return { count, page, page_size: pageSize, results };
    });
  });

  app.get('/products/:id', async (c) => {
    const parsed = id.safeParse(c.req.param('id'));
    if (!parsed.success) throw notFound('Product not found.');
    return cache.json(c, async () => {
      const product = await getProduct(db, parsed.data);
      if (!product) throw notFound('Product not found.');
      return product;
    });
  });

  app.get('/featured_products', async (c) => {
    return cache.json(c, () => listProducts(db, { featured: true }));
  });

  app.get('/products_search', async (c) => {
    const q = parseQuery(c, searchQuery);
    const text = (q.search ?? q.q ?? '').trim();
    if (!text) return c.json([]);
    return cache.json(c, async () => {
      const ids = await searchProductIds(db, text, MAX_SEARCH_RESULTS);
      return (await getProductsByIds(db, ids)).map(toSearchProduct);
    });
  });

  return app;
}
