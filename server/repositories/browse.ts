import { sql } from 'kysely';
import { CONFIRMED_STATES } from '../../contract/order-lifecycle';
import type { Db } from '../db';

/**
 * What narrowing and sorting a list needs of every shown product (services/catalogue/browse.ts
 * keeps it in memory per catalogue version), and the stock that changes without one.
 */

export interface BrowseVariantRow {
  product_id: number;
  size: string | null;
  color: string | null;
  unit: string;
  unit_value: number;
  price_paise: number;
  final_price_paise: number;
}

export interface BrowseFacts {
  products: { id: number; category_id: number; subcategory_id: number; brand: string | null; created_at: string }[];
  /** Every variant of those products, in each product's order (the first is the one its card shows). */
  variants: BrowseVariantRow[];
  /** Visible reviews by product. */
  ratings: Map<number, { count: number; avg: number }>;
  /** Units sold in confirmed orders, by product. */
  sold: Map<number, number>;
}

export async function browseFacts(db: Db): Promise<BrowseFacts> {
  const products = await db
    .selectFrom('products as p')
    .innerJoin('subcategories as s', 's.id', 'p.subcategory_id')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .where('p.hidden_at', 'is', null)
    .where('s.hidden_at', 'is', null)
    .where('c.hidden_at', 'is', null)
    .select(['p.id', 's.category_id', 'p.subcategory_id', 'p.brand', 'p.created_at'])
    .orderBy('p.id')
    .execute();
  const variants = await db
    .selectFrom('variants')
    .select(['product_id', 'size', 'color', 'unit', 'unit_value', 'price_paise', 'final_price_paise'])
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  // The product's own figures (kept by triggers on ratings), the ones its card and page show.
  const ratingRows = await db
    .selectFrom('products')
    .select(['id as product_id', 'rating_count', 'rating_total'])
    .where('rating_count', '>', 0)
    .execute();
  const soldRows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.product_id', sql<number>`sum(i.quantity)`.as('n')])
    .where('o.state', 'in', [...CONFIRMED_STATES])
    .where('o.kind', '=', 'goods')
    .groupBy('i.product_id')
    .execute();
  return {
    products: products.map((p) => ({ ...p, created_at: String(p.created_at) })),
    variants: variants.map((v) => ({ ...v, unit_value: Number(v.unit_value) })),
    // The unrounded average: the popularity sort weighs the stars themselves (count × average is their sum).
    ratings: new Map(
      ratingRows.map((r) => [
        r.product_id,
        { count: Number(r.rating_count), avg: Number(r.rating_total) / Number(r.rating_count) },
      ]),
    ),
    sold: new Map(soldRows.map((r) => [r.product_id, Number(r.n)])),
  };
}

/**
 * A number that moves whenever a variant goes from buyable to sold out or back (migration 0021):
 * the set of products in stock is the same while it (and the catalogue version) stays.
 */
export async function stockFlips(db: Db): Promise<string> {
  const row = await db.selectFrom('stock_flips').select('n').where('id', '=', 1).executeTakeFirst();
  return String(row?.n ?? 0);
}

/** The products with a variant that can be bought now (on hand less what unpaid orders hold). */
export async function productsInStock(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('stock_levels as s', 's.variant_id', 'v.id')
    .select('v.product_id')
    .distinct()
    .whereRef('s.on_hand', '>', 's.reserved')
    .execute();
  return new Set(rows.map((r) => r.product_id));
}
