import type { Updateable } from 'kysely';
import { canMove, refusalOf, type OrderActor, type OrderState } from '../../../contract/order-lifecycle';
import { stockShortMessage } from '../../../contract/stock';
import type { Db } from '../../db';
import type { OrderRow, OrdersTable } from '../../db/schema';
import { Conflict } from '../errors';
import { recordOrderEvent } from '../../repositories/order-events';
import { orderItemsOf, updateOrderIfState } from '../../repositories/orders';
import {
  availableStock,
  releaseStock,
  reserveStock,
  returnStock,
  sellReservedStock,
  takeStock,
  type StockLine,
} from '../../repositories/stock';

/** One move of an order's state machine (contract/order-lifecycle.ts). */
export interface OrderMove {
  to: OrderState;
  actor: OrderActor;
  /** ISO time of the move. */
  at: string;
  note?: string | null;
  /** For a move to paid: the payment. */
  paymentId?: string;
  /** For a move back to awaiting payment: when the order expires now. */
  expiresAt?: string;
}

/**
 * An order could not take (or take back) its stock; `message` names the product and what is left.
 */
export class StockShortError extends Conflict {
  constructor(message: string) {
    super(message, { echo: 'error' });
  }
}

/** The shopper-facing refusal of a move the state machine does not allow. */
export function refusedMove(order: Pick<OrderRow, 'state'>, to: OrderState, actor: OrderActor): Conflict {
  return new Conflict(refusalOf(order.state, to, actor) ?? 'This order cannot be changed that way.');
}

/** The stock lines of an order and, for a refusal, what to call each of its variants. */
async function linesOf(trx: Db, orderId: number): Promise<{ lines: StockLine[]; names: Map<number, string> }> {
  const items = await orderItemsOf(trx, orderId);
  const names = new Map<number, string>();
  for (const i of items) {
    const variant = [i.size, i.color].filter(Boolean).join(', ');
    names.set(i.variant_id, variant ? `${i.product_name} (${variant})` : i.product_name);
  }
  return { lines: items.map((i) => ({ variant_id: i.variant_id, quantity: i.quantity })), names };
}

/** Throws the shopper's message for the variant that ran short. */
async function stockShort(trx: Db, variantId: number, names: Map<number, string>): Promise<never> {
  const available = (await availableStock(trx, [variantId])).get(variantId) ?? 0;
  throw new StockShortError(stockShortMessage(names.get(variantId) ?? 'this product', available));
}

/**
 * Moves `order` (read in this transaction) along its lifecycle, with what the move does to its
 * stock, and records the change. Refuses a move the state machine does not allow for `actor`
 * (409 with the reason), and an order another request changed meanwhile (409: it is re-read by
 * the conditional update, so two processes never both move it). Stock:
 * - back to awaiting payment: held again (StockShortError when it is no longer there);
 * - payment failed, expired, cancelled: what it held is given back, what it sold is returned;
 * - paid: held stock is sold; an order whose hold was given back takes it off the shelf again.
 */
export async function moveOrder(trx: Db, order: OrderRow, move: OrderMove): Promise<OrderRow> {
  if (!canMove(order.state, move.to, move.actor)) throw refusedMove(order, move.to, move.actor);
  const change: Updateable<OrdersTable> = { state: move.to };
  const needsLines =
    order.stock_status !== 'none' || move.to === 'awaiting_payment' || move.to === 'paid' || move.to === 'delivered';
  const { lines, names } = needsLines ? await linesOf(trx, order.id) : { lines: [], names: new Map() };

  switch (move.to) {
    case 'awaiting_payment': {
      if (order.stock_status === 'none' && order.kind === 'goods') {
        const short = await reserveStock(trx, lines);
        if (short !== null) await stockShort(trx, short, names);
        change.stock_status = 'reserved';
      }
      change.expires_at = move.expiresAt ?? order.expires_at;
      break;
    }
    case 'paid': {
      if (!move.paymentId) throw new Error('A move to paid needs its payment id.');
      if (order.stock_status === 'reserved') await sellReservedStock(trx, lines);
      else if (order.stock_status === 'none' && order.kind === 'goods') {
        const short = await takeStock(trx, lines);
        if (short !== null) await stockShort(trx, short, names);
      }
      change.stock_status = order.kind === 'goods' ? 'sold' : 'none';
      change.payment_id = move.paymentId;
      change.paid_at = move.at;
      change.expires_at = null;
      break;
    }
    case 'payment_failed':
    case 'expired':
    case 'cancelled': {
      if (order.stock_status === 'reserved') await releaseStock(trx, lines);
      if (order.stock_status === 'sold') await returnStock(trx, lines);
      change.stock_status = 'none';
      if (move.to !== 'payment_failed') change.expires_at = null;
      break;
    }
    case 'delivered': {
      // Cash on delivery is paid as it is handed over: its held goods are sold then.
      if (order.payment_method === 'cod') {
        change.paid_at = move.at;
        if (order.stock_status === 'reserved') await sellReservedStock(trx, lines);
        change.stock_status = 'sold';
      }
      break;
    }
    default:
      break;
  }

  const updated = await updateOrderIfState(trx, order.id, order.state, change);
  if (!updated) throw new Conflict('This order was changed meanwhile. Please reload the page and try again.');
  await recordOrderEvent(trx, {
    order_id: order.id,
    at: move.at,
    from_state: order.state,
    to_state: move.to,
    actor: move.actor,
    note: move.note ?? null,
  });
  return updated;
}
