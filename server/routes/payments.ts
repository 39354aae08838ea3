import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { parseJson, parseValue } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { providerOrderId } from '../services/payments/ids';
import { localCheckoutSource } from '../services/payments/local';
import {
  authorizeLocalPayment,
  failLocalPayment,
  handleWebhookEvent,
  type PaymentEffects,
} from '../services/payments/payments';
import { isTestMode, type PaymentsOptions } from '../services/payments/provider';
import { verifyWebhookSignature } from '../services/payments/signatures';

const MAX_EVENT_ID_LENGTH = 200;

/** A field the shop reads if it has the expected type, and ignores otherwise. */
const ifString = z.string().optional().catch(undefined);

/**
 * The parts of a Razorpay webhook event the shop reads (`payload.payment.entity`,
 * `payload.order.entity`). Anything else, or a part of another shape, is ignored, never refused:
 * the provider would only deliver it again.
 */
export const RazorpayWebhookBody = z
  .object({
    event: ifString.meta({ example: 'payment.captured' }),
    payload: z
      .object({
        payment: z
          .object({
            entity: z
              .object({
                id: ifString,
                order_id: ifString,
                amount: z.number().optional().catch(undefined),
                currency: ifString,
              })
              .catch({}),
          })
          .optional()
          .catch(undefined),
        order: z
          .object({ entity: z.object({ id: ifString }).catch({}) })
          .optional()
          .catch(undefined),
        refund: z
          .object({ entity: z.object({ id: ifString, payment_id: ifString }).catch({}) })
          .optional()
          .catch(undefined),
      })
      .optional()
      .catch(undefined),
  })
  .catch({})
  .meta({
    description:
      'payment.captured, order.paid and payment.failed change an order, refund.processed and refund.failed its refund; other events are ignored.',
  });

/** The webhook's event id header: absent, or 1 to 200 characters. */
export const WebhookEventIdHeader = z
  .string()
  .min(1)
  .max(MAX_EVENT_ID_LENGTH)
  .optional()
  .meta({ description: 'Razorpay delivers at least once: an id seen before is answered `duplicate`.' });

/** POST /local/authorize: the local checkout's order to sign a payment for. */
export const LocalAuthorizeBody = z.object({ order_id: providerOrderId });

/**
 * Payment routes: Razorpay's webhook, which payment mode the shop is in, and the local test
 * checkout (its script and the call that signs a test payment for the shopper's own order),
 * which exist only while the local provider is in use.
 */
export function paymentRoutes(
  accounts: Accounts,
  payments: PaymentsOptions,
  effects: PaymentEffects,
): Hono<SessionEnv> {
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
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(raw).toString('utf8'));
    } catch {
      throw new ApiError(400, 'The request body is not valid JSON.');
    }
    const body = parseValue(RazorpayWebhookBody, json);
    const eventId = parseValue(WebhookEventIdHeader, c.req.header('x-razorpay-event-id'), () => {
      return new ApiError(400, 'Invalid X-Razorpay-Event-Id.');
    });
    const event = {
      event: body.event,
      payment: body.payload?.payment?.entity,
      order: body.payload?.order?.entity,
      refund: body.payload?.refund?.entity,
    };
    const outcome = await handleWebhookEvent(db, effects, event, eventId, new Date(now()).toISOString());
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

  /** A call of the local checkout about the caller's own order (`order_id`); only while it is in use. */
  const localCall = (path: string, answer: (userId: number, orderId: string) => Promise<object>) =>
    app.post(
      path,
      (c, next) => (localOnly(c), next()),
      requireSession(accounts),
      async (c) => {
        const { order_id: orderId } = await parseJson(c, LocalAuthorizeBody, () => {
          return new ApiError(400, 'order_id must be the id of an order placed through this checkout.');
        });
        return c.json(await answer(c.get('session').user.id, orderId));
      },
    );

  // The Success button: signs a payment for the caller's own unpaid order as Razorpay would.
  // Anyone else's order is answered as if it did not exist.
  localCall('/local/authorize', (userId, orderId) => authorizeLocalPayment(db, provider, userId, orderId));

  // The Failure button: the payment failed, as Razorpay's webhook would report.
  localCall('/local/fail', async (userId, orderId) => {
    await failLocalPayment(db, userId, orderId, new Date(now()).toISOString());
    return { message: 'Payment failed' };
  });

  return app;
}
