import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  BannerSchema,
  CategorySchema,
  HomeOfferSchema,
  HomePopupSchema,
  ProductIdsSchema,
  ProductPageSchema,
  ProductSchema,
  SearchResultSchema,
  SubcategorySchema,
} from '../../contract/api/catalogue';
import { IdParams } from '../../contract/schemas/common';
import { ProductIdsQuery, ProductsQuery, SearchQuery } from '../../contract/schemas/catalogue';
import type { Db } from '../db';
import {
  banners,
  categories,
  homeOffers,
  homePopup,
  product,
  productIds,
  products,
  productsByIds,
  PRODUCT_NOT_FOUND,
  searchProducts,
  subcategories,
  type ProductFilter,
} from '../services/catalogue/public-catalogue';
import { ApiRoutes, errors, json, notModified, onInvalid } from '../http/api-routes';
import { notFound } from '../http/errors';
import type { ResponseCache } from '../http/response-cache';

const DEFAULT_PAGE_SIZE = 50;

/** Cache key parameters of an answer that reads none (anything in the query is ignored). */
const NO_PARAMS = {};

/** The aliases the API accepts for one filter: the first one given wins. */
function first(...values: (number | undefined)[]): number | undefined {
  return values.find((v) => v !== undefined);
}

/** A public list, cached: every call of this module answers from the response cache (304 when unchanged). */
const list = (summary: string, path: string, schema: z.ZodType, answer: string, description?: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Catalogue'],
    summary,
    description,
    responses: { 200: json(z.array(schema), answer), 304: notModified, ...errors() },
  });

/** The products a list's query asks for. */
function filterOf(q: {
  category?: number;
  category_id?: number;
  sub_category?: number;
  sub_category_id?: number;
  subcategory_id?: number;
  popular?: boolean;
}): ProductFilter {
  return {
    categoryId: first(q.category, q.category_id),
    subcategoryId: first(q.sub_category, q.sub_category_id, q.subcategory_id),
    popular: q.popular,
  };
}

/**
 * The public catalogue: categories, subcategories, banners, products, featured and search, read
 * through services/catalogue/public-catalogue.ts and kept in the response cache.
 */
export function catalogueRoutes(db: Db, cache: ResponseCache): ApiRoutes {
  const app = new ApiRoutes();
  /** The list's ids, read once per catalogue version (paging and the id list share them). */
  const idsOf = (filter: ProductFilter) =>
    cache.derived(`product-ids#${JSON.stringify(filter)}`, () => productIds(db, filter));

  app.openapi(
    list('List the categories', '/product_categories', CategorySchema, 'Every category, in display order.'),
    (c) => cache.json(c, () => categories(db), NO_PARAMS),
  );

  app.openapi(
    list('List the subcategories', '/subcategories', SubcategorySchema, 'Every subcategory, by category.'),
    (c) => cache.json(c, () => subcategories(db), NO_PARAMS),
  );

  app.openapi(
    list("List the home page's banners", '/banners_api', BannerSchema, 'The banners, in display order.'),
    (c) => cache.json(c, () => banners(db), NO_PARAMS),
  );

  app.openapi(
    list(
      "List the home page's Extra Offers",
      '/home_offers',
      HomeOfferSchema,
      'The offers, in display order.',
      'Hidden offers are left out; staff manage them under /api/admin/catalogue/offers.',
    ),
    (c) => cache.json(c, () => homeOffers(db), NO_PARAMS),
  );

  const popup = createRoute({
    method: 'get',
    path: '/home_popup',
    tags: ['Catalogue'],
    summary: "The home page's offer pop-up",
    description:
      'Shown when `enabled`; the page shows each `campaign` once to a visitor. Staff change it under /api/admin/catalogue/home-popup.',
    responses: { 200: json(HomePopupSchema, 'The pop-up, shown or switched off.'), 304: notModified, ...errors() },
  });
  app.openapi(popup, (c) => cache.json(c, () => homePopup(db), NO_PARAMS));

  const listProducts = createRoute({
    method: 'get',
    path: '/products',
    tags: ['Catalogue'],
    summary: 'List products',
    description:
      'Without `page` and `page_size`, every matching product as a list; with either, one page ' +
      'of them with the total count.',
    request: { query: ProductsQuery },
    responses: {
      200: json(z.union([z.array(ProductSchema), ProductPageSchema]), 'The products, or one page of them.'),
      304: notModified,
      ...errors(400),
    },
  });
  app.openapi(listProducts, async (c) => {
    const q = c.req.valid('query');
    const filter = filterOf(q);
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
        const ids = await idsOf(filter);
        const results = await productsByIds(db, ids.slice((page - 1) * pageSize, page * pageSize));
        return { count: ids.length, page, page_size: pageSize, results };
      },
      params,
    );
  });

  const listIds = createRoute({
    method: 'get',
    path: '/product_ids',
    tags: ['Catalogue'],
    summary: 'List the ids of the products',
    description:
      'The ids of every product matching the filter, in the order of `/products`, without the ' +
      'products: a sitemap of 100,000 products reads them in one answer.',
    request: { query: ProductIdsQuery },
    responses: { 200: json(ProductIdsSchema, 'The ids.'), 304: notModified, ...errors(400) },
  });
  app.openapi(listIds, async (c) => {
    const filter = filterOf(c.req.valid('query'));
    return cache.json(
      c,
      async () => {
        const ids = await idsOf(filter);
        return { count: ids.length, ids };
      },
      { ...filter },
    );
  });

  const getProduct = createRoute({
    method: 'get',
    path: '/products/{id}',
    tags: ['Catalogue'],
    summary: 'Get one product',
    request: { params: IdParams },
    responses: { 200: json(ProductSchema, 'The product.'), 304: notModified, ...errors([404, 'No such product.']) },
  });
  app.openapi(
    getProduct,
    (c) => cache.json(c, () => product(db, c.req.valid('param').id), NO_PARAMS),
    onInvalid({ param: () => notFound(PRODUCT_NOT_FOUND) }),
  );

  app.openapi(
    list(
      'List the featured products',
      '/featured_products',
      ProductSchema,
      'The featured products.',
      'Products flagged big deal or popular; the storefront shows those with `big_deal`.',
    ),
    (c) => cache.json(c, () => products(db, { featured: true }), NO_PARAMS),
  );

  const search = createRoute({
    method: 'get',
    path: '/products_search',
    tags: ['Catalogue'],
    summary: 'Search products',
    description:
      'Products matching every word (as a whole word, the last also as a prefix, or a synonym or ' +
      'spelling correction of it) in their name, brand, category, subcategory or description, best ' +
      'first: the whole phrase in the name, every word as typed in the name, every word or an ' +
      'alternative in the name, anywhere (by relevance), then words found only inside other words. ' +
      'Words are searched for literally, never read as query syntax. At most 100.',
    request: { query: SearchQuery },
    responses: {
      200: json(z.array(SearchResultSchema), 'The products found.'),
      304: notModified,
      ...errors(400),
    },
  });
  app.openapi(search, async (c) => {
    const q = c.req.valid('query');
    const text = (q.search ?? q.q ?? '').trim();
    if (!text) return c.json([], 200);
    return cache.json(c, () => searchProducts(db, text), { text });
  });

  return app;
}
