import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/** Wishlists, carts, orders with what they bought, and the payment provider's webhook events. */
export const buying: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    await col
      .id(db.schema.createTable('wishlist_items'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .addUniqueConstraint('wishlist_items_one_per_variant', ['user_id', 'variant_id'])
      .execute();

    await col
      .id(db.schema.createTable('cart_items'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity BETWEEN 1 AND 10`))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .addUniqueConstraint('cart_items_one_per_variant', ['user_id', 'variant_id'])
      .execute();

    await col
      .id(db.schema.createTable('orders'))
      // No cascade: an order is a record of money taken and outlives nothing it points to.
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      // Which provider issued provider_order_id: a reused order must come from the provider now in use.
      .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider IN ('razorpay', 'local')`))
      .addColumn('provider_order_id', 'text', (c) => c.notNull().unique())
      .addColumn('receipt', 'text', (c) => c.notNull().unique())
      // 'test': a payment of the /razorpay test page, with nothing bought and no delivery.
      .addColumn('kind', 'text', (c) =>
        c
          .notNull()
          .defaultTo('goods')
          .check(sql`kind IN ('goods', 'test')`),
      )
      .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
      .addColumn('currency', 'text', (c) =>
        c
          .notNull()
          .defaultTo('INR')
          .check(sql`currency = 'INR'`),
      )
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('created')
          .check(sql`status IN ('created', 'paid', 'failed')`),
      )
      .addColumn('delivery_status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('not shipped')
          .check(sql`delivery_status IN ('not shipped', 'packed', 'shipped', 'delivered')`),
      )
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text', (c) => c.unique())
      // SHA-256 of the sorted variant:quantity list and the address: the same cart placed twice.
      .addColumn('cart_fingerprint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .addColumn('paid_at', 'text')
      // A paid order always says by which payment and when; only a paid order can be on its way.
      .addCheckConstraint(
        'orders_paid_has_payment',
        sql`status <> 'paid' OR (payment_id IS NOT NULL AND paid_at IS NOT NULL)`,
      )
      .addCheckConstraint('orders_ship_only_paid', sql`delivery_status = 'not shipped' OR status = 'paid'`)
      .execute();
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createIndex('orders_user_fingerprint')
      .on('orders')
      .columns(['user_id', 'cart_fingerprint', 'created_at'])
      .execute();

    await col
      .id(db.schema.createTable('order_items'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      // Restrict: a variant somebody bought cannot silently vanish from their order history.
      .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('restrict'))
      // The rest is a snapshot of what was bought, at the price charged.
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('product_image', 'text')
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity BETWEEN 1 AND 10`))
      .addColumn('unit_price_paise', 'integer', (c) => c.notNull().check(sql`unit_price_paise > 0`))
      .execute();
    await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
    await db.schema.createIndex('order_items_variant').on('order_items').column('variant_id').execute();

    await db.schema
      .createTable('payment_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .execute();
  },
};
