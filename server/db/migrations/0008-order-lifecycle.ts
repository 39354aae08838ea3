import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';
import { columnsFor } from './columns';

/** Stock a variant of a catalogue that had no stock records starts with: nothing suddenly sells out. */
export const STOCK_OF_EXISTING_VARIANTS = 100;

const STATES = `'awaiting_payment', 'payment_failed', 'expired', 'placed', 'paid', 'packed', 'shipped', 'delivered', 'cancelled'`;

/** An order's state from the two statuses it had before: payment, then how far its delivery went. */
const STATE_OF_OLD_ROW = `CASE
  WHEN status = 'paid' THEN (CASE WHEN delivery_status = 'not shipped' THEN 'paid' ELSE delivery_status END)
  WHEN status = 'failed' THEN 'payment_failed'
  ELSE 'awaiting_payment' END`;

/**
 * Orders a shop can keep its promises on:
 * - `stock_levels`: each variant's quantity on hand and how much of it unpaid orders hold. It is
 *   a table of its own, not columns of `variants`, so that a sale does not count as a catalogue
 *   change (which would empty every process's catalogue cache on each order).
 * - `orders.state`: one lifecycle (contract/order-lifecycle.ts) in place of the two statuses,
 *   whose checks forbade shipping an unpaid order, which cash on delivery does. The payment
 *   method, the time an unpaid order expires, whether it holds or has sold its stock, and the
 *   delivery pincode and state (for serviceability and the tax invoice) are new.
 * - `order_events`: every change of state with its time and actor, and the state of its e-mail
 *   (a transactional outbox: the event commits with the change, its mail goes out after).
 * - `refunds`: one per payment given back, with the provider's refund id and state.
 * - GST tax invoices: each product's HSN code and GST rate (copied onto the lines an order buys,
 *   as their price is), and invoices numbered in a gap-free series per financial year.
 */
export const orderLifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    const postgres = engineOf(db) === 'postgres';

    await db.schema
      .createTable('stock_levels')
      .addColumn('variant_id', 'integer', (c) => c.primaryKey().references('variants.id').onDelete('cascade'))
      .addColumn('on_hand', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
      // Never oversold: what unpaid orders hold can never exceed what is on the shelf.
      .addCheckConstraint('stock_levels_counts', sql`on_hand >= 0 AND reserved >= 0 AND reserved <= on_hand`)
      .execute();
    await sql`INSERT INTO stock_levels (variant_id, on_hand, reserved)
      SELECT id, ${sql.lit(STOCK_OF_EXISTING_VARIANTS)}, 0 FROM variants`.execute(db);

    if (postgres) {
      await sql`ALTER TABLE orders
        DROP CONSTRAINT orders_paid_has_payment,
        DROP CONSTRAINT orders_ship_only_paid,
        DROP CONSTRAINT IF EXISTS orders_provider_check,
        ALTER COLUMN provider DROP NOT NULL,
        ALTER COLUMN provider_order_id DROP NOT NULL,
        ADD COLUMN state text NOT NULL DEFAULT 'awaiting_payment',
        ADD COLUMN payment_method text NOT NULL DEFAULT 'online',
        ADD COLUMN expires_at text,
        ADD COLUMN stock_status text NOT NULL DEFAULT 'none',
        ADD COLUMN delivery_pincode text,
        ADD COLUMN delivery_state text`.execute(db);
      await sql.raw(`UPDATE orders SET state = ${STATE_OF_OLD_ROW}`).execute(db);
      await sql`ALTER TABLE orders DROP COLUMN status, DROP COLUMN delivery_status`.execute(db);
      await sql.raw(`ALTER TABLE orders ${ORDER_CHECKS.map((c) => `ADD ${c}`).join(', ')}`).execute(db);
    } else {
      await rebuildSqliteOrders(db);
    }
    await db.schema.createIndex('orders_unpaid_expiry').on('orders').columns(['state', 'expires_at']).execute();

    await col
      .id(db.schema.createTable('order_events'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor IN ('shopper', 'staff', 'system')`))
      .addColumn('note', 'text')
      // The e-mail for the event: sent (or found to need none) when notified_at is set; a process
      // sending it holds a claim until then, and a failed send counts an attempt and is tried again.
      .addColumn('notified_at', 'text')
      .addColumn('notify_claimed_at', 'text')
      .addColumn('notify_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();
    // The mail dispatcher looks for events not yet mailed.
    await db.schema.createIndex('order_events_unmailed').on('order_events').columns(['notified_at', 'id']).execute();
    // Orders placed before this migration get their history from what they recorded.
    await sql`INSERT INTO order_events (order_id, at, from_state, to_state, actor, notified_at)
      SELECT id, created_at, NULL, 'awaiting_payment', 'shopper', created_at FROM orders`.execute(db);
    await sql`INSERT INTO order_events (order_id, at, from_state, to_state, actor, notified_at)
      SELECT id, paid_at, 'awaiting_payment', 'paid', 'system', paid_at FROM orders WHERE paid_at IS NOT NULL`.execute(
      db,
    );

    await col
      .id(db.schema.createTable('refunds'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      // One refund per payment: cancelling twice, or a webhook delivered twice, never gives money back twice.
      .addColumn('payment_id', 'text', (c) => c.notNull().unique())
      .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider IN ('razorpay', 'local')`))
      .addColumn('provider_refund_id', 'text', (c) => c.unique())
      .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('initiated')
          .check(sql`status IN ('initiated', 'processed', 'failed')`),
      )
      .addColumn('reason', 'text', (c) => c.notNull())
      // Asked of the provider and not yet accepted: the sweep asks again (at most REFUND_ATTEMPTS times).
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();

    await db.schema.alterTable('products').addColumn('hsn_code', 'text').execute();
    await db.schema
      .alterTable('products')
      .addColumn('gst_rate', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(18)
          .check(sql`gst_rate IN (0, 5, 12, 18, 28)`),
      )
      .execute();
    await db.schema.alterTable('order_items').addColumn('hsn_code', 'text').execute();
    await db.schema.alterTable('order_items').addColumn('gst_rate', 'integer').execute();
    // Lines bought before rates were kept: the standard rate, as the invoice of such an order would have had.
    await sql`UPDATE order_items SET gst_rate = 18`.execute(db);

    // The last serial of each financial year: the next invoice takes the next one, in the transaction that pays.
    await db.schema
      .createTable('invoice_series')
      .addColumn('financial_year', 'text', (c) => c.primaryKey())
      .addColumn('last_serial', 'integer', (c) => c.notNull())
      .execute();
    await col
      .id(db.schema.createTable('invoices'))
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('financial_year', 'text', (c) => c.notNull())
      .addColumn('serial', 'integer', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      // The seller as invoiced (legal name, address, GSTIN, state): a later change of address does not rewrite it.
      .addColumn('seller', 'text', (c) => c.notNull())
      .addUniqueConstraint('invoices_serial_once', ['financial_year', 'serial'])
      .execute();
  },
};

