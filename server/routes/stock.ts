import { Hono } from 'hono';
import { StockQuery } from '../../contract/schemas/catalogue';
import type { Db } from '../db';
import { parseQuery } from '../http/validate';
import { liveStock } from '../services/catalogue/public-catalogue';

/**
 * GET /stock: what can be bought now of products' variants. Pages are built once and sales go on,
 * so the storefront asks this live for its stock badges (counts stop at a line's most).
 */
export function stockRoutes(db: Db): Hono {
  const app = new Hono({ strict: false });
  app.get('/stock', async (c) => {
    const query = parseQuery(c, StockQuery);
    const answer = await liveStock(db, query);
    // A CDN may share an answer for a few seconds (sparing the database a crowd's page loads); a
    // browser asks each time, so a shopper never sees an older count than the one just shown.
    c.header('cache-control', 'public, max-age=0, s-maxage=5');
    return c.json(answer);
  });
  return app;
}
