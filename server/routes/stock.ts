import { createRoute } from '@hono/zod-openapi';
import { StockAnswerSchema } from '../../contract/api/catalogue';
import { StockQuery } from '../../contract/schemas/catalogue';
import type { Db } from '../db';
import { ApiRoutes, errors, json } from '../http/api-routes';
import { liveStock } from '../services/catalogue/public-catalogue';

/**
 * GET /stock: what can be bought now of products' variants. Pages are built once and sales go on,
 * so the storefront asks this live for its stock badges (counts stop at a line's most).
 */
export function stockRoutes(db: Db): ApiRoutes {
  const app = new ApiRoutes();
  const stock = createRoute({
    method: 'get',
    path: '/stock',
    tags: ['Catalogue'],
    summary: 'What can be bought now',
    description:
      'Every variant of the products named, or the variants named, with what can be ordered now (on hand ' +
      'less what unpaid orders hold), counted up to 10. Read live: pages are built once, sales go on.',
    request: { query: StockQuery },
    responses: { 200: json(StockAnswerSchema, 'The variants and what is available.'), ...errors(400) },
  });
  app.openapi(stock, async (c) => {
    const answer = await liveStock(db, c.req.valid('query'));
    // A CDN may share an answer for a few seconds (sparing the database a crowd's page loads); a
    // browser asks each time, so a shopper never sees an older count than the one just shown.
    c.header('cache-control', 'public, max-age=0, s-maxage=5');
    return c.json(answer, 200);
  });
  return app;
}
