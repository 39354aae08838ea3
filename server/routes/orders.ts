import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { CodOrderSchema, CreatedOrderSchema, OrderSchema, PaymentVerifiedSchema } from '../../contract/api/buying';
import { IdParams } from '../../contract/schemas/common';
import {
  ADDRESS_REQUIRED,
  CreateOrderBody,
  PRODUCT_LIST_REQUIRED,
  TestPaymentOrderBody,
} from '../../contract/schemas/orders';
import { ApiRoutes, errors, json, jsonBody, onInvalid, pdf, pdfDownload } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import { echoedError, notFound } from '../http/errors';
import { validationError } from '../http/validate';
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
): ApiRoutes<SessionEnv> {
  const { db } = accounts;
  const app = new ApiRoutes<SessionEnv>();
  const signedIn = shopperSession(accounts);
  const orderNotFound = () => notFound('Order not found.');
  const noOrder = onInvalid({ param: orderNotFound });

  const create = createRoute({
    method: 'post',
    path: '/create_order',
    tags: ['Orders'],
    summary: 'Place an order',
    description:
      "Priced by the server from the catalogue's prices now; any price or amount sent is ignored. " +
      'The same cart and address placed again within 30 minutes, unpaid, answers the same order. ' +
      "A pincode the shop does not deliver to is refused; cash on delivery needs a zone that takes it and a total within the shop's limit. " +
      'The answer carries the amount in paise, as the payment checkout wants it.',
    ...signedIn,
    request: { body: jsonBody(CreateOrderBody) },
    responses: {
      201: json(
        z.union([CreatedOrderSchema, CodOrderSchema]),
        "An online order and what the provider's checkout needs, or a confirmed cash-on-delivery order.",
      ),
      ...errors(
        [
          400,
          'No products, a bad line, no address, a total under ₹1, a pincode not served, or cash on delivery not allowed (`error` repeats the message).',
        ],
        401,
        [404, 'A variant or the saved address does not exist.'],
        [409, 'Fewer are left than asked: the message names the product and how many are left.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
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
    },
    onInvalid({ json: createOrderError }),
  );

  const verify = createRoute({
    method: 'post',
    path: '/verify_payment',
    tags: ['Orders'],
    summary: "Record a checkout's successful payment",
    description: "Checks the provider's signature over the stored order id and the payment id.",
    ...signedIn,
    request: { body: jsonBody(VerifyPaymentBody, "The checkout's result, as it handed it over.") },
    responses: {
      200: json(PaymentVerifiedSchema, 'The order is paid.'),
      ...errors(
        [400, 'The signature or ids do not check out, or the payment paid another order.'],
        401,
        [404, 'No such order of this shopper.'],
        [409, 'The order expired, was cancelled, sold out or was paid already: this payment is refunded in full.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    verify,
    async (c) => {
      const paidAt = new Date(accounts.now()).toISOString();
      const result = c.req.valid('json');
      const orderId = await verifyCheckoutPayment(db, provider, effects, c.get('session').user.id, result, paidAt);
      return c.json({ message: 'Payment verified', order_id: orderId }, 200);
    },
    onInvalid({ json: verificationFailed }),
  );

  // The /razorpay test page: a small payment with nothing bought, to check the checkout works end
  // to end. Only with test keys (or the local checkout), so no real money moves: a shop taking real
  // payments refuses before reading the body.
  const testModeOnly: MiddlewareHandler = async (_c, next) => {
    if (!isTestMode(provider)) throw echoedError(403, 'Test payments need Razorpay test keys.', 'error');
    await next();
  };
  const testPayment = createRoute({
    method: 'post',
    path: '/test_payment_order',
    tags: ['Orders'],
    summary: 'Start a test payment',
    description: 'A small payment with nothing bought, to try the checkout. Only with test keys or the local checkout.',
    ...signedIn,
    middleware: [signedIn.middleware, testModeOnly],
    request: { body: jsonBody(TestPaymentOrderBody) },
    responses: {
      201: json(CreatedOrderSchema, "The test order, and what the provider's checkout needs."),
      ...errors(400, 401, [403, 'The shop takes real payments: no test payments.'], 413, 415),
    },
  });
  app.openapi(testPayment, async (c) => {
    const order = await ordering.placeTestPayment(c.get('session').user.id, c.req.valid('json').amount);
    return c.json(checkoutAnswer(order, provider), 201);
  });

  const history = createRoute({
    method: 'get',
    path: '/orders_history',
    tags: ['Orders'],
    summary: "List the shopper's orders",
    ...signedIn,
    responses: { 200: json(z.array(OrderSchema), 'The orders, newest first.'), ...errors(401) },
  });
  app.openapi(history, async (c) => c.json(await ordering.ordersOf(c.get('session').user.id), 200));

  const getOne = createRoute({
    method: 'get',
    path: '/orders/{id}',
    tags: ['Orders'],
    summary: 'Get one order',
    ...signedIn,
    request: { params: IdParams },
    responses: { 200: json(OrderSchema, 'The order.'), ...errors(401, [404, 'No such order of this shopper.']) },
  });
  app.openapi(
    getOne,
    async (c) => {
      const [order] = await ordering.ordersOf(c.get('session').user.id, c.req.valid('param').id);
      if (!order) throw orderNotFound();
      return c.json(order, 200);
    },
    noOrder,
  );

  // The GST tax invoice of a paid order, as a PDF.
  const invoice = createRoute({
    method: 'get',
    path: '/orders/{id}/invoice',
    tags: ['Orders'],
    summary: "Download a paid order's GST tax invoice",
    description:
      'A PDF: the shop and the buyer, each line with its HSN code, taxable value and GST (CGST + SGST within ' +
      "the shop's state, IGST between states), totals in figures and words. Numbered when the order is paid.",
    ...signedIn,
    request: { params: IdParams },
    responses: {
      200: pdf('The invoice.'),
      ...errors(401, [404, 'No such order of this shopper, or it is not paid yet (no invoice).']),
    },
  });
  app.openapi(
    invoice,
    async (c) => {
      return pdfDownload(c, await effects.invoices.shopperPdf(c.get('session').user.id, c.req.valid('param').id));
    },
    noOrder,
  );

  // Pay now: the same order and amount, opened again in the provider's checkout.
  const payAgain = createRoute({
    method: 'post',
    path: '/orders/{id}/pay',
    tags: ['Orders'],
    summary: 'Pay an unpaid order again (Pay now)',
    description:
      'The same order and amount, for another payment attempt: an order whose payment failed holds its stock ' +
      'again and has a new time to pay.',
    ...signedIn,
    request: { params: IdParams },
    responses: {
      200: json(CreatedOrderSchema, "What the provider's checkout needs."),
      ...errors(
        401,
        [404, 'No such order of this shopper.'],
        [409, 'Paid already, expired, cancelled, or no longer in stock (`error` repeats the message).'],
      ),
    },
  });
  app.openapi(
    payAgain,
    async (c) => {
      const order = await ordering.payAgain(c.get('session').user.id, c.req.valid('param').id);
      return c.json(checkoutAnswer(order, provider), 200);
    },
    noOrder,
  );

  // Until it ships; a paid order is refunded in full.
  const cancel = createRoute({
    method: 'post',
    path: '/orders/{id}/cancel',
    tags: ['Orders'],
    summary: 'Cancel an order',
    description:
      'Until it ships. Its stock goes back; a paid order is refunded in full through the payment provider ' +
      '(the refund shows on the order).',
    ...signedIn,
    request: { params: IdParams },
    responses: {
      200: json(OrderSchema, 'The cancelled order.'),
      ...errors(401, [404, 'No such order of this shopper.'], [409, 'Shipped, delivered, or cancelled already.']),
    },
  });
  app.openapi(
    cancel,
    async (c) => c.json(await ordering.cancel(c.req.valid('param').id, 'shopper', c.get('session').user.id), 200),
    noOrder,
  );

  return app;
}
