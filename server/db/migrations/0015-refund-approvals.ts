import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/**
 * Money needs the right hands. `refund_limits`: the most a role may refund on its own (paise; no
 * row for a role: the shop's default, none for an owner). `refund_requests`: a cancellation with
 * refund above the asker's limit, waiting for a manager or owner; one open request per order.
 * `order_notes`: what staff write about an order for each other, never shown to the shopper.
 */
export const refundApprovals: Migration = {
  async up(db: Kysely<unknown>) {
    const columns = columnsFor(db);
    await db.schema
      .createTable('refund_limits')
      .addColumn('role', 'text', (c) => c.primaryKey())
      .addColumn('limit_paise', 'integer', (c) => c.check(sql`limit_paise >= 0`))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .execute();

    await columns
      .id(db.schema.createTable('refund_requests'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
      .addColumn('note', 'text')
      .addColumn('requested_by', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) =>
        c.notNull().defaultTo('pending').check(sql`state IN ('pending', 'approved', 'rejected')`),
      )
      .addColumn('decided_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('decided_at', 'text')
      .addColumn('decision_note', 'text')
      .execute();
    // One open request per order: a second cancellation waits for the first to be decided.
    await sql`CREATE UNIQUE INDEX refund_requests_open ON refund_requests (order_id) WHERE state = 'pending'`.execute(
      db,
    );
    await db.schema.createIndex('refund_requests_state').on('refund_requests').columns(['state', 'id']).execute();

    await columns
      .id(db.schema.createTable('order_notes'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_notes_order').on('order_notes').columns(['order_id', 'id']).execute();
  },
};
