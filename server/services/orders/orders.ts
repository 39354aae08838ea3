import crypto from 'node:crypto';
import type { Order } from '../../../contract/types';
import { paiseToRupees } from '../../../contract/pricing';
import type { Db } from '../../db';
import type { DeliveryStatus } from '../../../contract/orders';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import { randomBase62 } from '../payments/signatures';

/** An unpaid order of the same cart and address placed this recently is handed out again. */
export const ORDER_REUSE_MINUTES = 30;
/** Razorpay refuses orders under ₹1. */
export const MIN_ORDER_PAISE = 100;
export const MAX_ADDRESS_LENGTH = 1000;

/** Delivery steps in order (SPEC.md §4's tracker). */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['not shipped', 'packed', 'shipped', 'delivered'];

/** One line of an order request. */
export interface OrderLine {
  variant_id: number;
  quantity: number;
}

/** Lines with repeated variants added together, sorted by variant id. */
export function mergeLines(lines: OrderLine[]): OrderLine[] {
  const byVariant = new Map<number, number>();
  for (const line of lines) byVariant.set(line.variant_id, (byVariant.get(line.variant_id) ?? 0) + line.quantity);
  return [...byVariant].sort(([a], [b]) => a - b).map(([variant_id, quantity]) => ({ variant_id, quantity }));
}

/**
 * What makes two placements "the same cart": the sorted variant:quantity list and the address,
 * hashed so the stored value has a fixed size whatever the address.
 */
export function cartFingerprint(lines: OrderLine[], address: string): string {
  const list = mergeLines(lines)
    .map((l) => `${l.variant_id}:${l.quantity}`)
    .join(',');
  return crypto.createHash('sha256').update(`${list}|${address}`).digest('hex');
}

/** A new receipt reference: unique, and within Razorpay's 40 characters. */
export function newReceipt(): string {
  return `rcpt_${randomBase62(20)}`;
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

/** A shopper's orders newest first, or just the one with `orderId`; each with its items. */
export async function ordersOf(db: Db, userId: number, orderId?: number): Promise<Order[]> {
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

/** How marking an order paid went. */
export type MarkPaidResult = 'paid' | 'already-paid' | 'other-payment';

/**
 * Marks an order paid by `paymentId` and takes what it bought out of its owner's cart. Run it
 * inside a transaction. Paying again with the same payment changes nothing; a paid order never
 * takes another payment, and a payment never pays two orders.
 */
export async function markOrderPaid(
  trx: Db,
  orderId: number,
  paymentId: string,
  paidAt: string,
): Promise<MarkPaidResult> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  if (order.status === 'paid') return order.payment_id === paymentId ? 'already-paid' : 'other-payment';
  const elsewhere = await trx.selectFrom('orders').select('id').where('payment_id', '=', paymentId).executeTakeFirst();
  if (elsewhere) return 'other-payment';
  await trx
    .updateTable('orders')
    .set({ status: 'paid', payment_id: paymentId, paid_at: paidAt })
    .where('id', '=', orderId)
    .where('status', '<>', 'paid')
    .execute();
  await trx
    .deleteFrom('cart_items')
    .where('user_id', '=', order.user_id)
    .where('variant_id', 'in', (eb) =>
      eb.selectFrom('order_items').select('variant_id').where('order_id', '=', orderId),
    )
    .execute();
  return 'paid';
}

/** Marks an order's payment failed, unless it is paid (a paid order never goes back). */
export async function markOrderFailed(trx: Db, orderId: number): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'failed' })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