/** The orders table's checks after this migration (SQL shared by both engines). */
const ORDER_CHECKS = [
  `CONSTRAINT orders_state_known CHECK (state IN (${STATES}))`,
  `CONSTRAINT orders_payment_method_known CHECK (payment_method IN ('online', 'cod'))`,
  `CONSTRAINT orders_provider_known CHECK (provider IS NULL OR provider IN ('razorpay', 'local'))`,
  `CONSTRAINT orders_stock_status_known CHECK (stock_status IN ('none', 'reserved', 'sold'))`,
  // An online order is an order at the payment provider; cash on delivery has none.
  `CONSTRAINT orders_online_has_provider CHECK (payment_method <> 'online' OR (provider IS NOT NULL AND provider_order_id IS NOT NULL))`,
  // Money taken always says when; an online order past payment always says by which payment.
  `CONSTRAINT orders_payment_has_time CHECK (payment_id IS NULL OR paid_at IS NOT NULL)`,
  `CONSTRAINT orders_paid_has_payment CHECK (payment_method <> 'online' OR state NOT IN ('paid', 'packed', 'shipped', 'delivered') OR payment_id IS NOT NULL)`,
  // Cash on delivery is paid when it is delivered.
  `CONSTRAINT orders_cod_delivered_paid CHECK (payment_method <> 'cod' OR state <> 'delivered' OR paid_at IS NOT NULL)`,
];

/**
 * SQLite cannot drop a check: the table is made anew and the rows copied, with foreign keys off
 * so that dropping the old table neither cascades to order_items nor breaks their references
 * (SQLite's documented twelve-step procedure). The migrator runs SQLite migrations outside a
 * transaction on its one connection, so the pragma takes effect and the copy is one transaction.
 */
async function rebuildSqliteOrders(db: Kysely<unknown>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await sql
        .raw(
          `CREATE TABLE orders_new (
            id integer PRIMARY KEY AUTOINCREMENT,
            user_id integer NOT NULL REFERENCES users (id),
            kind text NOT NULL DEFAULT 'goods' CHECK (kind IN ('goods', 'test')),
            payment_method text NOT NULL DEFAULT 'online',
            provider text,
            provider_order_id text UNIQUE,
            receipt text NOT NULL UNIQUE,
            amount_paise integer NOT NULL CHECK (amount_paise > 0),
            currency text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
            state text NOT NULL DEFAULT 'awaiting_payment',
            address text NOT NULL,
            delivery_pincode text,
            delivery_state text,
            payment_id text UNIQUE,
            cart_fingerprint text NOT NULL,
            created_at text NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            paid_at text,
            expires_at text,
            stock_status text NOT NULL DEFAULT 'none',
            ${ORDER_CHECKS.join(',\n            ')}
          )`,
        )
        .execute(db);
      await sql
        .raw(
          `INSERT INTO orders_new (id, user_id, kind, payment_method, provider, provider_order_id, receipt,
             amount_paise, currency, state, address, payment_id, cart_fingerprint, created_at, paid_at)
           SELECT id, user_id, kind, 'online', provider, provider_order_id, receipt,
             amount_paise, currency, ${STATE_OF_OLD_ROW}, address, payment_id, cart_fingerprint, created_at, paid_at
           FROM orders`,
        )
        .execute(db);
      await sql`DROP TABLE orders`.execute(db);
      await sql`ALTER TABLE orders_new RENAME TO orders`.execute(db);
      await sql`CREATE INDEX orders_user ON orders (user_id, created_at)`.execute(db);
      await sql`CREATE INDEX orders_user_fingerprint ON orders (user_id, cart_fingerprint, created_at)`.execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length)
        throw new Error(`Foreign keys broken by the orders rebuild: ${JSON.stringify(broken.rows)}`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
