import type { Order } from '../../../contract/types';
import { zoneFor } from '../../../contract/delivery';
import { NotFound } from '../errors';
import { inTransaction } from '../../repositories/helpers';
import { findOrderForUpdate, listOrders } from '../../repositories/orders';
import { moveOrder } from './lifecycle';
import { type AfterMove, type OrderingContext } from './ordering-context';

/** Cancelling an order, the shopper's or any for staff, and the orders as the shopper sees them. */

/**
 * Cancels an order as `actor` (the shopper's own, or any order for staff): its stock goes back,
 * and a paid order is refunded in full. Answers the order as the shopper sees it.
 */
export async function cancel(
  ctx: OrderingContext,
  orderId: number,
  actor: 'shopper' | 'staff',
  userId?: number,
  note?: string,
  afterMove?: AfterMove,
): Promise<Order> {
  const refund = await inTransaction(ctx.db, async (trx) => {
    const order = await findOrderForUpdate(trx, orderId);
    if (!order || order.kind !== 'goods' || (userId !== undefined && order.user_id !== userId)) {
      throw new NotFound('Order not found.');
    }
    const at = ctx.iso();
    const reason = note ?? (actor === 'shopper' ? 'Cancelled by the shopper' : 'Cancelled by the shop');
    const cancelled = await moveOrder(trx, order, { to: 'cancelled', actor, at, note: note ?? null });
    await afterMove?.(trx, { before: order, after: cancelled, at });
    return cancelled.payment_id ? ctx.refunds.record(trx, cancelled, cancelled.payment_id, reason) : undefined;
  });
  if (refund) await ctx.refunds.submit(refund.id);
  const order = await findOrderForUpdate(ctx.db, orderId);
  const [view] = order ? await ordersOf(ctx, order.user_id, orderId) : [];
  if (!view) throw new NotFound('Order not found.');
  return view;
}

/**
 * The shopper's orders as they see them (or the one `orderId`), with the delivery date their
 * pincode's zone gives.
 */
export function ordersOf(ctx: OrderingContext, userId: number, orderId?: number): Promise<Order[]> {
  return listOrders(ctx.db, userId, orderId, (pincode) =>
    pincode ? (zoneFor(pincode, ctx.delivery.zones)?.days ?? null) : null,
  );
}
