import type { Insertable, Updateable } from 'kysely';
import type { Order } from '../../contract/types';
import {
  deliveryStatusOfState,
  paymentStatusOfState,
  UNPAID_STATES,
  type OrderState,
} from '../../contract/order-lifecycle';
import { deliveryDate } from '../../contract/delivery';
import { paiseToRupees } from '../../contract/pricing';
import { engineOf, type Db } from '../db';
import type { OrderEventRow, OrderItemRow, OrderItemsTable, OrderRow, OrdersTable, RefundRow } from '../db/schema';
import { inListSlices } from './dialect';
import { eventsOfOrders } from './order-events';
import { refundsOfOrders } from './refunds';

/** Orders and what they bought (as it was when bought). Payment state changes live in ./payments. */

/** What makes an unpaid order reusable for a new placement of the same cart. */
export interface ReusableOrderMatch {
  userId: number;
  fingerprint: string;
  amountPaise: number;
  /** Online: an order still awaiting its payment, from this provider. Cash on delivery: one confirmed, not yet moved on. */
  method: OrderRow['payment_method'];
  provider: OrderRow['provider'];
  /** ISO time: only orders placed at or after it. */
  since: string;
  /** ISO time: only orders whose time to pay has not run out by then. */
  unexpiredAt: string;
}

/** The newest order of this shopper, cart, address, amount and payment method placed since `since` that can be handed out again. */
export function findReusableOrder(db: Db, match: ReusableOrderMatch): Promise<OrderRow | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', match.userId)
    .where('cart_fingerprint', '=', match.fingerprint)
    .where('amount_paise', '=', match.amountPaise)
    .where('payment_method', '=', match.method)
    .where('created_at', '>=', match.since);
  query =
    match.method === 'cod'
      ? query.where('state', '=', 'placed')
      : query
          .where('provider', '=', match.provider)
          .where('state', 'in', UNPAID_STATES)
          .where('expires_at', '>', match.unexpiredAt);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
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

/** The lines of one order, in the order they were bought. */
export function orderItemsOf(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * Applies `change` to the order if it is still in `state`; answers the order as stored, or
 * undefined when another request moved it first.
 */
export function updateOrderIfState(
  trx: Db,
  id: number,
  state: OrderState,
  change: Updateable<OrdersTable>,
): Promise<OrderRow | undefined> {
  return trx
    .updateTable('orders')
    .set(change)
    .where('id', '=', id)
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst();
}

/** What an order was shipped with, once shipped with a courier from the list; null before. */
export function shipmentOf(
  order: Pick<OrderRow, 'shipment_courier' | 'shipment_awb' | 'shipment_url'>,
): Order['shipment'] {
  const { shipment_courier: courier, shipment_awb: awb, shipment_url: url } = order;
  return courier && awb && url ? { courier, awb, tracking_url: url } : null;
}

/** An order as the API answers it: amounts in rupees, the provider's order id, what was bought, its history and refund. */
export function orderView(
  order: OrderRow,
  items: OrderItemRow[],
  events: OrderEventRow[] = [],
  refunds: RefundRow[] = [],
  deliveryDays: DeliveryDays = () => null,
): Order {
  const refund = refunds.at(-1);
  const days = deliveryDays(order.delivery_pincode);
  return {
    id: order.id,
    razorpay_order_id: order.provider_order_id,
    amount: paiseToRupees(order.amount_paise),
    status: paymentStatusOfState(order.state, order.paid_at !== null),
    delivery_status: deliveryStatusOfState(order.state),
    state: order.state,
    payment_method: order.payment_method,
    created_at: order.created_at,
    paid_at: order.paid_at,
    expires_at: order.expires_at,
    expected_delivery: days === null ? null : deliveryDate(new Date(order.created_at), days),
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
    timeline: events.map((e) => ({ state: e.to_state, at: e.at, actor: e.actor, note: e.note })),
    refund: refund
      ? { amount: paiseToRupees(refund.amount_paise), status: refund.status, updated_at: refund.updated_at }
      : null,
    shipment: shipmentOf(order),
  };
}

/** Delivery days to a pincode (its zone's), or null when unknown or not served. */
export type DeliveryDays = (pincode: string | null) => number | null;

/** A shopper's orders of goods newest first, or just the one with `orderId`; each with its items, history and refund. */
export async function listOrders(
  db: Db,
  userId: number,
  orderId?: number,
  deliveryDays?: DeliveryDays,
): Promise<Order[]> {
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
  const ids = orders.map((o) => o.id);
  const items: OrderItemRow[] = [];
  for (const slice of inListSlices(ids)) {
    items.push(
      ...(await db.selectFrom('order_items').selectAll().where('order_id', 'in', slice).orderBy('id').execute()),
    );
  }
  const [events, refunds] = await Promise.all([eventsOfOrders(db, ids), refundsOfOrders(db, ids)]);
  const byOrder = <T extends { order_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.order_id, [...(map.get(r.order_id) ?? []), r]);
    return map;
  };
  const itemsOf = byOrder(items);
  const eventsOf = byOrder(events);
  const refundsOf = byOrder(refunds);
  return orders.map((o) =>
    orderView(o, itemsOf.get(o.id) ?? [], eventsOf.get(o.id) ?? [], refundsOf.get(o.id) ?? [], deliveryDays),
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

/** The shopper's own order `id`; another shopper's is undefined too. */
export function findShopperOrderById(db: Db, userId: number, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
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

/** The first line of this variant in one of the shopper's delivered orders (its id), or undefined. */
export async function deliveredLine(db: Db, userId: number, variantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select('i.id')
    .where('o.user_id', '=', userId)
    // In the shopper's hands: not paid and waiting, not packed or on its way, not cancelled.
    .where('o.state', '=', 'delivered')
    .where('i.variant_id', '=', variantId)
    .orderBy('i.id')
    .executeTakeFirst();
  return row?.id;
}

/** Unpaid online orders whose time to pay ran out before `now` (ISO), oldest first. */
export function dueUnpaidOrders(db: Db, now: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('state', 'in', UNPAID_STATES)
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
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
      'o.state',
      'o.payment_method',
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
