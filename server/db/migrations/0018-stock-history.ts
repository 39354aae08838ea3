import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/**
 * The product page's one save. `stock_history`: each stock change staff make (a delta with a
 * reason from a short list, an optional note, who and when, and what was on hand after it), so
 * that a count or a delivery can be traced. `products.version` counts the saves of a product's
 * fields and its variants' fields: the page sends the version it loaded, and a save of an older
 * one is refused (someone else saved since), naming who (`updated_by`) and when (`updated_at`).
 */
export const stockHistory: Migration = {
  async up(db: Kysely<unknown>) {
    const columns = columnsFor(db);
    await columns
      .id(db.schema.createTable('stock_history'))
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
      .addColumn('delta', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('on_hand_after', 'integer', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX stock_history_variant ON stock_history (variant_id, id)`.execute(db);

    await db.schema
      .alterTable('products')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('products').addColumn('updated_at', 'text').execute();
    await db.schema
      .alterTable('products')
      .addColumn('updated_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .execute();
  },
};
