import type { RefundStatus } from '../../../contract/order-lifecycle';
import type { Db } from '../../db';
import type { OrderRow, RefundRow } from '../../db/schema';
import {
  claimRefundAttempt,
  findRefund,
  findRefundForProvider,
  insertRefund,
  refundsToRetry,
  updateRefund,
} from '../../repositories/refunds';
import type { PaymentProvider } from '../payments/provider';

/**
 * Times the shop asks the provider for one refund before leaving it to staff (as 'initiated',
 * logged).
 */
export const REFUND_ATTEMPTS = 5;
/** A refund the provider did not accept is asked for again after this long. */
export const REFUND_RETRY_MS = 60_000;

/**
 * Refunds: recorded in the transaction that decides them (cancelling a paid order, a payment that
 * arrived for an order that can no longer be had), asked of the provider after that commit, asked
 * again by the sweep when the provider could not be reached, and settled by its webhooks. A
 * payment is refunded once: its refund row is unique, and only one process at a time may ask.
 */
export function createRefunds(db: Db, provider: PaymentProvider, now: () => number) {
  const iso = () => new Date(now()).toISOString();

  /** In the caller's transaction: records that `paymentId` of `order` is to be given back. */
  async function record(
    trx: Db,
    order: Pick<OrderRow, 'id' | 'provider' | 'amount_paise'>,
    paymentId: string,
    reason: string,
  ): Promise<RefundRow | undefined> {
    if (!order.provider) return undefined;
    const at = iso();
    return insertRefund(trx, {
      order_id: order.id,
      payment_id: paymentId,
      provider: order.provider,
      amount_paise: order.amount_paise,
      reason,
      created_at: at,
      updated_at: at,
    });
  }

  /**
   * Asks the provider to give the money back, unless another process is asking, the provider
   * already accepted, or it is another provider's payment (left for staff). Never throws: a
   * provider that cannot be reached is asked again by `retry`.
   */
  async function submit(refundId: number): Promise<RefundRow | undefined> {
    const refund = await findRefund(db, refundId);
    if (!refund || refund.provider_refund_id || refund.status !== 'initiated') return refund;
    if (refund.provider !== provider.name) {
      console.warn(
        `Refund ${refund.id} is of a ${refund.provider} payment: give it back from that provider's dashboard`,
      );
      return refund;
    }
    if (!(await claimRefundAttempt(db, refund, iso()))) return findRefund(db, refundId);
    try {
      const answer = await provider.refund({
        paymentId: refund.payment_id,
        amountPaise: refund.amount_paise,
        receipt: `refund_${refund.id}`,
        notes: { order_id: String(refund.order_id), reason: refund.reason.slice(0, 250) },
      });
      await updateRefund(db, refund.id, { provider_refund_id: answer.id, status: answer.status }, iso());
    } catch (error) {
      const last = refund.attempts + 1 >= REFUND_ATTEMPTS;
      console.error(
        `Refund ${refund.id} of payment ${refund.payment_id} could not be asked for (attempt ${refund.attempts + 1} of ${REFUND_ATTEMPTS})${last ? ': give it back from the payment dashboard' : ''}:`,
        error instanceof Error ? error.message : error,
      );
    }
    return findRefund(db, refundId);
  }

  /** Asks again for refunds the provider has not accepted yet; answers how many were asked. */
  async function retry(limit = 20): Promise<number> {
    const due = await refundsToRetry(db, new Date(now() - REFUND_RETRY_MS).toISOString(), REFUND_ATTEMPTS, limit);
    for (const refund of due) await submit(refund.id);
    return due.length;
  }

  /** The provider says a refund settled (its webhook, in the caller's transaction); false when it is not one of ours. */
  async function settle(
    trx: Db,
    providerRefundId: string,
    paymentId: string | undefined,
    status: Exclude<RefundStatus, 'initiated'>,
  ): Promise<boolean> {
    const refund = await findRefundForProvider(trx, providerRefundId, paymentId);
    if (!refund) return false;
    await updateRefund(trx, refund.id, { provider_refund_id: providerRefundId, status }, iso());
    return true;
  }

  return { record, submit, retry, settle };
}

export type Refunds = ReturnType<typeof createRefunds>;
