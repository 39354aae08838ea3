import { Hono } from 'hono';
import { z } from 'zod';
import { IdParams } from '../../contract/schemas/common';
import {
  ADDRESS_REQUIRED,
  CreateOrderBody,
  PRODUCT_LIST_REQUIRED,
  TestPaymentOrderBody,
} from '../../contract/schemas/orders';
import { requireSession, type SessionEnv } from '../http/auth';
import { echoedError, notFound } from '../http/errors';
import { parseJson, parseParams, validationError } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { checkoutAnswer, type Ordering } from '../services/orders/ordering';
import type { Invoices } from '../services/invoices/issuing';
import { paymentId, providerOrderId } from '../services/payments/ids';
import { verificationFailed, verifyCheckoutPayment, type PaymentEffects } from '../services/payments/payments';
import { isTestMode, type PaymentProvider } from '../services/payments/provider';

/**
 * POST /verify_payment: what the provider's checkout handed the browser. A signature that is
 * missing or not text is checked like a wrong one (after the order is looked up), as before.
 */
export const VerifyPaymentBody = z.object({
  razorpay_order_id: providerOrderId,
  razorpay_payment_id: paymentId,
  // The document generator cannot describe `.catch`: `type` tells it what the shop reads here.
  razorpay_signature: z
    .string()
    .optional()
    .catch(undefined)
    .meta({ type: 'string', description: 'HMAC-SHA256 of `order_id|payment_id`, hex.' }),
});

/**
 * The checkout reads `error`: a missing product list or address is answered there too; a bad
 * line names its field like any other body.
 */
function createOrderError(error: z.ZodError) {
  const [issue] = error.issues;
  if (!issue || issue.path.length === 0 || issue.message === PRODUCT_LIST_REQUIRED) {
    return echoedError(400, PRODUCT_LIST_REQUIRED, 'error');
  }
  if (issue.message === ADDRESS_REQUIRED) return echoedError(400, ADDRESS_REQUIRED, 'error');
  return validationError(error);
}

/**
 * Placing orders (priced by the ordering service, never by the caller), verifying their payment,
 * paying again, cancelling, and the shopper's order history.
 */
export function orderRoutes(
  accounts: Accounts,
  provider: PaymentProvider,
  ordering: Ordering,
  effects: PaymentEffects & { invoices: Invoices },
): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);
  const orderNotFound = () => notFound('Order not found.');

  app.post('/create_order', auth, async (c) => {
    const body = await parseJson(c, CreateOrderBody, createOrderError);
    const to = { address: body.address, addressId: body.address_id, fields: body.delivery_address };
    const order = await ordering.placeOrder(c.get('session').user.id, body.products, to, body.payment_method);
    // Cash on delivery has no checkout to open: the order is confirmed as it is.
    if (order.payment_method === 'cod') {
      return c.json(
        { id: order.id, payment_method: 'cod' as const, currency: order.currency, amount: order.amount_paise },
        201,
      );
    }
    return c.json(checkoutAnswer(order, provider), 201);
  });

  app.post('/verify_payment', auth, async (c) => {
    const result = await parseJson(c, VerifyPaymentBody, verificationFailed);
    const paidAt = new Date(accounts.now()).toISOString();
    const orderId = await verifyCheckoutPayment(db, provider, effects, c.get('session').user.id, result, paidAt);
    return c.json({ message: 'Payment verified', order_id: orderId });
  });

  // The /razorpay test page: a small payment with nothing bought, to check the checkout works end
  // to end. Only with test keys (or the local checkout), so no real money moves.
  app.post('/test_payment_order', auth, async (c) => {
    if (!isTestMode(provider)) throw echoedError(403, 'Test payments need Razorpay test keys.', 'error');
    const { amount } = await parseJson(c, TestPaymentOrderBody);
    const order = await ordering.placeTestPayment(c.get('session').user.id, amount);
    return c.json(checkoutAnswer(order, provider), 201);
  });

  app.get('/orders_history', auth, async (c) => c.json(await ordering.ordersOf(c.get('session').user.id)));

  app.get('/orders/:id', auth, async (c) => {
    const { id } = parseParams(c, IdParams, orderNotFound);
    const [order] = await ordering.ordersOf(c.get('session').user.id, id);
    if (!order) throw orderNotFound();
    return c.json(order);
  });

  // Pay now: the same order and amount, opened again in the provider's checkout.
  app.post('/orders/:id/pay', auth, async (c) => {
    const { id } = parseParams(c, IdParams, orderNotFound);
    const order = await ordering.payAgain(c.get('session').user.id, id);
    return c.json(checkoutAnswer(order, provider));
  });

  // The GST tax invoice of a paid order, as a PDF.
  app.get('/orders/:id/invoice', auth, async (c) => {
    const { id } = parseParams(c, IdParams, orderNotFound);
    const invoice = await effects.invoices.shopperPdf(c.get('session').user.id, id);
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', `attachment; filename="${invoice.fileName}"`);
    c.header('cache-control', 'private, no-store');
    return c.body(new Uint8Array(invoice.pdf));
  });

  // Until it ships; a paid order is refunded in full.
  app.post('/orders/:id/cancel', auth, async (c) => {
    const { id } = parseParams(c, IdParams, orderNotFound);
    return c.json(await ordering.cancel(id, 'shopper', c.get('session').user.id));
  });

  return app;
}
