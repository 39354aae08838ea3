import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { BrowsePageSchema } from '../../contract/api/browse';
import { BROWSE_SORTS, MAX_BROWSE_PAGE } from '../../contract/browse';
import type { Db } from '../db';
import {
  browse,
  DEFAULT_BROWSE_PAGE_SIZE,
  MAX_BROWSE_PAGE_SIZE,
  MAX_BROWSE_SEARCH_LENGTH,
  readBrowseQuery,
} from '../services/catalogue/browse';
import { ApiRoutes, errors, json } from '../http/api-routes';
import type { ResponseCache } from '../http/response-cache';

const text = (description: string) => z.string().optional().meta({ description });

/**
 * The query as documented. The handler reads the query string itself (services/catalogue/browse.ts
 * `readBrowseQuery`): the list filters repeat their key, which the shop's query parsing keeps one of.
 */
const BrowseQuery = z.object({
  category: text('A category id. Exactly one of category, sub_category and search (or q) is given.'),
  sub_category: text('A subcategory id.'),
  search: text(`Words to find (at most ${MAX_BROWSE_SEARCH_LENGTH} characters), searched for literally.`),
  q: text('The same as `search`.'),
  brand: text('A brand; repeat the key for several (any of them).'),
  size: text('A size; repeat for several.'),
  colour: text('A colour; repeat for several.'),
  pack: text("A pack size such as '1 kg'; repeat for several."),
  price: text('Selling price range in whole rupees: 100-250, 500- or -100 (lower end inclusive, upper exclusive).'),
  price_min: text('The lower end of the price range (instead of `price`).'),
  price_max: text('The upper end of the price range (instead of `price`).'),
  rating: text('4 or 3: an average of visible reviews at least this.'),
  discount: text('10, 25 or 50: at least this percent off the MRP (rounded down).'),
  instock: text('1: only products with a variant that can be bought now.'),
  sort: text(`One of ${BROWSE_SORTS.join(', ')} (default relevance: popularity on a category, rank on a search).`),
  page: text(`Page number from 1 to ${MAX_BROWSE_PAGE} (default 1).`),
  page_size: text(`Products per page, 1 to ${MAX_BROWSE_PAGE_SIZE} (default ${DEFAULT_BROWSE_PAGE_SIZE}).`),
});

/** Browsing a category, a subcategory or a search with filters, sorts and the filter panel's counts. */
export function browseRoutes(db: Db, cache: ResponseCache): ApiRoutes {
  const app = new ApiRoutes();
  const route = createRoute({
    method: 'get',
    path: '/browse',
    tags: ['Catalogue'],
    summary: 'Browse a list with filters',
    description:
      'One page of a category’s, a subcategory’s or a search’s products, narrowed by the filters and ' +
      'sorted, with the filter panel’s groups. An option’s count is the number of products matching ' +
      'every other group’s filters and this option, so options of one group stay choosable; a selected ' +
      'value the list no longer has is listed with count 0. Several values of one filter: any of them; ' +
      'different filters: all. Unknown parameters are ignored; a value that cannot be read is a 400 ' +
      'naming its parameter. Stock is read afresh on every request.',
    request: { query: BrowseQuery },
    responses: {
      200: json(BrowsePageSchema, 'The page and the filter panel.'),
      ...errors(400, [404, 'No such category or subcategory (or it is hidden).']),
    },
  });
  app.openapi(route, async (c) => {
    const request = readBrowseQuery(new URL(c.req.url).searchParams);
    return c.json(await browse(db, cache, request), 200);
  });
  return app;
}
