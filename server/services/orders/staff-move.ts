import { type OrderState } from '../../../contract/order-lifecycle';
import type { OrderRow } from '../../db/schema';
import { NotFound } from '../errors';
import { inTransaction } from '../../repositories/helpers';
import { findOrderForUpdate } from '../../repositories/orders';
import { moveOrder } from './lifecycle';
import { type AfterMove, type OrderingContext } from './ordering-context';
import { cancel } from './cancel-order';

/** Staff moving an order along: packed, shipped, delivered, or cancelled. */

/**
 * A staff member moves an order (packed, shipped with a tracking note, delivered). Cash on
 * delivery is paid as it is delivered: its goods are sold and its tax invoice numbered then.
 * `afterMove` runs in the move's transaction (the back office's audit entry), so the move is
 * never stored without it.
 */
export async function staffMove(
  ctx: OrderingContext,
  orderId: number,
  to: OrderState,
  note: string | null,
  afterMove?: AfterMove,
): Promise<OrderRow> {
  if (to === 'cancelled') {
    await cancel(ctx, orderId, 'staff', undefined, note ?? undefined, afterMove);
    const order = await findOrderForUpdate(ctx.db, orderId);
    if (!order) throw new NotFound('Order not found.');
    return order;
  }
  return inTransaction(ctx.db, async (trx) => {
    const order = await findOrderForUpdate(trx, orderId);
    if (!order || order.kind !== 'goods') throw new NotFound('Order not found.');
    const at = ctx.iso();
    const moved = await moveOrder(trx, order, { to, actor: 'staff', at, note });
    if (moved.payment_method === 'cod' && to === 'delivered') await ctx.invoices?.issue(trx, moved, at);
    await afterMove?.(trx, { before: order, after: moved, at });
    return moved;
  });
}
