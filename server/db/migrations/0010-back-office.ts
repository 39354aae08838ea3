import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/**
 * What the back office changes besides staff:
 * - `categories.hidden_at`, `subcategories.hidden_at`, `products.hidden_at`: hidden from the
 *   storefront since then (null: shown). Nothing of the catalogue is deleted once orders name it;
 *   hiding takes it off the shelves and keeps the orders whole.
 * - `products.brand`: the maker's name, shown with the product (null: none given).
 * - `ratings.hidden_at`, `hidden_reason`, `hidden_by`: a review staff took down, with why and by
 *   whom. A hidden review leaves the product's average and bars.
 * - `site_changes`: which catalogue records a committed change touched, written in the change's
 *   own transaction (an outbox): whichever process holds the build lock re-renders the pages they
 *   appear on and marks the rows done; a failed refresh leaves them to be tried again.
 */
export const backOffice: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    for (const table of ['categories', 'subcategories', 'products']) {
      await db.schema.alterTable(table).addColumn('hidden_at', 'text').execute();
    }
    await db.schema.alterTable('products').addColumn('brand', 'text').execute();
    await db.schema.alterTable('ratings').addColumn('hidden_at', 'text').execute();
    await db.schema.alterTable('ratings').addColumn('hidden_reason', 'text').execute();
    await db.schema
      .alterTable('ratings')
      .addColumn('hidden_by', 'integer', (c) => c.references('staff.id'))
      .execute();

    await col
      .id(db.schema.createTable('site_changes'))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      // JSON: { products?: number[], categories?: number[], subcategories?: number[], home?: true, everything?: true }
      .addColumn('change', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done_at', 'text')
      .addColumn('error', 'text')
      .execute();
    await sql`CREATE INDEX site_changes_pending ON site_changes (id) WHERE done_at IS NULL`.execute(db);
  },
};
