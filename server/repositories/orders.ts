import type { Insertable } from 'kysely';
import type { Order } from '../../contract/types';
import type { DeliveryStatus } from '../../contract/orders';
import { paiseToRupees } from '../../contract/pricing';
import { engineOf, type Db } from '../db';
import type { OrderItemRow, OrderItemsTable, OrderRow, OrdersTable } from '../db/schema';

/** Orders and what they bought (as it was when bought). Payment state changes live in ./payments. */

/** What makes an unpaid order reusable for a new placement of the same cart. */
export interface ReusableOrderMatch {
  userId: number;
  fingerprint: string;
  amountPaise: number;
  provider: OrderRow['provider'];
  /** ISO time: only orders placed at or after it. */
  since: string;
}

/** The newest unpaid order of this shopper, cart, address and amount, from the same provider, placed since `since`. */
export function findReusableOrder(db: Db, match: ReusableOrderMatch): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', match.userId)
    .where('cart_fingerprint', '=', match.fingerprint)
    .where('amount_paise', '=', match.amountPaise)
    .where('provider', '=', match.provider)
    .where('status', '<>', 'paid')
    .where('created_at', '>=', match.since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Stores an order and its lines (run it in a transaction when there are lines); answers the order. */
export async function insertOrder(
  db: Db,
  order: Insertable<OrdersTable>,
  items: Omit<Insertable<OrderItemsTable>, 'order_id'>[] = [],
): Promise<OrderRow> {
  const created = await db.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  if (items.length) {
    await db
      .insertInto('order_items')
      .values(items.map((item) => ({ ...item, order_id: created.id })))
      .execute();
  }
  return created;
}

/** An order as the API answers it: amounts in rupees, the provider's order id, what was bought. */
export function orderView(order: OrderRow, items: OrderItemRow[]): Order {
  return {
    id: order.id,
    razorpay_order_id: order.provider_order_id,
    amount: paiseToRupees(order.amount_paise),
    status: order.status,
    delivery_status: order.delivery_status,
    created_at: order.created_at,
    address: order.address,
    items: items.map((i) => ({
      product_name: i.product_name,
      product_image: i.product_image,
      quantity: i.quantity,
      price: paiseToRupees(i.unit_price_paise),
      variant: i.variant_id,
      product: i.product_id,
      size: i.size,
      color: i.color,
    })),
  };
}

/** A shopper's orders of goods newest first, or just the one with `orderId`; each with its items. */
export async function listOrders(db: Db, userId: number, orderId?: number): Promise<Order[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'goods')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (orderId !== undefined) query = query.where('id', '=', orderId);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  return orders.map((o) =>
    orderView(
      o,
      items.filter((i) => i.order_id === o.id),
    ),
  );
}

/** The order with this id, or undefined. */
export function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The order `id`, locked until the transaction ends: on PostgreSQL a row lock (SELECT … FOR
 * UPDATE), so two payments of one order are decided one after the other; SQLite's single writer
 * already does that.
 */
export function findOrderForUpdate(trx: Db, id: number): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', id);
  return (engineOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The order with the provider's id `providerOrderId`, or undefined. */
export function findOrderByProviderId(db: Db, providerOrderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}

/** The shopper's own order with the provider's id `providerOrderId`; another shopper's is undefined too. */
export function findShopperOrder(db: Db, userId: number, providerOrderId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('provider_order_id', '=', providerOrderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** True when one of the shopper's paid orders bought this variant. */
export async function hasBought(db: Db, userId: number, variantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select('i.id')
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'paid')
    .where('i.variant_id', '=', variantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets an order's delivery status; answers the order as stored. */
export function setDeliveryStatus(db: Db, id: number, status: DeliveryStatus): Promise<OrderRow> {
  return db
    .updateTable('orders')
    .set({ delivery_status: status })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The most recent orders with their shopper's e-mail and item count, newest first. */
export function recentOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => [
      'o.id',
      'o.provider_order_id',
      'o.amount_paise',
      'o.status',
      'o.delivery_status',
      'o.created_at',
      'u.email',
      eb
        .selectFrom('order_items as i')
        .select((sub) => sub.fn.sum<number>('i.quantity').as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('items'),
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}
