import type { Db } from '../../db';
import { ApiError, echoedError, notFound } from '../../http/errors';
import { removeOrderedLines } from '../../repositories/cart';
import { inTransaction } from '../../repositories/helpers';
import { lockKey } from '../../repositories/dialect';
import { findOrderByProviderId, findOrderForUpdate, findShopperOrder } from '../../repositories/orders';
import { paymentUsed, recordWebhookEvent, setFailed, setPaid } from '../../repositories/payments';
import { isPaymentId, isProviderOrderId, newProviderId } from './ids';
import type { PaymentProvider } from './provider';
import { paymentSignature, verifyPaymentSignature } from './signatures';

/** How marking an order paid went. */
export type MarkPaidResult = 'paid' | 'already-paid' | 'other-payment';

/**
 * Marks an order paid by `paymentId` and takes what it bought out of its owner's cart. Run it
 * inside a transaction. Paying again with the same payment changes nothing; a paid order never
 * takes another payment, and a payment never pays two orders.
 */
export async function markOrderPaid(
  trx: Db,
  orderId: number,
  paymentId: string,
  paidAt: string,
): Promise<MarkPaidResult> {
  // One payment is decided at a time, whichever order it is offered for (a payment pays one order).
  await lockKey(trx, `payment:${paymentId}`);
  const order = await findOrderForUpdate(trx, orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist.`);
  if (order.status === 'paid') return order.payment_id === paymentId ? 'already-paid' : 'other-payment';
  if (await paymentUsed(trx, paymentId)) return 'other-payment';
  await setPaid(trx, orderId, paymentId, paidAt);
  await removeOrderedLines(trx, order.user_id, orderId);
  return 'paid';
}

/** What the browser's checkout hands back after a payment. */
export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature?: string;
}

/** The answer for a checkout result that is no payment of this shop's. */
export const verificationFailed = () => echoedError(400, 'Payment verification failed', 'error');

/**
 * Verifies a checkout's payment of the shopper's own order and marks it paid; answers the
 * order's id. Another shopper's order is as unknown as a missing one.
 */
export async function verifyCheckoutPayment(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  result: CheckoutResult,
  paidAt: string,
): Promise<number> {
  const order = await findShopperOrder(db, userId, result.razorpay_order_id);
  if (!order) throw notFound('Order not found.');
  // Signed over the order id this server stored, never one the caller could choose.
  if (
    !verifyPaymentSignature(
      order.provider_order_id,
      result.razorpay_payment_id,
      result.razorpay_signature,
      provider.keySecret,
    )
  ) {
    throw verificationFailed();
  }
  const outcome = await inTransaction(db, (trx) => markOrderPaid(trx, order.id, result.razorpay_payment_id, paidAt));
  if (outcome === 'other-payment') {
    throw new ApiError(400, 'This order has already been paid.', undefined, undefined, {
      error: 'Payment verification failed',
    });
  }
  return order.id;
}

/** The parts of a Razorpay webhook event the shop reads. */
export interface WebhookEvent {
  event?: string;
  payment?: { id?: string; order_id?: string; amount?: number };
  order?: { id?: string };
}

/** What a webhook delivery came to. */
export type WebhookOutcome = 'processed' | 'ignored' | 'duplicate';

/** Applies one verified event inside the caller's transaction. Unknown events and orders are ignored. */
async function applyEvent(trx: Db, event: WebhookEvent, receivedAt: string): Promise<WebhookOutcome> {
  const providerOrderId = event.payment?.order_id ?? event.order?.id;
  if (!isProviderOrderId(providerOrderId)) return 'ignored';
  const order = await findOrderByProviderId(trx, providerOrderId);
  if (!order) return 'ignored';

  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const paymentId = event.payment?.id;
      if (!isPaymentId(paymentId)) return 'ignored';
      const amount = event.payment?.amount;
      if (amount !== undefined && amount !== order.amount_paise) {
        console.warn(`Webhook: payment ${paymentId} of ${amount} paise does not match order ${order.id}`);
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
      await setFailed(trx, order.id);
      return 'processed';
    default:
      return 'ignored';
  }
}

/**
 * Handles one verified webhook delivery. Razorpay delivers at least once: the event id is
 * recorded in the same transaction as its effect, so a repeat is answered 'duplicate'.
 */
export function handleWebhookEvent(
  db: Db,
  event: WebhookEvent,
  eventId: string | undefined,
  receivedAt: string,
): Promise<WebhookOutcome> {
  return inTransaction(db, async (trx) => {
    if (eventId && !(await recordWebhookEvent(trx, eventId, receivedAt))) return 'duplicate';
    return applyEvent(trx, event, receivedAt);
  });
}

/**
 * The local checkout's Success button: signs a payment for the shopper's own unpaid order as
 * Razorpay would. Anyone else's order is answered as if it did not exist.
 */
export async function authorizeLocalPayment(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  providerOrderId: string,
): Promise<Required<CheckoutResult>> {
  const order = await findShopperOrder(db, userId, providerOrderId);
  if (!order || order.provider !== 'local') throw notFound('Order not found.');
  if (order.status === 'paid') throw new ApiError(400, 'This order has already been paid.');
  const paymentId = newProviderId('pay');
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: order.provider_order_id,
    razorpay_signature: paymentSignature(order.provider_order_id, paymentId, provider.keySecret),
  };
}
