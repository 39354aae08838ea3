import { Hono, type Context } from 'hono';
import type { Db } from '../db';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { readJson } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { markOrderFailed, markOrderPaid } from '../services/orders/orders';
import { localCheckoutSource, localId } from '../services/payments/local';
import { isTestMode, type PaymentsOptions } from '../services/payments/provider';
import { paymentSignature, verifyWebhookSignature } from '../services/payments/signatures';

const PROVIDER_ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
const MAX_EVENT_ID_LENGTH = 200;

/** What a webhook delivery came to. */
type WebhookOutcome = 'processed' | 'ignored' | 'duplicate';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The entity of `payload[name]` in a Razorpay event (`payload.payment.entity`, `payload.order.entity`). */
function entity(event: Record<string, unknown>, name: string): Record<string, unknown> {
  return record(record(record(event.payload)[name]).entity);
}

/** Applies one verified event inside the caller's transaction. Unknown events and orders are ignored. */
async function applyEvent(trx: Db, event: Record<string, unknown>, receivedAt: string): Promise<WebhookOutcome> {
  const payment = entity(event, 'payment');
  const orderEntity = entity(event, 'order');
  const providerOrderId = payment.order_id ?? orderEntity.id;
  if (typeof providerOrderId !== 'string' || !PROVIDER_ORDER_ID.test(providerOrderId)) return 'ignored';
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'amount_paise'])
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirst();
  if (!order) return 'ignored';

  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const paymentId = payment.id;
      if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId)) return 'ignored';
      if (typeof payment.amount === 'number' && payment.amount !== order.amount_paise) {
        console.warn(`Webhook: payment ${paymentId} of ${payment.amount} paise does not match order ${order.id}`);
        return 'ignored';
      }
      const result = await markOrderPaid(trx, order.id, paymentId, receivedAt);
      if (result === 'other-payment') {
        // A second capture for one order is money to give back: say so where staff will look.
        console.warn(`Webhook: order ${order.id} is already paid; payment ${paymentId} needs a refund`);
        return 'ignored';
      }
      return 'processed';
    }
    case 'payment.failed':
      await markOrderFailed(trx, order.id);
      return 'processed';
    default:
      return 'ignored';
  }
}

/**
 * Payment routes: Razorpay's webhook, which payment mode the shop is in, and the local test
 * checkout (its script and the call that signs a test payment for the shopper's own order),
 * which exist only while the local provider is in use.
 */
export function paymentRoutes(accounts: Accounts, payments: PaymentsOptions): Hono<SessionEnv> {
  const { db, now } = accounts;
  const { provider, webhookSecret } = payments;
  const app = new Hono<SessionEnv>({ strict: false });
  const localOnly = (c: Context) => {
    if (provider.name !== 'local') throw notFound(`No such API path: ${c.req.path}`);
  };

  app.post('/webhook', async (c) => {
    if (!webhookSecret) throw notFound('Payment webhooks are not configured.');
    // The signature covers the exact bytes sent: read them before any JSON parsing.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!verifyWebhookSignature(raw, c.req.header('x-razorpay-signature'), webhookSecret)) {
      throw new ApiError(400, 'Invalid webhook signature.');
    }
    let event: Record<string, unknown>;
    try {
      event = record(JSON.parse(Buffer.from(raw).toString('utf8')));
    } catch {
      throw new ApiError(400, 'The request body is not valid JSON.');
    }
    const eventId = c.req.header('x-razorpay-event-id');
    if (eventId !== undefined && (!eventId || eventId.length > MAX_EVENT_ID_LENGTH)) {
      throw new ApiError(400, 'Invalid X-Razorpay-Event-Id.');
    }
    const receivedAt = new Date(now()).toISOString();
    // Razorpay delivers at least once: the event id is recorded in the same transaction as its effect.
    const outcome = await db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
      if (eventId) {
        const inserted = await trx
          .insertInto('payment_events')
          .values({ id: eventId, received_at: receivedAt })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return 'duplicate';
      }
      return applyEvent(trx, event, receivedAt);
    });
    return c.json({ status: outcome });
  });

  // Checkout and payment pages show 'Test mode — no money is taken' when this says so.
  app.get('/config', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json({ provider: provider.name, test_mode: isTestMode(provider) });
  });

  app.get('/local/checkout.js', (c) => {
    localOnly(c);
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'no-cache');
    return c.body(localCheckoutSource());
  });

  // The local checkout's Success button: signs a payment for the caller's own unpaid order as
  // Razorpay would. Anyone else's order is answered as if it did not exist.
  app.post(
    '/local/authorize',
    (c, next) => (localOnly(c), next()),
    requireSession(accounts),
    async (c) => {
      const userId = c.get('session').user.id;
      const orderId = record(await readJson(c)).order_id;
      if (typeof orderId !== 'string' || !PROVIDER_ORDER_ID.test(orderId)) {
        throw new ApiError(400, 'order_id must be the id of an order placed through this checkout.');
      }
      const order = await db
        .selectFrom('orders')
        .select(['provider_order_id', 'status'])
        .where('provider_order_id', '=', orderId)
        .where('provider', '=', 'local')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!order) throw notFound('Order not found.');
      if (order.status === 'paid') throw new ApiError(400, 'This order has already been paid.');
      const paymentId = localId('pay');
      return c.json({
        razorpay_payment_id: paymentId,
        razorpay_order_id: order.provider_order_id,
        razorpay_signature: paymentSignature(order.provider_order_id, paymentId, provider.keySecret),
      });
    },
  );

  return app;
}
