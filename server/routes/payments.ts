import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { PaymentConfigSchema, PaymentResultSchema, WebhookAnswerSchema } from '../../contract/api/buying';
import { MessageAnswerSchema } from '../../contract/api/messages';
import { ApiRoutes, errors, file, json, jsonBody, onInvalid, type JsonSchema } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { parseValue } from '../http/validate';
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
const RazorpayWebhookBody = z
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
const WebhookEventIdHeader = z
  .string()
  .min(1)
  .max(MAX_EVENT_ID_LENGTH)
  .optional()
  .meta({ description: 'Razorpay delivers at least once: an id seen before is answered `duplicate`.' });

/** Razorpay's signature of a webhook delivery. */
const WebhookSignatureHeader = z
  .string()
  .meta({ description: 'HMAC-SHA256 of the raw body with the webhook secret, hex.' });

/**
 * What RazorpayWebhookBody accepts, as zod itself describes its input: the document generator
 * (zod-to-openapi 9.1) refuses `.catch` as an unknown zod type. As JSON Schema, it is also not
 * parsed before the handler, which must check the signature of the raw bytes first.
 */
function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...described } = z.toJSONSchema(schema, { io: 'input' });
  return described as JsonSchema;
}

/** POST /local/authorize: the local checkout's order to sign a payment for. */
const LocalAuthorizeBody = z.object({ order_id: providerOrderId });

/**
 * Payment routes: Razorpay's webhook, which payment mode the shop is in, and the local test
 * checkout (its script and the call that signs a test payment for the shopper's own order),
 * which exist only while the local provider is in use.
 */
export function paymentRoutes(
  accounts: Accounts,
  payments: PaymentsOptions,
  effects: PaymentEffects,
): ApiRoutes<SessionEnv> {
  const { db, now } = accounts;
  const { provider, webhookSecret } = payments;
  const app = new ApiRoutes<SessionEnv>();
  const localOnly = (c: Context) => {
    if (provider.name !== 'local') throw notFound(`No such API path: ${c.req.path}`);
  };

  const webhook = createRoute({
    method: 'post',
    path: '/webhook',
    tags: ['Payments'],
    summary: "The payment provider's webhook",
    description: 'Signed by Razorpay with the webhook secret; 404 when no secret is configured.',
    // Read by the handler, in this order: the signature of the raw bytes, the JSON, then the event id.
    request: {
      headers: z.object({
        'x-razorpay-signature': WebhookSignatureHeader,
        'x-razorpay-event-id': WebhookEventIdHeader,
      }),
      body: jsonBody(inputJsonSchema(RazorpayWebhookBody)),
    },
    responses: {
      200: json(WebhookAnswerSchema, 'The delivery was taken.'),
      ...errors([400, 'Bad signature, body or event id.'], [404, 'Webhooks are not configured.'], 413),
    },
  });
  app.openapi(webhook, async (c) => {
    if (!webhookSecret) throw notFound('Payment webhooks are not configured.');
    // The signature covers the exact bytes sent: read them before any JSON parsing.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!verifyWebhookSignature(raw, c.req.header('x-razorpay-signature'), webhookSecret)) {
      throw new ApiError(400, 'Invalid webhook signature.');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(raw).toString('utf8'));
    } catch {
      throw new ApiError(400, 'The request body is not valid JSON.');
    }
    const body = parseValue(RazorpayWebhookBody, parsed);
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
    return c.json({ status: outcome }, 200);
  });

  // Checkout and payment pages show 'Test mode — no money is taken' when this says so.
  const config = createRoute({
    method: 'get',
    path: '/config',
    tags: ['Payments'],
    summary: 'How the shop takes payments',
    responses: { 200: json(PaymentConfigSchema, 'The provider, and whether no money is taken.'), ...errors() },
  });
  app.openapi(config, (c) => {
    c.header('cache-control', 'no-cache');
    return c.json({ provider: provider.name, test_mode: isTestMode(provider) }, 200);
  });

  const checkoutScript = createRoute({
    method: 'get',
    path: '/local/checkout.js',
    tags: ['Payments'],
    summary: "The local test checkout's script",
    description: 'Only while the local test checkout is in use; 404 otherwise.',
    responses: {
      200: file('text/javascript', 'The script.', z.string()),
      ...errors([404, 'The shop uses a real payment provider.']),
    },
  });
  app.openapi(checkoutScript, (c) => {
    localOnly(c);
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('cache-control', 'no-cache');
    return c.body(localCheckoutSource());
  });

  // A call of the local checkout about the caller's own order (`order_id`): only while it is in
  // use (checked before the session).
  const signedIn = shopperSession(accounts);
  const localCall = {
    ...signedIn,
    middleware: [((c, next) => (localOnly(c), next())) satisfies MiddlewareHandler, signedIn.middleware],
    request: { body: jsonBody(LocalAuthorizeBody) },
  };
  const notThisCheckout = onInvalid({
    json: () => new ApiError(400, 'order_id must be the id of an order placed through this checkout.'),
  });

  // The Success button: signs a payment for the caller's own unpaid order as Razorpay would.
  // Anyone else's order is answered as if it did not exist.
  const authorize = createRoute({
    method: 'post',
    path: '/local/authorize',
    tags: ['Payments'],
    summary: 'Sign a test payment (local checkout)',
    description:
      "The local checkout's Success button: signs a payment for the shopper's own unpaid order as " +
      'Razorpay would. Only while the local test checkout is in use.',
    ...localCall,
    responses: {
      200: json(PaymentResultSchema, 'The signed result, for verify_payment.'),
      ...errors(
        [400, 'Not an order id of this checkout, or the order is paid.'],
        401,
        [404, 'No such order of this shopper, or a real payment provider.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    authorize,
    async (c) => {
      const answer = await authorizeLocalPayment(db, provider, c.get('session').user.id, c.req.valid('json').order_id);
      return c.json(answer, 200);
    },
    notThisCheckout,
  );

  // The Failure button: the payment failed, as Razorpay's webhook would report.
  const fail = createRoute({
    method: 'post',
    path: '/local/fail',
    tags: ['Payments'],
    summary: 'Report a failed test payment (local checkout)',
    description:
      "The local checkout's Failure button, as Razorpay's payment.failed webhook: the order gives its stock " +
      'back and can be paid again until it expires. Only while the local test checkout is in use.',
    ...localCall,
    responses: {
      200: json(MessageAnswerSchema, 'Taken.'),
      ...errors(
        [400, 'Not an order id of this checkout.'],
        401,
        [404, 'No such order of this shopper, or a real payment provider.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    fail,
    async (c) => {
      await failLocalPayment(db, c.get('session').user.id, c.req.valid('json').order_id, new Date(now()).toISOString());
      return c.json({ message: 'Payment failed' }, 200);
    },
    notThisCheckout,
  );

  return app;
}
