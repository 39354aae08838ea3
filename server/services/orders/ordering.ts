import type { CreatedOrder, Order } from '../../../contract/types';
import { NOT_DELIVERABLE_MESSAGE, zoneFor } from '../../../contract/delivery';
import { canPay, type OrderActor, type OrderState, type PaymentMethod } from '../../../contract/order-lifecycle';
import { paiseToRupees } from '../../../contract/pricing';
import {
  addressLine,
  deliveryPartsOf,
  parseAddressLine,
  type AddressFields,
  type DeliveryParts,
} from '../../../contract/schemas/address';
import { QUANTITY_MESSAGE } from '../../../contract/schemas/cart';
import {
  ADDRESS_REQUIRED,
  COD_NOT_HERE_MESSAGE,
  codLimitMessage,
  type OrderLine,
} from '../../../contract/schemas/orders';
import { stockShortMessage } from '../../../contract/stock';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
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
import { findAddress } from '../../repositories/addresses';
import { removeOrderedLines } from '../../repositories/cart';
import { availableStock, reserveStock } from '../../repositories/stock';
import { DEFAULT_DELIVERY, type DeliveryOptions } from '../delivery/serviceability';
import { checkDrawable, DEMO_SELLER, invoiceLine, InvoiceNotDrawable, type Invoices } from '../invoices/issuing';
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

/**
 * Work done in a move's own transaction once the move is made: `at` is the move's ISO time,
 * `before` the order as it was read, `after` as it is now.
 */
export type AfterMove = (trx: Db, move: { before: OrderRow; after: OrderRow; at: string }) => Promise<void>;

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
function cannotPay(state: OrderState): Conflict {
  if (state === 'expired') return new Conflict('This order has expired. Please order again.', { echo: 'error' });
  if (state === 'cancelled') return new Conflict('This order was cancelled. Please order again.', { echo: 'error' });
  return new Conflict('This order has already been paid.', { echo: 'error' });
}

/**
 * Placing orders (priced here from the catalogue, never by the caller; one stored order per cart;
 * stock held from the moment the order exists), paying them again, cancelling them, and expiring
 * those whose time to pay ran out.
 */
