import { canPay } from '../../../contract/order-lifecycle';
import type { Db } from '../../db';
import type { OrderRow, RefundRow } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../errors';
import { removeOrderedLines } from '../../repositories/cart';
import { inTransaction } from '../../repositories/helpers';
import { lockKey } from '../../repositories/dialect';
import { findOrderByProviderId, findOrderForUpdate, findShopperOrder } from '../../repositories/orders';
import { paymentUsed, recordWebhookEvent } from '../../repositories/payments';
import { moveOrder, StockShortError } from '../orders/lifecycle';
import type { Refunds } from '../orders/refunds';
import { InvoiceNotDrawable, type Invoices } from '../invoices/issuing';
import { isPaymentId, isProviderOrderId, isRefundId, newProviderId } from './ids';
import type { PaymentProvider } from './provider';
import { paymentSignature, verifyPaymentSignature } from './signatures';

/**
 * How a payment for an order came out: it paid it; it had paid it already; it paid another order
 * before; or it arrived when the order could no longer be had (expired, cancelled, sold out, paid
 * by another payment) and is given back in full (`refund`, with the shopper's `message`).
 */
export type MarkPaidResult =
  | { outcome: 'paid' | 'already-paid' | 'other-payment' }
  | { outcome: 'refunded'; refund: RefundRow | undefined; message: string };

/** What deciding a payment may set going besides the order: a refund to give back, an invoice to number. */
export interface PaymentEffects {
  refunds: Refunds;
  invoices: Pick<Invoices, 'check' | 'issue'>;
}

/** What a shopper is told when their payment is given back, by what became of the order first. */
function refundMessage(order: OrderRow, why?: string): string {
  const back = 'Your payment will be refunded in full.';
  if (why) return `${why} ${back}`;
  if (order.payment_id) return `This order has already been paid. ${back}`;
  if (order.state === 'expired') return `This order expired before your payment arrived. ${back}`;
  if (order.state === 'cancelled') return `This order was cancelled before your payment arrived. ${back}`;
  return `This order can no longer be paid. ${back}`;
}

/**
 * Marks an order paid by `paymentId`, sells its stock and takes what it bought out of its owner's
 * cart. Run it inside a transaction. Paying again with the same payment changes nothing; a
 * payment never pays two orders; and money that arrives for an order that can no longer be had
 * is recorded to be refunded (submit the refund after the commit).
 */
