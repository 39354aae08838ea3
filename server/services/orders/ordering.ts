import type { CreatedOrder, Order } from '../../../contract/types';
import { canPay, type OrderActor, type OrderState } from '../../../contract/order-lifecycle';
import { QUANTITY_MESSAGE } from '../../../contract/schemas/cart';
import type { OrderLine } from '../../../contract/schemas/orders';
import { stockShortMessage } from '../../../contract/stock';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { ApiError, echoedError, notFound } from '../../http/errors';
import { findVariants, type VariantSummary } from '../../repositories/catalogue';
import { lockKey } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import { recordOrderEvent } from '../../repositories/order-events';
import {
  dueUnpaidOrders,
  findOrderForUpdate,
  findReusableOrder,
  findShopperOrderById,
  insertOrder,
  listOrders,
  type ReusableOrderMatch,
} from '../../repositories/orders';
import { availableStock, reserveStock } from '../../repositories/stock';
import { sizeLabel } from '../catalogue/variant-labels';
import type { PaymentProvider } from '../payments/provider';
import { moveOrder, StockShortError } from './lifecycle';
import type { Refunds } from './refunds';
import {
  cartFingerprint,
  mergeLines,
  MIN_ORDER_PAISE,
  newReceipt,
  ORDER_REUSE_MINUTES,
  totalPaise,
  withinLineLimit,
} from './orders';

/**
 * Runs `task` after every earlier task with the same key has finished. Placing one cart twice
 * at once then asks the provider for one order, not two (the transaction in `placeOrder` is what
 * guarantees one stored order; this saves the provider a useless one).
 */
function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(task);
    tails.set(key, run);
    try {
      return await run;
    } finally {
      if (tails.get(key) === run) tails.delete(key);
    }
  };
}

/** What the browser needs to open the provider's checkout for `order` (an online order). */
export function checkoutAnswer(order: OrderRow, provider: PaymentProvider): CreatedOrder {
  if (!order.provider_order_id) throw new Error(`Order ${order.id} has no order at the payment provider.`);
  return {
    id: order.id,
    order_id: order.provider_order_id,
    razorpay_key: provider.keyId,
    currency: order.currency,
    amount: order.amount_paise,
    checkout_script: provider.checkoutScript,
  };
}

/** How a variant is named when its stock runs short: 'Steel Tumbler (500 ml, Silver)'. */
function stockName(v: Pick<VariantSummary, 'product_name' | 'size' | 'color' | 'unit' | 'unit_value'>): string {
  const variant = [sizeLabel(v), v.color].filter(Boolean).join(', ');
  return variant ? `${v.product_name} (${variant})` : v.product_name;
}

export interface OrderingOptions {
  /** Minutes an unpaid online order holds its stock before it expires (ORDER_PAYMENT_TIMEOUT_MINUTES). */
  paymentTimeoutMinutes: number;
}

export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;

/** Why an order cannot be paid now, in the shopper's words. */
function cannotPay(state: OrderState): ApiError {
  if (state === 'expired') return echoedError(409, 'This order has expired. Please order again.', 'error');
  if (state === 'cancelled') return echoedError(409, 'This order was cancelled. Please order again.', 'error');
  return echoedError(409, 'This order has already been paid.', 'error');
}

/**
 * Placing orders (priced here from the catalogue, never by the caller; one stored order per cart;
 * stock held from the moment the order exists), paying them again, cancelling them, and expiring
 * those whose time to pay ran out.
 */
