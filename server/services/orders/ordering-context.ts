import { type OrderState } from '../../../contract/order-lifecycle';
import { type AddressFields } from '../../../contract/schemas/address';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { Conflict } from '../errors';
import { type VariantSummary } from '../../repositories/catalogue';
import { DEFAULT_DELIVERY, type DeliveryOptions } from '../delivery/serviceability';
import { type Invoices } from '../invoices/issuing';
import { sizeLabel } from '../catalogue/variant-labels';
import type { PaymentProvider } from '../payments/provider';
import type { Refunds } from './refunds';

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

/**
 * Work done in a move's own transaction once the move is made: `at` is the move's ISO time,
 * `before` the order as it was read, `after` as it is now.
 */
export type AfterMove = (trx: Db, move: { before: OrderRow; after: OrderRow; at: string }) => Promise<void>;

/** How a variant is named when its stock runs short: 'Steel Tumbler (500 ml, Silver)'. */
export function stockName(v: Pick<VariantSummary, 'product_name' | 'size' | 'color' | 'unit' | 'unit_value'>): string {
  const variant = [sizeLabel(v), v.color].filter(Boolean).join(', ');
  return variant ? `${v.product_name} (${variant})` : v.product_name;
}

export interface OrderingOptions {
  /** Minutes an unpaid online order holds its stock before it expires (ORDER_PAYMENT_TIMEOUT_MINUTES). */
  paymentTimeoutMinutes: number;
  /** Where the shop delivers and its cash-on-delivery limit; the demo shop's when unset. */
  delivery?: DeliveryOptions;
}

/**
 * Where an order goes: one of the shopper's saved addresses, an address given as fields, or an
 * address as one line (read by its parts: the state and pincode last); the first given wins.
 */
export interface Destination {
  address: string;
  addressId?: number | undefined;
  fields?: AddressFields | undefined;
}

export const DEFAULT_PAYMENT_TIMEOUT_MINUTES = 30;

/** Why an order cannot be paid now, in the shopper's words. */
export function cannotPay(state: OrderState): Conflict {
  if (state === 'expired') return new Conflict('This order has expired. Please order again.', { echo: 'error' });
  if (state === 'cancelled') return new Conflict('This order was cancelled. Please order again.', { echo: 'error' });
  return new Conflict('This order has already been paid.', { echo: 'error' });
}

/**
 * What the ordering commands share (place-order.ts, pay-again.ts, cancel-order.ts, staff-move.ts,
 * expire-orders.ts; ordering.ts puts them together): the database, the payment provider, refunds,
 * invoices, where the shop delivers, the clock, and one queue per cart.
 */
export interface OrderingContext {
  db: Db;
  provider: PaymentProvider;
  refunds: Refunds;
  invoices: Pick<Invoices, 'issue' | 'seller'> | undefined;
  delivery: DeliveryOptions;
  now: () => number;
  /** `ms` (default: now) as an ISO time. */
  iso: (ms?: number) => string;
  /** The time an online order placed at `from` must be paid by. */
  payBy: (from: number) => string;
  /** Runs a task after every earlier one with the same key (see keyedQueue). */
  exclusive: <T>(key: string, task: () => Promise<T>) => Promise<T>;
}

/** The context of `createOrdering`'s commands. */
export function orderingContext(
  db: Db,
  parts: { provider: PaymentProvider; refunds: Refunds; invoices?: Pick<Invoices, 'issue' | 'seller'> },
  now: () => number,
  options: OrderingOptions,
): OrderingContext {
  const iso = (ms = now()) => new Date(ms).toISOString();
  return {
    db,
    provider: parts.provider,
    refunds: parts.refunds,
    invoices: parts.invoices,
    delivery: options.delivery ?? DEFAULT_DELIVERY,
    now,
    iso,
    payBy: (from) => iso(from + options.paymentTimeoutMinutes * 60_000),
    exclusive: keyedQueue(),
  };
}