export function createOrdering(
  db: Db,
  parts: { provider: PaymentProvider; refunds: Refunds; invoices?: Pick<Invoices, 'issue' | 'seller'> },
  now: () => number,
  options: OrderingOptions = { paymentTimeoutMinutes: DEFAULT_PAYMENT_TIMEOUT_MINUTES },
) {
  const { provider, refunds, invoices } = parts;
  const delivery = options.delivery ?? DEFAULT_DELIVERY;
  const exclusive = keyedQueue();
  const iso = (ms = now()) => new Date(ms).toISOString();
  const payBy = (from: number) => iso(from + options.paymentTimeoutMinutes * 60_000);

  /**
   * Where an order goes, read once from structured data: a saved address of the shopper's, the
   * address form's fields, or the one line the storefront writes (its last two parts the state and
   * the pincode). The one delivery check of every order, online or cash on delivery: an address
   * without a valid pincode ('Valid 6-digit pincode is required') or state, or whose pincode the
   * shop does not serve ('Not deliverable to this pincode yet'), is refused before any order exists.
   */
  async function destinationOf(userId: number, to: Destination) {
    let address: string;
    let parts: DeliveryParts | string;
    if (to.addressId !== undefined) {
      const saved = await findAddress(db, userId, to.addressId);
      if (!saved) throw new NotFound(ADDRESS_REQUIRED, { echo: 'error' });
      const fields = { ...saved, landmark: saved.landmark ?? '' };
      address = addressLine(fields);
      parts = deliveryPartsOf(fields);
    } else if (to.fields) {
      address = addressLine(to.fields);
      parts = deliveryPartsOf(to.fields);
    } else {
      address = to.address;
      parts = parseAddressLine(address);
    }
    if (typeof parts === 'string') throw new Invalid(parts, { echo: 'error' });
    const zone = zoneFor(parts.pincode, delivery.zones);
    if (!zone) throw new Invalid(NOT_DELIVERABLE_MESSAGE, { echo: 'error' });
    return { address, parts, pincode: parts.pincode, state: parts.state, zone };
  }

  /**
   * Refuses an order whose tax invoice could not be made when it is paid: a product the shop has
   * not given its HSN code and GST rate yet, or anything else the invoice needs. Checked again,
   * in the paying transaction, before its number is taken.
   */
  function checkInvoiceable(
    lines: readonly (OrderLine & { variant: VariantSummary })[],
    parts: DeliveryParts,
    method: PaymentMethod,
  ): void {
    const untaxed = lines.find((l) => !l.variant.hsn_code);
    if (untaxed) {
      throw new Conflict(
        `${stockName(untaxed.variant)} cannot be ordered yet: the shop has not given it its tax details. Please try again later.`,
        { echo: 'error' },
      );
    }
    const at = new Date(now());
    try {
      checkDrawable(
        {
          seller: invoices?.seller ?? DEMO_SELLER,
          buyer: { name: parts.name, addressLines: parts.lines, state: parts.state, pincode: parts.pincode },
          order: { id: 1, placedAt: at, paymentMethod: method },
          lines: lines.map(({ variant: v, quantity }) =>
            invoiceLine({
              product_name: v.product_name,
              size: sizeLabel(v),
              color: v.color,
              hsn_code: v.hsn_code,
              gst_rate: v.gst_rate,
              quantity,
              unit_price_paise: v.final_price_paise,
            }),
          ),
        },
        at,
      );
    } catch (error) {
      if (error instanceof InvoiceNotDrawable) throw new Conflict(error.message, { echo: 'error' });
      throw error;
    }
  }

  /**
   * Places the shopper's order of `requested` lines to `to`, paid online or in cash on delivery,
   * or hands out the order of the same cart placed in the last ORDER_REUSE_MINUTES (unpaid, or
   * confirmed for cash on delivery): asking twice never makes two.
   */
  async function placeOrder(
    userId: number,
    requested: readonly OrderLine[],
    to: Destination,
    method: PaymentMethod = 'online',
  ): Promise<OrderRow> {
    const lines = mergeLines(requested);
    if (!withinLineLimit(lines)) throw new Invalid(QUANTITY_MESSAGE, { echo: 'error' });
    // The price is the catalogue's, now: whatever price or amount the request carries is ignored.
    // A product taken off sale (hidden) cannot be ordered.
    const variants = await findVariants(
      db,
      lines.map((l) => l.variant_id),
      { onSale: true },
    );
    const priced = lines.flatMap((l) => {
      const variant = variants.get(l.variant_id);
      return variant ? [{ ...l, variant, unitPaise: variant.final_price_paise }] : [];
    });
    if (priced.length < lines.length) throw new NotFound('Product not found.', { echo: 'error' });
    const amountPaise = totalPaise(priced);
    if (amountPaise < MIN_ORDER_PAISE) throw new Invalid('The order total must be at least ₹1.', { echo: 'error' });
    const destination = await destinationOf(userId, to);
    checkInvoiceable(priced, destination.parts, method);
    if (method === 'cod') {
      if (!destination.zone.cod) throw new Invalid(COD_NOT_HERE_MESSAGE, { echo: 'error' });
      if (amountPaise > delivery.codLimitPaise) {
        throw new Invalid(codLimitMessage(paiseToRupees(delivery.codLimitPaise)), { echo: 'error' });
      }
    }

    // Cash on delivery and online payment of one cart are two different orders.
    const fingerprint = cartFingerprint(lines, method === 'cod' ? `cod|${destination.address}` : destination.address);
    return exclusive(`${userId}:${fingerprint}`, async () => {
      const placedAt = now();
      const match: ReusableOrderMatch = {
        userId,
        fingerprint,
        amountPaise,
        method,
        provider: provider.name,
        since: new Date(placedAt - ORDER_REUSE_MINUTES * 60_000).toISOString(),
        unexpiredAt: iso(placedAt),
      };
      const handOut = (order: OrderRow) => (method === 'cod' ? order : resume(order, 'shopper'));
      const existing = await findReusableOrder(db, match);
      if (existing) return handOut(existing);
      // Said before the provider is asked for an order; the hold in the transaction below decides.
      const available = await availableStock(
        db,
        priced.map((l) => l.variant_id),
      );
      const short = priced.find((l) => (available.get(l.variant_id) ?? 0) < l.quantity);
      if (short) {
        // Another process may have just stored this very cart's order (which holds the stock).
        const raced = await findReusableOrder(db, match);
        if (raced) return handOut(raced);
        throw new StockShortError(stockShortMessage(stockName(short.variant), available.get(short.variant_id) ?? 0));
      }
      const receipt = newReceipt();
      const remote =
        method === 'online'
          ? await provider.createOrder({
              amountPaise,
              currency: 'INR',
              receipt,
              notes: { user_id: String(userId), lines: String(lines.length) },
            })
          : null;
      // Checked again in the same transaction as the insert: only one order of a cart is ever stored.
      return inTransaction(db, async (trx) => {
        // Another process placing the same cart waits here until this one has committed.
        await lockKey(trx, `order:${userId}:${fingerprint}`);
        const raced = await findReusableOrder(trx, match);
        if (raced) return raced;
        const state: OrderState = method === 'cod' ? 'placed' : 'awaiting_payment';
        const order = await insertOrder(
          trx,
          {
            user_id: userId,
            payment_method: method,
            provider: remote ? provider.name : null,
            provider_order_id: remote?.id ?? null,
            receipt,
            amount_paise: amountPaise,
            address: destination.address,
            delivery_pincode: destination.pincode,
            delivery_state: destination.state,
            cart_fingerprint: fingerprint,
            created_at: iso(placedAt),
            payment_id: null,
            paid_at: null,
            state,
            // Cash on delivery holds its goods until they are delivered (or it is cancelled).
            expires_at: method === 'online' ? payBy(placedAt) : null,
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
          to_state: state,
          actor: 'shopper',
        });
        // Confirmed now, paid at the door: what it bought leaves the cart as a payment would take it.
        if (method === 'cod') await removeOrderedLines(trx, userId, order.id);
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
      if (!locked) throw new NotFound('Order not found.');
      if (locked.state === 'awaiting_payment') return locked;
      if (locked.state !== 'payment_failed') throw cannotPay(locked.state);
      const at = now();
      return moveOrder(trx, locked, { to: 'awaiting_payment', actor, at: iso(at), expiresAt: payBy(at) });
    });
  }

  /** Pay now: the shopper's own unpaid order, same order and amount, ready for another payment attempt. */
  async function payAgain(userId: number, orderId: number): Promise<OrderRow> {
    const order = await findShopperOrderById(db, userId, orderId);
    if (!order || order.kind !== 'goods') throw new NotFound('Order not found.');
    if (order.payment_method !== 'online') throw new Conflict('This order is paid on delivery.', { echo: 'error' });
    if (!canPay(order.state)) throw cannotPay(order.state);
    if (order.provider !== provider.name) {
      throw new Conflict('This order was placed with another payment method. Please order again.', { echo: 'error' });
    }
    return resume(order, 'shopper');
  }

  /**
   * Cancels an order as `actor` (the shopper's own, or any order for staff): its stock goes back,
   * and a paid order is refunded in full. Answers the order as the shopper sees it.
   */
  async function cancel(
    orderId: number,
    actor: 'shopper' | 'staff',
    userId?: number,
    note?: string,
    afterMove?: AfterMove,
  ): Promise<Order> {
    const refund = await inTransaction(db, async (trx) => {
      const order = await findOrderForUpdate(trx, orderId);
      if (!order || order.kind !== 'goods' || (userId !== undefined && order.user_id !== userId)) {
        throw new NotFound('Order not found.');
      }
      const at = iso();
      const reason = note ?? (actor === 'shopper' ? 'Cancelled by the shopper' : 'Cancelled by the shop');
      const cancelled = await moveOrder(trx, order, { to: 'cancelled', actor, at, note: note ?? null });
      await afterMove?.(trx, { before: order, after: cancelled, at });
      return cancelled.payment_id ? refunds.record(trx, cancelled, cancelled.payment_id, reason) : undefined;
    });
    if (refund) await refunds.submit(refund.id);
    const order = await findOrderForUpdate(db, orderId);
    const [view] = order ? await ordersOf(order.user_id, orderId) : [];
    if (!view) throw new NotFound('Order not found.');
    return view;
  }

  /** The shopper's orders as they see them (or the one `orderId`), with the delivery date their pincode's zone gives. */
  function ordersOf(userId: number, orderId?: number): Promise<Order[]> {
    return listOrders(db, userId, orderId, (pincode) =>
      pincode ? (zoneFor(pincode, delivery.zones)?.days ?? null) : null,
    );
  }

  /**
   * A staff member moves an order (packed, shipped with a tracking note, delivered). Cash on
   * delivery is paid as it is delivered: its goods are sold and its tax invoice numbered then.
   * `afterMove` runs in the move's transaction (the back office's audit entry), so the move is
   * never stored without it.
   */
  async function staffMove(
    orderId: number,
    to: OrderState,
    note: string | null,
    afterMove?: AfterMove,
  ): Promise<OrderRow> {
    if (to === 'cancelled') {
      await cancel(orderId, 'staff', undefined, note ?? undefined, afterMove);
      const order = await findOrderForUpdate(db, orderId);
      if (!order) throw new NotFound('Order not found.');
      return order;
    }
    return inTransaction(db, async (trx) => {
      const order = await findOrderForUpdate(trx, orderId);
      if (!order || order.kind !== 'goods') throw new NotFound('Order not found.');
      const at = iso();
      const moved = await moveOrder(trx, order, { to, actor: 'staff', at, note });
      if (moved.payment_method === 'cod' && to === 'delivered') await invoices?.issue(trx, moved, at);
      await afterMove?.(trx, { before: order, after: moved, at });
      return moved;
    });
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
      if (error instanceof Conflict) return false;
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

  return { placeOrder, placeTestPayment, payAgain, cancel, staffMove, expireDue, ordersOf };
}

export type Ordering = ReturnType<typeof createOrdering>;
