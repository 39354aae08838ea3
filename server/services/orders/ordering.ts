import type { CreatedOrder } from '../../../contract/types';
import { QUANTITY_MESSAGE } from '../../../contract/schemas/cart';
import type { OrderLine } from '../../../contract/schemas/orders';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { echoedError } from '../../http/errors';
import { findVariants } from '../../repositories/catalogue';
import { lockKey } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import { findReusableOrder, insertOrder, type ReusableOrderMatch } from '../../repositories/orders';
import { sizeLabel } from '../catalogue/variant-labels';
import type { PaymentProvider } from '../payments/provider';
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

/** What the browser needs to open the provider's checkout for `order`. */
export function checkoutAnswer(order: OrderRow, provider: PaymentProvider): CreatedOrder {
  return {
    id: order.id,
    order_id: order.provider_order_id,
    razorpay_key: provider.keyId,
    currency: order.currency,
    amount: order.amount_paise,
    checkout_script: provider.checkoutScript,
  };
}

/** Placing orders: priced here from the catalogue, never by the caller; one stored order per cart. */
export function createOrdering(db: Db, provider: PaymentProvider, now: () => number) {
  const exclusive = keyedQueue();

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
      };
      const existing = await findReusableOrder(db, match);
      if (existing) return existing;
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
        return insertOrder(
          trx,
          {
            user_id: userId,
            provider: provider.name,
            provider_order_id: remote.id,
            receipt,
            amount_paise: amountPaise,
            address,
            cart_fingerprint: fingerprint,
            created_at: new Date(placedAt).toISOString(),
            payment_id: null,
            paid_at: null,
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
          })),
        );
      });
    });
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

  return { placeOrder, placeTestPayment };
}
