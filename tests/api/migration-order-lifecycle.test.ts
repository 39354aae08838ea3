import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engineOf, migrate, type Db } from '../../server/db';
import { STOCK_OF_EXISTING_VARIANTS } from '../../server/db/migrations/0008-order-lifecycle';
import { databaseMigratedTo } from './migration-helpers';
import type { TestDatabase } from '../database';

/**
 * A shop that took orders before the lifecycle existed keeps them: each order gets the state its
 * two statuses described and a history from its times, every variant a stock, and the orders
 * table (rebuilt on SQLite) keeps its rows, ids and foreign keys.
 */
describe('migrating orders to the lifecycle (0008)', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await databaseMigratedTo('0007-catalogue-version');
    db = database.db;
    await sql`INSERT INTO categories (id, name, position) VALUES (1, 'Kitchen', 0)`.execute(db);
    await sql`INSERT INTO subcategories (id, category_id, name, position) VALUES (1, 1, 'Cookware', 0)`.execute(db);
    await sql`INSERT INTO products (id, subcategory_id, name, description, weight_grams, unit, length_cm, width_cm,
      height_cm, big_deal, popular) VALUES (1, 1, 'Kadai', 'Iron kadai', 900, 'piece', 30, 30, 10, 0, 0)`.execute(db);
    await sql`INSERT INTO variants (id, product_id, position, name, sku, unit, unit_value, price_paise, final_price_paise)
      VALUES (1, 1, 0, 'Small', 'K-1', 'piece', 1, 99900, 89900), (2, 1, 1, 'Large', 'K-2', 'piece', 1, 129900, 119900)`.execute(
      db,
    );
    await sql`INSERT INTO users (id, first_name, last_name, email) VALUES (1, 'Asha', 'Verma', 'asha@example.in')`.execute(
      db,
    );
    const orders: [number, string, string, string | null][] = [
      [1, 'created', 'not shipped', null],
      [2, 'failed', 'not shipped', null],
      [3, 'paid', 'not shipped', 'pay_Old00000000003'],
      [4, 'paid', 'shipped', 'pay_Old00000000004'],
      [5, 'paid', 'delivered', 'pay_Old00000000005'],
    ];
    for (const [id, status, delivery, payment] of orders) {
      await sql`INSERT INTO orders (id, user_id, provider, provider_order_id, receipt, amount_paise, status,
        delivery_status, address, payment_id, cart_fingerprint, created_at, paid_at)
        VALUES (${id}, 1, 'local', ${`order_Old0000000000${id}`}, ${`rcpt_${id}`}, 89900, ${status}, ${delivery},
          'Asha Verma, Bengaluru', ${payment}, ${`fp${id}`}, '2026-10-01T10:00:00.000Z',
          ${payment ? '2026-10-01T10:05:00.000Z' : null})`.execute(db);
      await sql`INSERT INTO order_items (order_id, variant_id, product_id, product_name, quantity, unit_price_paise)
        VALUES (${id}, 1, 1, 'Kadai', 1, 89900)`.execute(db);
    }
    await migrate(db);
  });

  afterAll(() => database?.drop());

  test('every order has the state its statuses described, with the same id and lines', async () => {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'state', 'payment_method', 'stock_status'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 1, state: 'awaiting_payment', payment_method: 'online', stock_status: 'none' },
      { id: 2, state: 'payment_failed', payment_method: 'online', stock_status: 'none' },
      { id: 3, state: 'paid', payment_method: 'online', stock_status: 'none' },
      { id: 4, state: 'shipped', payment_method: 'online', stock_status: 'none' },
      { id: 5, state: 'delivered', payment_method: 'online', stock_status: 'none' },
    ]);
    const lines = await db.selectFrom('order_items').select('order_id').orderBy('order_id').execute();
    expect(lines.map((l) => l.order_id)).toEqual([1, 2, 3, 4, 5]);
  });

  test('each order has a history from its times, already mailed', async () => {
    const events = await db.selectFrom('order_events').selectAll().orderBy('order_id').orderBy('id').execute();
    expect(events.filter((e) => e.order_id === 3).map((e) => [e.from_state, e.to_state, e.at])).toEqual([
      [null, 'awaiting_payment', '2026-10-01T10:00:00.000Z'],
      ['awaiting_payment', 'paid', '2026-10-01T10:05:00.000Z'],
    ]);
    expect(events.filter((e) => e.order_id === 1)).toHaveLength(1);
    expect(events.every((e) => e.notified_at !== null)).toBe(true);
  });

  test('every variant starts with stock; new orders number on from the old ones', async () => {
    const stock = await db.selectFrom('stock_levels').selectAll().orderBy('variant_id').execute();
    expect(stock).toEqual([
      { variant_id: 1, on_hand: STOCK_OF_EXISTING_VARIANTS, reserved: 0 },
      { variant_id: 2, on_hand: STOCK_OF_EXISTING_VARIANTS, reserved: 0 },
    ]);
    if (engineOf(db) === 'postgres') {
      await sql`SELECT setval(pg_get_serial_sequence('orders', 'id'), 5)`.execute(db);
    }
    const next = await db
      .insertInto('orders')
      .values({
        user_id: 1,
        provider: 'local',
        provider_order_id: 'order_New00000000006',
        receipt: 'rcpt_6',
        amount_paise: 100,
        address: 'x',
        cart_fingerprint: 'fp6',
        payment_id: null,
        paid_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(6);
  });

  test('the new checks hold: a paid online order needs its payment; a state must be known', async () => {
    await expect(
      sql`UPDATE orders SET state = 'paid', payment_id = NULL, paid_at = NULL WHERE id = 1`.execute(db),
    ).rejects.toThrow();
    await expect(sql`UPDATE orders SET state = 'lost' WHERE id = 1`.execute(db)).rejects.toThrow();
    await expect(
      sql`UPDATE stock_levels SET reserved = on_hand + 1 WHERE variant_id = 1`.execute(db),
    ).rejects.toThrow();
    // A foreign key still points at orders: an order line of a missing order is refused.
    await expect(
      sql`INSERT INTO order_items (order_id, variant_id, product_id, product_name, quantity, unit_price_paise)
        VALUES (999, 1, 1, 'Kadai', 1, 89900)`.execute(db),
    ).rejects.toThrow();
  });
});
