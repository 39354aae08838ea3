import { Hono } from 'hono';
import { z } from 'zod';
import type { CreatedOrder } from '../../contract/types';
import type { Db } from '../db';
import type { OrderRow } from '../db/schema';
import { findVariants, sizeLabel } from '../db/variants';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError, echoedError, notFound } from '../http/errors';
import { parseValue, pathId, readJson, wholeNumber } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import {
  cartFingerprint,
  markOrderPaid,
  MAX_ADDRESS_LENGTH,
  mergeLines,
  MIN_ORDER_PAISE,
  newReceipt,
  ORDER_REUSE_MINUTES,
  ordersOf,
  type OrderLine,
} from '../services/orders/orders';
import type { PaymentProvider } from '../services/payments/provider';
import { verifyPaymentSignature } from '../services/payments/signatures';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart';

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
const linesSchema = z
  .array(
    z.object({
      variant_id: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'Choose a product variant.'),
      quantity: wholeNumber(1, MAX_LINE_QUANTITY, QUANTITY_MESSAGE).default(1),
    }),
  )
  .max(MAX_CART_LINES, `An order can hold at most ${MAX_CART_LINES} products.`);

/** Razorpay's id shapes: the prefix and its base62 characters. */
const PROVIDER_ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;
/** Test payments: ₹1 by default, at most ₹1,000, in paise as the checkout counts. */
const TEST_PAYMENT_DEFAULT_PAISE = 100;
const testAmountSchema = wholeNumber(100, 100_000, 'The test amount must be from ₹1 to ₹1,000 (100 to 100000 paise).');
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Runs `task` after every earlier task with the same key has finished. Placing one cart twice
 * at once then asks the provider for one order, not two (the transaction below is what
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

/** An unpaid order of this shopper, cart, address and amount, from the same provider, placed recently. */
function reusableOrder(
  db: Db,
  o: { userId: number; fingerprint: string; amountPaise: number; provider: PaymentProvider['name']; since: string },
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', o.userId)
    .where('cart_fingerprint', '=', o.fingerprint)
    .where('amount_paise', '=', o.amountPaise)
    .where('provider', '=', o.provider)
    .where('status', '<>', 'paid')
    .where('created_at', '>=', o.since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** What the browser needs to open the provider's checkout for `order`. */
function checkoutAnswer(order: OrderRow, provider: PaymentProvider): CreatedOrder {
  return {
    id: order.id,
    order_id: order.provider_order_id,
    razorpay_key: provider.keyId,
    currency: order.currency,
    amount: order.amount_paise,
    checkout_script: provider.checkoutScript,
  };
}

/** Placing orders (priced here, never by the caller), verifying their payment, and the shopper's order history. */
export function orderRoutes(accounts: Accounts, provider: PaymentProvider): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);
  const exclusive = keyedQueue();
  const verificationFailed = () => echoedError(400, 'Payment verification failed', 'error');

  app.post('/create_order', auth, async (c) => {
    const userId = c.get('session').user.id;
    const body = await readJson(c);
    const raw = isRecord(body) ? body : {};
    if (!Array.isArray(raw.products) || raw.products.length === 0) {
      throw echoedError(400, 'Product list is required', 'error');
    }
    const lines = mergeLines(parseValue(linesSchema, raw.products));
    if (lines.some((l) => l.quantity > MAX_LINE_QUANTITY)) throw echoedError(400, QUANTITY_MESSAGE, 'error');
    const address = typeof raw.address === 'string' ? raw.address.trim() : '';
    if (!address || address.length > MAX_ADDRESS_LENGTH) {
      throw echoedError(400, 'Please select a delivery address!', 'error');
    }

    // The price is the catalogue's, now: whatever price or amount the request carries is ignored.
    const variants = await findVariants(
      db,
      lines.map((l) => l.variant_id),
    );
    if (lines.some((l) => !variants.has(l.variant_id))) throw echoedError(404, 'Product not found.', 'error');
    const amountPaise = lines.reduce((sum, l) => sum + variants.get(l.variant_id)!.final_price_paise * l.quantity, 0);
    if (amountPaise < MIN_ORDER_PAISE) throw echoedError(400, 'The order total must be at least ₹1.', 'error');

    const fingerprint = cartFingerprint(lines, address);
    const order = await exclusive(`${userId}:${fingerprint}`, async () => {
      const now = accounts.now();
      const match = {
        userId,
        fingerprint,
        amountPaise,
        provider: provider.name,
        since: new Date(now - ORDER_REUSE_MINUTES * 60_000).toISOString(),
      };
      const existing = await reusableOrder(db, match);
      if (existing) return existing;
      const receipt = newReceipt();
      const remote = await provider.createOrder({
        amountPaise,
        currency: 'INR',
        receipt,
        notes: { user_id: String(userId), lines: String(lines.length) },
      });
      // Checked again in the same transaction as the insert: only one order of a cart is ever stored.
      return db.transaction().execute(async (trx) => {
        const raced = await reusableOrder(trx, match);
        if (raced) return raced;
        const created = await trx
          .insertInto('orders')
          .values({
            user_id: userId,
            provider: provider.name,
            provider_order_id: remote.id,
            receipt,
            amount_paise: amountPaise,
            address,
            cart_fingerprint: fingerprint,
            created_at: new Date(now).toISOString(),
            payment_id: null,
            paid_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_items')
          .values(
            lines.map((l: OrderLine) => {
              const v = variants.get(l.variant_id)!;
              return {
                order_id: created.id,
                variant_id: v.variant_id,
                product_id: v.product_id,
                product_name: v.product_name,
                product_image: v.image,
                quantity: l.quantity,
                unit_price_paise: v.final_price_paise,
                size: sizeLabel(v),
                color: v.color,
              };
            }),
          )
          .execute();
        return created;
      });
    });

    return c.json(checkoutAnswer(order, provider), 201);
  });

  app.post('/verify_payment', auth, async (c) => {
    const userId = c.get('session').user.id;
    const body = await readJson(c);
    const raw = isRecord(body) ? body : {};
    const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = raw;
    if (typeof orderId !== 'string' || !PROVIDER_ORDER_ID.test(orderId)) throw verificationFailed();
    if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId)) throw verificationFailed();
    // The caller's own order only: another shopper's order is as unknown as a missing one.
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('provider_order_id', '=', orderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!order) throw notFound('Order not found.');
    // Signed over the order id this server stored, never one the caller could choose.
    if (!verifyPaymentSignature(order.provider_order_id, paymentId, signature, provider.keySecret)) {
      throw verificationFailed();
    }
    const result = await db
      .transaction()
      .execute((trx) => markOrderPaid(trx, order.id, paymentId, new Date(accounts.now()).toISOString()));
    if (result === 'other-payment') {
      throw new ApiError(400, 'This order has already been paid.', undefined, undefined, {
        error: 'Payment verification failed',
      });
    }
    return c.json({ message: 'Payment verified', order_id: order.id });
  });

  // The /razorpay test page: a small payment with nothing bought, to check the checkout works end
  // to end. Only with test keys (or the local checkout), so no real money moves.
  app.post('/test_payment_order', auth, async (c) => {
    if (!(provider.name === 'local' || provider.keyId.startsWith('rzp_test_'))) {
      throw echoedError(403, 'Test payments need Razorpay test keys.', 'error');
    }
    const userId = c.get('session').user.id;
    const raw = await readJson(c);
    const amountPaise = parseValue(
      testAmountSchema,
      isRecord(raw) && raw.amount !== undefined ? raw.amount : TEST_PAYMENT_DEFAULT_PAISE,
    );
    const receipt = newReceipt();
    const remote = await provider.createOrder({
      amountPaise,
      currency: 'INR',
      receipt,
      notes: { user_id: String(userId), purpose: 'test payment' },
    });
    const order = await db
      .insertInto('orders')
      .values({
        user_id: userId,
        provider: provider.name,
        provider_order_id: remote.id,
        receipt,
        kind: 'test',
        amount_paise: amountPaise,
        address: '',
        cart_fingerprint: `test:${receipt}`,
        created_at: new Date(accounts.now()).toISOString(),
        payment_id: null,
        paid_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json(checkoutAnswer(order, provider), 201);
  });

  app.get('/orders_history', auth, async (c) => {
    return c.json(await ordersOf(db, c.get('session').user.id));
  });

  app.get('/orders/:id', auth, async (c) => {
    const id = pathId(c.req.param('id'));
    const [order] = id === null ? [] : await ordersOf(db, c.get('session').user.id, id);
    if (!order) throw notFound('Order not found.');
    return c.json(order);
  });

  return app;
}
