import type { CreatedOrder } from '../../../contract/types';
import { type OrderState, type PaymentMethod } from '../../../contract/order-lifecycle';
import { type OrderLine } from '../../../contract/schemas/orders';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { type Invoices } from '../invoices/issuing';
import type { PaymentProvider } from '../payments/provider';
import type { Refunds } from './refunds';
import { cancel, ordersOf } from './cancel-order';
import { expireDue } from './expire-orders';
import {
  DEFAULT_PAYMENT_TIMEOUT_MINUTES,
  orderingContext,
  type AfterMove,
  type Destination,
  type OrderingOptions,
} from './ordering-context';
import { payAgain } from './pay-again';
import { placeOrder, placeTestPayment } from './place-order';
import { staffMove } from './staff-move';

export { DEFAULT_PAYMENT_TIMEOUT_MINUTES, type AfterMove, type Destination, type OrderingOptions };

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

/**
 * Placing orders (priced here from the catalogue, never by the caller; one stored order per cart;
 * stock held from the moment the order exists), paying them again, cancelling them, and expiring
 * those whose time to pay ran out: one module a command, sharing one context.
 */
export function createOrdering(
  db: Db,
  parts: { provider: PaymentProvider; refunds: Refunds; invoices?: Pick<Invoices, 'issue' | 'seller'> },
  now: () => number,
  options: OrderingOptions = { paymentTimeoutMinutes: DEFAULT_PAYMENT_TIMEOUT_MINUTES },
) {
  const ctx = orderingContext(db, parts, now, options);
  return {
    placeOrder: (userId: number, requested: readonly OrderLine[], to: Destination, method?: PaymentMethod) =>
      placeOrder(ctx, userId, requested, to, method),
    placeTestPayment: (userId: number, amountPaise: number) => placeTestPayment(ctx, userId, amountPaise),
    payAgain: (userId: number, orderId: number) => payAgain(ctx, userId, orderId),
    cancel: (orderId: number, actor: 'shopper' | 'staff', userId?: number, note?: string, afterMove?: AfterMove) =>
      cancel(ctx, orderId, actor, userId, note, afterMove),
    staffMove: (orderId: number, to: OrderState, note: string | null, afterMove?: AfterMove) =>
      staffMove(ctx, orderId, to, note, afterMove),
    expireDue: (limit?: number) => expireDue(ctx, limit),
    ordersOf: (userId: number, orderId?: number) => ordersOf(ctx, userId, orderId),
  };
}

export type Ordering = ReturnType<typeof createOrdering>;
