import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Order lines remember which size (or weight) and colour were bought, as they remember the name
 * and price: a variant renamed or recoloured later does not change an order already placed.
 * Lines placed before this migration take the variant's size and colour as they are now, the
 * closest record there is (a weight-only variant's weight is left out: it needs the formatter).
 */
export const orderItemVariant: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_items').addColumn('size', 'text').execute();
    await db.schema.alterTable('order_items').addColumn('color', 'text').execute();
    await sql`UPDATE order_items SET
      size = (SELECT v.size FROM variants v WHERE v.id = order_items.variant_id),
      color = (SELECT v.color FROM variants v WHERE v.id = order_items.variant_id)`.execute(db);
  },
};
