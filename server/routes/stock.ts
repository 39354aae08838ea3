import { Hono } from 'hono';
import type { StockAnswer } from '../../contract/api/catalogue';
import { StockQuery } from '../../contract/schemas/catalogue';
import { MAX_LINE_QUANTITY } from '../../contract/shop';
import type { Db } from '../db';
import { parseQuery } from '../http/validate';
import { stockOfProducts } from '../repositories/stock';

/**
 * GET /stock: what can be bought now of products' variants. Pages are built once and sales go on,
 * so the storefront asks this live for its stock badges. Counts stop at a line's most: a shopper
 * needs no more, and the shop's exact stock is its own business.
 */
export function stockRoutes(db: Db): Hono {
  const app = new Hono({ strict: false });
  app.get('/stock', async (c) => {
    const query = parseQuery(c, StockQuery);
    const rows = await stockOfProducts(db, query);
    const answer: StockAnswer = {
      variants: rows.map((r) => ({ ...r, available: Math.min(r.available, MAX_LINE_QUANTITY) })),
    };
    // A CDN may share an answer for a few seconds (sparing the database a crowd's page loads); a
    // browser asks each time, so a shopper never sees an older count than the one just shown.
    c.header('cache-control', 'public, max-age=0, s-maxage=5');
    return c.json(answer);
  });
  return app;
}
