import { canPay } from '../../../contract/order-lifecycle';
import { Conflict } from '../errors';
import { inTransaction } from '../../repositories/helpers';
import { dueUnpaidOrders, findOrderForUpdate } from '../../repositories/orders';
import { moveOrder } from './lifecycle';
import type { OrderingContext } from './ordering-context';

/** Expiring unpaid orders whose time to pay ran out, giving their stock back. */

/**
 * Expires one unpaid order whose time ran out, giving its stock back; false when another process
 * did, or it was paid.
 */
export async function expire(ctx: OrderingContext, orderId: number): Promise<boolean> {
  return inTransaction(ctx.db, async (trx) => {
    const order = await findOrderForUpdate(trx, orderId);
    if (!order || !canPay(order.state) || order.expires_at === null || order.expires_at > ctx.iso()) return false;
    await moveOrder(trx, order, { to: 'expired', actor: 'system', at: ctx.iso() });
    return true;
  }).catch((error: unknown) => {
    // Moved by another process between the read and the update: theirs stands.
    if (error instanceof Conflict) return false;
    throw error;
  });
}

/** The sweep: expires unpaid orders whose time ran out (safe in several processes at once); answers how many. */
export async function expireDue(ctx: OrderingContext, limit = 100): Promise<number> {
  let expired = 0;
  for (const order of await dueUnpaidOrders(ctx.db, ctx.iso(), limit)) if (await expire(ctx, order.id)) expired += 1;
  return expired;
}
