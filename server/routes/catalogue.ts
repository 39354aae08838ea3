import { Hono } from 'hono';
import { z } from 'zod';
import type { Banner, Category, Subcategory } from '../../contract/types';
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
import { parseQuery, pathId } from '../http/validate';

const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_RESULTS = 100;
const MAX_SEARCH_LENGTH = 100;

/**
 * An id in a query: plain decimal digits only. Number() would also read '0x10', '1e2', ' 1',
 * '+1' and '1.0', each another spelling of some id (and another cache entry).
 */
const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Must be a positive whole number (digits only).')
  .transform(Number);
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
    page_size: id.pipe(z.number().max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE}.`)).optional(),
  })
  .refine((q) => q.category === undefined || q.category_id === undefined || q.category === q.category_id, {
    message: 'category and category_id disagree.',
    path: ['category_id'],
  });

const searchQuery = z.object({
  search: z.string().max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`).optional(),
  q: z.string().max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`).optional(),
});

/** Cache key parameters of an answer that reads none (anything in the query is ignored). */
const NO_PARAMS = {};

/** The aliases SPEC.md §7 allows for one filter: the first one given wins. */
function first(...values: (number | undefined)[]): number | undefined {
  return values.find((v) => v !== undefined);
}

/** The public catalogue: categories, subcategories, banners, products, featured and search. */
export function catalogueRoutes(db: Db, cache: ResponseCache): Hono {
  const app = new Hono({ strict: false });

  app.get('/product_categories', async (c) => {
    return cache.json(
      c,
      async () => {
        const rows = await db
          .selectFrom('categories')
          .select(['id', 'name', 'image'])
          .orderBy('position')
          .orderBy('id')
          .execute();
        return rows satisfies Category[];
      },
      NO_PARAMS,
    );
  });

  app.get('/subcategories', async (c) => {
    return cache.json(
      c,
      async () => {
        const rows = await db
          .selectFrom('subcategories')
          .select(['id', 'name', 'image', 'category_id as category'])
          .orderBy('category_id')
          .orderBy('position')
          .orderBy('id')
          .execute();
        return rows satisfies Subcategory[];
      },
      NO_PARAMS,
    );
  });

  app.get('/banners_api', async (c) => {
    return cache.json(
      c,
      async () => {
        const rows = await db
          .selectFrom('banners')
          .select(['id', 'title', 'subtitle', 'image'])
          .orderBy('position')
          .orderBy('id')
          .execute();
        return rows satisfies Banner[];
      },
      NO_PARAMS,
    );
  });

  app.get('/products', async (c) => {
    const q = parseQuery(c, productQuery);
    const subcategory = first(q.sub_category, q.sub_category_id, q.subcategory_id);
    const filter: ProductFilter = {
      categoryId: first(q.category, q.category_id),
      subcategoryId: subcategory,
      popular: q.popular,
    };
    // Without page or page_size the whole list; with either, a page (defaults for the other).
    const paged = q.page !== undefined || q.page_size !== undefined;
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? 50;
    const params = { ...filter, page: paged ? page : undefined, page_size: paged ? pageSize : undefined };
    return cache.json(
      c,
      async () => {
        if (!paged) return listProducts(db, filter);
        const [count, results] = await Promise.all([
          countProducts(db, filter),
          listProducts(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
        ]);
        return { count, page, page_size: pageSize, results };
      },
      params,
    );
  });

  app.get('/products/:id', async (c) => {
    const productId = pathId(c.req.param('id'));
    if (productId === null) throw notFound('Product not found.');
    return cache.json(
      c,
      async () => {
        const product = await getProduct(db, productId);
        if (!product) throw notFound('Product not found.');
        return product;
      },
      NO_PARAMS,
    );
  });

  app.get('/featured_products', async (c) => {
    return cache.json(c, () => listProducts(db, { featured: true }), NO_PARAMS);
  });

  app.get('/products_search', async (c) => {
    const q = parseQuery(c, searchQuery);
    const text = (q.search ?? q.q ?? '').trim();
    if (!text) return c.json([]);
    return cache.json(
      c,
      async () => {
        const ids = await searchProductIds(db, text, MAX_SEARCH_RESULTS);
        return (await getProductsByIds(db, ids)).map(toSearchProduct);
      },
      { text },
    );
  });

  return app;
}