export async function markOrderPaid(
  trx: Db,
  effects: PaymentEffects,
  orderId: number,
  paymentId: string,
  paidAt: string,
): Promise<MarkPaidResult> {
  // One payment is decided at a time, whichever order it is offered for (a payment pays one order).
  await lockKey(trx, `payment:${paymentId}`);
  const order = await findOrderForUpdate(trx, orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist.`);
  if (order.payment_id === paymentId) return { outcome: 'already-paid' };
  if (await paymentUsed(trx, paymentId)) return { outcome: 'other-payment' };
  const giveBack = async (why?: string): Promise<MarkPaidResult> => {
    const message = refundMessage(order, why);
    const refund = await effects.refunds.record(trx, order, paymentId, message);
    return { outcome: 'refunded', refund, message };
  };
  if (order.payment_id !== null || !canPay(order.state)) return giveBack();
  try {
    // An order whose tax invoice cannot be made is not sold: the shop could not bill it.
    await effects.invoices.check(trx, order, paidAt);
  } catch (error) {
    if (!(error instanceof InvoiceNotDrawable)) throw error;
    console.error(`Order ${order.id} cannot be invoiced, so its payment ${paymentId} is refunded: ${error.message}`);
    await moveOrder(trx, order, { to: 'cancelled', actor: 'system', at: paidAt, note: error.message });
    return giveBack('This order cannot be completed: the shop cannot make its tax invoice.');
  }
  try {
    await moveOrder(trx, order, { to: 'paid', actor: 'system', at: paidAt, paymentId });
    // Numbered as it is paid: the series has no gap, and its dates follow its numbers.
    await effects.invoices.issue(trx, order, paidAt);
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    // Its hold had been given back (the payment failed first) and the goods sold meanwhile.
    await moveOrder(trx, order, { to: 'cancelled', actor: 'system', at: paidAt, note: error.message });
    return giveBack(error.message.replace(/ Please .*$/, ''));
  }
  await removeOrderedLines(trx, order.user_id, orderId);
  return { outcome: 'paid' };
}

/** What the browser's checkout hands back after a payment. */
export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature?: string;
}

/** The answer for a checkout result that is no payment of this shop's. */
export const verificationFailed = () => new Invalid('Payment verification failed', { echo: 'error' });

/** Gives back what a decided payment recorded for refunding, after its transaction committed. */
async function submitRefund(refunds: Refunds, result: MarkPaidResult): Promise<void> {
  if (result.outcome === 'refunded' && result.refund) await refunds.submit(result.refund.id);
}

/**
 * Verifies a checkout's payment of the shopper's own order and marks it paid; answers the
 * order's id. Another shopper's order is as unknown as a missing one. A payment for an order that
 * can no longer be had is refunded, and the shopper is told so (409).
 */
export async function verifyCheckoutPayment(
  db: Db,
  provider: PaymentProvider,
  effects: PaymentEffects,
  userId: number,
  result: CheckoutResult,
  paidAt: string,
): Promise<number> {
  const order = await findShopperOrder(db, userId, result.razorpay_order_id);
  if (!order?.provider_order_id) throw new NotFound('Order not found.');
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
  const decided = await inTransaction(db, (trx) =>
    markOrderPaid(trx, effects, order.id, result.razorpay_payment_id, paidAt),
  );
  if (decided.outcome === 'other-payment') {
    throw new Invalid('This order has already been paid.', { also: { error: 'Payment verification failed' } });
  }
  if (decided.outcome === 'refunded') {
    await submitRefund(effects.refunds, decided);
    throw new Conflict(decided.message, { echo: 'error' });
  }
  return order.id;
}

/** The parts of a Razorpay webhook event the shop reads. */
export interface WebhookEvent {
  event?: string;
  payment?: { id?: string; order_id?: string; amount?: number; currency?: string };
  order?: { id?: string };
  refund?: { id?: string; payment_id?: string };
}

/** What a webhook delivery came to. */
export type WebhookOutcome = 'processed' | 'ignored' | 'duplicate';

/** Applies one verified event inside the caller's transaction. Unknown events and orders are ignored. */
async function applyEvent(
  trx: Db,
  effects: PaymentEffects,
  event: WebhookEvent,
  receivedAt: string,
): Promise<{ outcome: WebhookOutcome; decided?: MarkPaidResult }> {
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    const refundId = event.refund?.id;
    if (!isRefundId(refundId)) return { outcome: 'ignored' };
    const status = event.event === 'refund.processed' ? 'processed' : 'failed';
    const known = await effects.refunds.settle(trx, refundId, event.refund?.payment_id, status);
    if (known && status === 'failed') console.warn(`Webhook: refund ${refundId} failed: give it back by hand`);
    return { outcome: known ? 'processed' : 'ignored' };
  }
  const providerOrderId = event.payment?.order_id ?? event.order?.id;
  if (!isProviderOrderId(providerOrderId)) return { outcome: 'ignored' };
  const order = await findOrderByProviderId(trx, providerOrderId);
  if (!order) return { outcome: 'ignored' };

  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const paymentId = event.payment?.id;
      if (!isPaymentId(paymentId)) return { outcome: 'ignored' };
      // The payment must say what it paid, and it must be the order's amount in the order's
      // currency: an event without them (or with others) proves nothing about this order.
      const { amount, currency } = event.payment ?? {};
      if (amount !== order.amount_paise || currency !== order.currency) {
        const paid = amount === undefined ? 'no amount' : `${amount} paise`;
        console.warn(
          `Webhook: payment ${paymentId} (${paid}, ${currency ?? 'no currency'}) does not match order ${order.id} ` +
            `(${order.amount_paise} paise, ${order.currency}): ignored`,
        );
        return { outcome: 'ignored' };
      }
      const decided = await markOrderPaid(trx, effects, order.id, paymentId, receivedAt);
      if (decided.outcome === 'other-payment') {
        console.warn(`Webhook: payment ${paymentId} already paid another order than ${order.id}`);
        return { outcome: 'ignored' };
      }
      if (decided.outcome === 'refunded') {
        console.warn(`Webhook: payment ${paymentId} for order ${order.id} is refunded: ${decided.message}`);
      }
      return { outcome: 'processed', decided };
    }
    case 'payment.failed': {
      const locked = await findOrderForUpdate(trx, order.id);
      if (locked?.state !== 'awaiting_payment') return { outcome: 'ignored' };
      await moveOrder(trx, locked, { to: 'payment_failed', actor: 'system', at: receivedAt });
      return { outcome: 'processed' };
    }
    default:
      return { outcome: 'ignored' };
  }
}

/**
 * Handles one verified webhook delivery. Razorpay delivers at least once: the event id is
 * recorded in the same transaction as its effect, so a repeat is answered 'duplicate'. A refund
 * it decided is asked of the provider after the commit.
 */
export async function handleWebhookEvent(
  db: Db,
  effects: PaymentEffects,
  event: WebhookEvent,
  eventId: string | undefined,
  receivedAt: string,
): Promise<WebhookOutcome> {
  const applied = await inTransaction(db, async (trx) => {
    if (eventId && !(await recordWebhookEvent(trx, eventId, receivedAt))) return { outcome: 'duplicate' as const };
    return applyEvent(trx, effects, event, receivedAt);
  });
  if (applied.decided) await submitRefund(effects.refunds, applied.decided);
  return applied.outcome;
}

/** The shopper's own order placed through the local checkout, or 404. */
async function localOrder(db: Db, userId: number, providerOrderId: string): Promise<OrderRow> {
  const order = await findShopperOrder(db, userId, providerOrderId);
  if (!order?.provider_order_id || order.provider !== 'local') throw new NotFound('Order not found.');
  return order;
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
  const order = await localOrder(db, userId, providerOrderId);
  if (order.payment_id) throw new Invalid('This order has already been paid.');
  const paymentId = newProviderId('pay');
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: order.provider_order_id as string,
    razorpay_signature: paymentSignature(order.provider_order_id as string, paymentId, provider.keySecret),
  };
}

/**
 * The local checkout's Failure button: the payment failed, as Razorpay's payment.failed webhook
 * would say. The order gives its stock back and can be paid again until it expires.
 */
export async function failLocalPayment(db: Db, userId: number, providerOrderId: string, at: string): Promise<void> {
  const order = await localOrder(db, userId, providerOrderId);
  await inTransaction(db, async (trx) => {
    const locked = await findOrderForUpdate(trx, order.id);
    if (locked?.state !== 'awaiting_payment') return;
    await moveOrder(trx, locked, { to: 'payment_failed', actor: 'system', at });
  });
}
