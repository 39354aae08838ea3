import { Hono } from 'hono';
import { IdParams } from '../../contract/schemas/common';
import { ProductsQuery, SearchQuery } from '../../contract/schemas/catalogue';
import type { Db } from '../db';
import {
  banners,
  categories,
  homeOffers,
  product,
  productIds,
  products,
  productsByIds,
  PRODUCT_NOT_FOUND,
  searchProducts,
  subcategories,
  type ProductFilter,
} from '../services/catalogue/public-catalogue';
import { notFound } from '../http/errors';
import type { ResponseCache } from '../http/response-cache';
import { parseParams, parseQuery } from '../http/validate';

const DEFAULT_PAGE_SIZE = 50;

/** Cache key parameters of an answer that reads none (anything in the query is ignored). */
const NO_PARAMS = {};

/** The aliases the API accepts for one filter: the first one given wins. */
function first(...values: (number | undefined)[]): number | undefined {
  return values.find((v) => v !== undefined);
}

const productNotFound = () => notFound(PRODUCT_NOT_FOUND);

/**
 * The public catalogue: categories, subcategories, banners, products, featured and search, read
 * through services/catalogue/public-catalogue.ts and kept in the response cache.
 */
export function catalogueRoutes(db: Db, cache: ResponseCache): Hono {
  const app = new Hono({ strict: false });

  app.get('/product_categories', (c) => cache.json(c, () => categories(db), NO_PARAMS));

  app.get('/subcategories', (c) => cache.json(c, () => subcategories(db), NO_PARAMS));

  app.get('/banners_api', (c) => cache.json(c, () => banners(db), NO_PARAMS));

  app.get('/home_offers', (c) => cache.json(c, () => homeOffers(db), NO_PARAMS));

  app.get('/products', async (c) => {
    const q = parseQuery(c, ProductsQuery);
    const filter: ProductFilter = {
      categoryId: first(q.category, q.category_id),
      subcategoryId: first(q.sub_category, q.sub_category_id, q.subcategory_id),
      popular: q.popular,
    };
    // Without page or page_size the whole list; with either, a page (defaults for the other).
    const paged = q.page !== undefined || q.page_size !== undefined;
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const params = { ...filter, page: paged ? page : undefined, page_size: paged ? pageSize : undefined };
    return cache.json(
      c,
      async () => {
        if (!paged) return products(db, filter);
        // The list's ids are read once per catalogue version: counting and skipping rows for
        // every page made walking 100,000 products (1,000 pages) cost 75 s of the API's CPU.
        const ids = await cache.derived(`product-ids#${JSON.stringify(filter)}`, () => productIds(db, filter));
        const results = await productsByIds(db, ids.slice((page - 1) * pageSize, page * pageSize));
        return { count: ids.length, page, page_size: pageSize, results };
      },
      params,
    );
  });

  app.get('/products/:id', async (c) => {
    const { id } = parseParams(c, IdParams, productNotFound);
    return cache.json(c, () => product(db, id), NO_PARAMS);
  });

  app.get('/featured_products', (c) => cache.json(c, () => products(db, { featured: true }), NO_PARAMS));

  app.get('/products_search', async (c) => {
    const q = parseQuery(c, SearchQuery);
    const text = (q.search ?? q.q ?? '').trim();
    if (!text) return c.json([]);
    return cache.json(c, () => searchProducts(db, text), { text });
  });

  return app;
}
