import { canPay, type OrderActor } from '../../../contract/order-lifecycle';
import type { OrderRow } from '../../db/schema';
import { Conflict, NotFound } from '../errors';
import { inTransaction } from '../../repositories/helpers';
import { findOrderForUpdate, findShopperOrderById } from '../../repositories/orders';
import { moveOrder } from './lifecycle';
import { cannotPay, type OrderingContext } from './ordering-context';
import { expire } from './expire-orders';

/** Paying an unpaid order again (Pay now, or the same cart placed again). */

/**
 * An unpaid order handed out again (placed again, or Pay now): one whose payment failed holds
 * its stock again and has a new time to pay; one whose time ran out is expired and refused.
 */
export async function resume(ctx: OrderingContext, order: OrderRow, actor: OrderActor): Promise<OrderRow> {
  if (canPay(order.state) && order.expires_at !== null && order.expires_at <= ctx.iso()) {
    await expire(ctx, order.id);
    throw cannotPay('expired');
  }
  return inTransaction(ctx.db, async (trx) => {
    const locked = await findOrderForUpdate(trx, order.id);
    if (!locked) throw new NotFound('Order not found.');
    if (locked.state === 'awaiting_payment') return locked;
    if (locked.state !== 'payment_failed') throw cannotPay(locked.state);
    const at = ctx.now();
    return moveOrder(trx, locked, { to: 'awaiting_payment', actor, at: ctx.iso(at), expiresAt: ctx.payBy(at) });
  });
}

/**
 * Pay now: the shopper's own unpaid order, same order and amount, ready for another payment
 * attempt.
 */
export async function payAgain(ctx: OrderingContext, userId: number, orderId: number): Promise<OrderRow> {
  const order = await findShopperOrderById(ctx.db, userId, orderId);
  if (!order || order.kind !== 'goods') throw new NotFound('Order not found.');
  if (order.payment_method !== 'online') throw new Conflict('This order is paid on delivery.', { echo: 'error' });
  if (!canPay(order.state)) throw cannotPay(order.state);
  if (order.provider !== ctx.provider.name) {
    throw new Conflict('This order was placed with another payment method. Please order again.', { echo: 'error' });
  }
  return resume(ctx, order, 'shopper');
}