export function createOrdering(
  db: Db,
  provider: PaymentProvider,
  refunds: Refunds,
  now: () => number,
  options: OrderingOptions = { paymentTimeoutMinutes: DEFAULT_PAYMENT_TIMEOUT_MINUTES },
) {
  const exclusive = keyedQueue();
  const iso = (ms = now()) => new Date(ms).toISOString();
  const payBy = (from: number) => iso(from + options.paymentTimeoutMinutes * 60_000);

  /**
   * Places the shopper's order of `requested` lines to `address`, or hands out the unpaid order
   * of the same cart placed in the last ORDER_REUSE_MINUTES.
   */
  async function placeOrder(userId: number, requested: readonly OrderLine[], address: string): Promise<OrderRow> {
    const lines = mergeLines(requested);
    if (!withinLineLimit(lines)) throw echoedError(400, QUANTITY_MESSAGE, 'error');
    // The price is the catalogue's, now: whatever price or amount the request carries is ignored.
    const variants = await findVariants(
      db,
      lines.map((l) => l.variant_id),
    );
    const priced = lines.flatMap((l) => {
      const variant = variants.get(l.variant_id);
      return variant ? [{ ...l, variant, unitPaise: variant.final_price_paise }] : [];
    });
    if (priced.length < lines.length) throw echoedError(404, 'Product not found.', 'error');
    const amountPaise = totalPaise(priced);
    if (amountPaise < MIN_ORDER_PAISE) throw echoedError(400, 'The order total must be at least ₹1.', 'error');

    const fingerprint = cartFingerprint(lines, address);
    return exclusive(`${userId}:${fingerprint}`, async () => {
      const placedAt = now();
      const match: ReusableOrderMatch = {
        userId,
        fingerprint,
        amountPaise,
        provider: provider.name,
        since: new Date(placedAt - ORDER_REUSE_MINUTES * 60_000).toISOString(),
        unexpiredAt: iso(placedAt),
      };
      const existing = await findReusableOrder(db, match);
      if (existing) return resume(existing, 'shopper');
      // Said before the provider is asked for an order; the hold in the transaction below decides.
      const available = await availableStock(
        db,
        priced.map((l) => l.variant_id),
      );
      const short = priced.find((l) => (available.get(l.variant_id) ?? 0) < l.quantity);
      if (short) {
        // Another process may have just stored this very cart's order (which holds the stock).
        const raced = await findReusableOrder(db, match);
        if (raced) return resume(raced, 'shopper');
        throw new StockShortError(stockShortMessage(stockName(short.variant), available.get(short.variant_id) ?? 0));
      }
      const receipt = newReceipt();
      const remote = await provider.createOrder({
        amountPaise,
        currency: 'INR',
        receipt,
        notes: { user_id: String(userId), lines: String(lines.length) },
      });
      // Checked again in the same transaction as the insert: only one order of a cart is ever stored.
      return inTransaction(db, async (trx) => {
        // Another process placing the same cart waits here until this one has committed.
        await lockKey(trx, `order:${userId}:${fingerprint}`);
        const raced = await findReusableOrder(trx, match);
        if (raced) return raced;
        const order = await insertOrder(
          trx,
          {
            user_id: userId,
            provider: provider.name,
            provider_order_id: remote.id,
            receipt,
            amount_paise: amountPaise,
            address,
            cart_fingerprint: fingerprint,
            created_at: iso(placedAt),
            payment_id: null,
            paid_at: null,
            state: 'awaiting_payment',
            expires_at: payBy(placedAt),
            stock_status: 'reserved',
          },
          priced.map(({ variant: v, quantity }) => ({
            variant_id: v.variant_id,
            product_id: v.product_id,
            product_name: v.product_name,
            product_image: v.image,
            quantity,
            unit_price_paise: v.final_price_paise,
            size: sizeLabel(v),
            color: v.color,
            hsn_code: v.hsn_code,
            gst_rate: v.gst_rate,
          })),
        );
        // The conditional update decides: of many checkouts for the last pieces, only as many as there are get them.
        const shortVariant = await reserveStock(trx, lines);
        if (shortVariant !== null) {
          const left = (await availableStock(trx, [shortVariant])).get(shortVariant) ?? 0;
          const variant = variants.get(shortVariant);
          throw new StockShortError(stockShortMessage(variant ? stockName(variant) : 'this product', left));
        }
        await recordOrderEvent(trx, {
          order_id: order.id,
          at: iso(placedAt),
          from_state: null,
          to_state: 'awaiting_payment',
          actor: 'shopper',
        });
        return order;
      });
    });
  }

  /**
   * An unpaid order handed out again (placed again, or Pay now): one whose payment failed holds
   * its stock again and has a new time to pay; one whose time ran out is expired and refused.
   */
  async function resume(order: OrderRow, actor: OrderActor): Promise<OrderRow> {
    if (canPay(order.state) && order.expires_at !== null && order.expires_at <= iso()) {
      await expire(order.id);
      throw cannotPay('expired');
    }
    return inTransaction(db, async (trx) => {
      const locked = await findOrderForUpdate(trx, order.id);
      if (!locked) throw notFound('Order not found.');
      if (locked.state === 'awaiting_payment') return locked;
      if (locked.state !== 'payment_failed') throw cannotPay(locked.state);
      const at = now();
      return moveOrder(trx, locked, { to: 'awaiting_payment', actor, at: iso(at), expiresAt: payBy(at) });
    });
  }

  /** Pay now: the shopper's own unpaid order, same order and amount, ready for another payment attempt. */
  async function payAgain(userId: number, orderId: number): Promise<OrderRow> {
    const order = await findShopperOrderById(db, userId, orderId);
    if (!order || order.kind !== 'goods') throw notFound('Order not found.');
    if (order.payment_method !== 'online') throw echoedError(409, 'This order is paid on delivery.', 'error');
    if (!canPay(order.state)) throw cannotPay(order.state);
    if (order.provider !== provider.name) {
      throw echoedError(409, 'This order was placed with another payment method. Please order again.', 'error');
    }
    return resume(order, 'shopper');
  }

  /**
   * Cancels an order as `actor` (the shopper's own, or any order for staff): its stock goes back,
   * and a paid order is refunded in full. Answers the order as the shopper sees it.
   */
  async function cancel(orderId: number, actor: 'shopper' | 'staff', userId?: number, note?: string): Promise<Order> {
    const refund = await inTransaction(db, async (trx) => {
      const order = await findOrderForUpdate(trx, orderId);
      if (!order || order.kind !== 'goods' || (userId !== undefined && order.user_id !== userId)) {
        throw notFound('Order not found.');
      }
      const at = iso();
      const reason = note ?? (actor === 'shopper' ? 'Cancelled by the shopper' : 'Cancelled by the shop');
      const cancelled = await moveOrder(trx, order, { to: 'cancelled', actor, at, note: note ?? null });
      return cancelled.payment_id ? refunds.record(trx, cancelled, cancelled.payment_id, reason) : undefined;
    });
    if (refund) await refunds.submit(refund.id);
    const order = await findOrderForUpdate(db, orderId);
    const [view] = order ? await listOrders(db, order.user_id, orderId) : [];
    if (!view) throw notFound('Order not found.');
    return view;
  }

  /** Expires one unpaid order whose time ran out, giving its stock back; false when another process did, or it was paid. */
  async function expire(orderId: number): Promise<boolean> {
    return inTransaction(db, async (trx) => {
      const order = await findOrderForUpdate(trx, orderId);
      if (!order || !canPay(order.state) || order.expires_at === null || order.expires_at > iso()) return false;
      await moveOrder(trx, order, { to: 'expired', actor: 'system', at: iso() });
      return true;
    }).catch((error: unknown) => {
      // Moved by another process between the read and the update: theirs stands.
      if (error instanceof ApiError && error.status === 409) return false;
      throw error;
    });
  }

  /** The sweep: expires unpaid orders whose time ran out (safe in several processes at once); answers how many. */
  async function expireDue(limit = 100): Promise<number> {
    let expired = 0;
    for (const order of await dueUnpaidOrders(db, iso(), limit)) if (await expire(order.id)) expired += 1;
    return expired;
  }

  /** An order of `amountPaise` with nothing bought: the /razorpay page's end-to-end check of the checkout. */
  async function placeTestPayment(userId: number, amountPaise: number): Promise<OrderRow> {
    const receipt = newReceipt();
    const remote = await provider.createOrder({
      amountPaise,
      currency: 'INR',
      receipt,
      notes: { user_id: String(userId), purpose: 'test payment' },
    });
    return insertOrder(db, {
      user_id: userId,
      provider: provider.name,
      provider_order_id: remote.id,
      receipt,
      kind: 'test',
      amount_paise: amountPaise,
      address: '',
      cart_fingerprint: `test:${receipt}`,
      created_at: new Date(now()).toISOString(),
      payment_id: null,
      paid_at: null,
    });
  }

  return { placeOrder, placeTestPayment, payAgain, cancel, expireDue };
}

export type Ordering = ReturnType<typeof createOrdering>;
