import { NOT_DELIVERABLE_MESSAGE, zoneFor } from '../../../contract/delivery';
import { type OrderState, type PaymentMethod } from '../../../contract/order-lifecycle';
import { paiseToRupees } from '../../../contract/pricing';
import { addressLine, deliveryPartsOf, parseAddressLine, type DeliveryParts } from '../../../contract/schemas/address';
import { QUANTITY_MESSAGE } from '../../../contract/schemas/cart';
import {
  ADDRESS_REQUIRED,
  COD_NOT_HERE_MESSAGE,
  codLimitMessage,
  type OrderLine,
} from '../../../contract/schemas/orders';
import { stockShortMessage } from '../../../contract/stock';
import type { OrderRow } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { findVariants, type VariantSummary } from '../../repositories/catalogue';
import { lockKey } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import { recordOrderEvent } from '../../repositories/order-events';
import { findReusableOrder, insertOrder, type ReusableOrderMatch } from '../../repositories/orders';
import { findAddress } from '../../repositories/addresses';
import { removeOrderedLines } from '../../repositories/cart';
import { availableStock, reserveStock } from '../../repositories/stock';
import { checkDrawable, DEMO_SELLER, invoiceLine, InvoiceNotDrawable } from '../invoices/issuing';
import { sizeLabel } from '../catalogue/variant-labels';
import { StockShortError } from './lifecycle';
import {
  cartFingerprint,
  mergeLines,
  MIN_ORDER_PAISE,
  newReceipt,
  ORDER_REUSE_MINUTES,
  totalPaise,
  withinLineLimit,
} from './orders';
import { type Destination, type OrderingContext, stockName } from './ordering-context';
import { resume } from './pay-again';

/**
 * Placing an order (and the checkout's test payment): priced here from the catalogue, never by the
 * caller; one stored order per cart; stock held from the moment the order exists.
 */

/**
 * Where an order goes, read once from structured data: a saved address of the shopper's, the
 * address form's fields, or the one line the storefront writes (its last two parts the state and
 * the pincode). The one delivery check of every order, online or cash on delivery: an address
 * without a valid pincode ('Valid 6-digit pincode is required') or state, or whose pincode the
 * shop does not serve ('Not deliverable to this pincode yet'), is refused before any order exists.
 */
export async function destinationOf(ctx: OrderingContext, userId: number, to: Destination) {
  let address: string;
  let parts: DeliveryParts | string;
  if (to.addressId !== undefined) {
    const saved = await findAddress(ctx.db, userId, to.addressId);
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
  const zone = zoneFor(parts.pincode, ctx.delivery.zones);
  if (!zone) throw new Invalid(NOT_DELIVERABLE_MESSAGE, { echo: 'error' });
  return { address, parts, pincode: parts.pincode, state: parts.state, zone };
}

/**
 * Refuses an order whose tax invoice could not be made when it is paid: a product the shop has
 * not given its HSN code and GST rate yet, or anything else the invoice needs. Checked again,
 * in the paying transaction, before its number is taken.
 */
export function checkInvoiceable(
  ctx: OrderingContext,
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
  const at = new Date(ctx.now());
  try {
    checkDrawable(
      {
        seller: ctx.invoices?.seller ?? DEMO_SELLER,
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
export async function placeOrder(
  ctx: OrderingContext,
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
    ctx.db,
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
  const destination = await destinationOf(ctx, userId, to);
  checkInvoiceable(ctx, priced, destination.parts, method);
  if (method === 'cod') {
    if (!destination.zone.cod) throw new Invalid(COD_NOT_HERE_MESSAGE, { echo: 'error' });
    if (amountPaise > ctx.delivery.codLimitPaise) {
      throw new Invalid(codLimitMessage(paiseToRupees(ctx.delivery.codLimitPaise)), { echo: 'error' });
    }
  }

  // Cash on delivery and online payment of one cart are two different orders.
  const fingerprint = cartFingerprint(lines, method === 'cod' ? `cod|${destination.address}` : destination.address);
  return ctx.exclusive(`${userId}:${fingerprint}`, async () => {
    const placedAt = ctx.now();
    const match: ReusableOrderMatch = {
      userId,
      fingerprint,
      amountPaise,
      method,
      provider: ctx.provider.name,
      since: new Date(placedAt - ORDER_REUSE_MINUTES * 60_000).toISOString(),
      unexpiredAt: ctx.iso(placedAt),
    };
    const handOut = (order: OrderRow) => (method === 'cod' ? order : resume(ctx, order, 'shopper'));
    const existing = await findReusableOrder(ctx.db, match);
    if (existing) return handOut(existing);
    // Said before the provider is asked for an order; the hold in the transaction below decides.
    const available = await availableStock(
      ctx.db,
      priced.map((l) => l.variant_id),
    );
    const short = priced.find((l) => (available.get(l.variant_id) ?? 0) < l.quantity);
    if (short) {
      // Another process may have just stored this very cart's order (which holds the stock).
      const raced = await findReusableOrder(ctx.db, match);
      if (raced) return handOut(raced);
      throw new StockShortError(stockShortMessage(stockName(short.variant), available.get(short.variant_id) ?? 0));
    }
    const receipt = newReceipt();
    const remote =
      method === 'online'
        ? await ctx.provider.createOrder({
            amountPaise,
            currency: 'INR',
            receipt,
            notes: { user_id: String(userId), lines: String(lines.length) },
          })
        : null;
    // Checked again in the same transaction as the insert: only one order of a cart is ever stored.
    return inTransaction(ctx.db, async (trx) => {
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
          provider: remote ? ctx.provider.name : null,
          provider_order_id: remote?.id ?? null,
          receipt,
          amount_paise: amountPaise,
          address: destination.address,
          delivery_pincode: destination.pincode,
          delivery_state: destination.state,
          cart_fingerprint: fingerprint,
          created_at: ctx.iso(placedAt),
          payment_id: null,
          paid_at: null,
          state,
          // Cash on delivery holds its goods until they are delivered (or it is cancelled).
          expires_at: method === 'online' ? ctx.payBy(placedAt) : null,
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
        at: ctx.iso(placedAt),
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

/** An order of `amountPaise` with nothing bought: the /razorpay page's end-to-end check of the checkout. */
export async function placeTestPayment(ctx: OrderingContext, userId: number, amountPaise: number): Promise<OrderRow> {
  const receipt = newReceipt();
  const remote = await ctx.provider.createOrder({
    amountPaise,
    currency: 'INR',
    receipt,
    notes: { user_id: String(userId), purpose: 'test payment' },
  });
  return insertOrder(ctx.db, {
    user_id: userId,
    provider: ctx.provider.name,
    provider_order_id: remote.id,
    receipt,
    kind: 'test',
    amount_paise: amountPaise,
    address: '',
    cart_fingerprint: `test:${receipt}`,
    created_at: new Date(ctx.now()).toISOString(),
    payment_id: null,
    paid_at: null,
  });
}
