import { z } from 'zod';
import { randomBase62 } from './signatures';

/** Razorpay's id shapes: a prefix and up to 40 base62 characters (`order_…`, `pay_…`). */
const PROVIDER_ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;
const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
const REFUND_ID = /^rfnd_[A-Za-z0-9]{1,40}$/;

/** True when `value` has the shape of a provider's order id. */
export function isProviderOrderId(value: unknown): value is string {
  return typeof value === 'string' && PROVIDER_ORDER_ID.test(value);
}

/** True when `value` has the shape of a provider's payment id. */
export function isPaymentId(value: unknown): value is string {
  return typeof value === 'string' && PAYMENT_ID.test(value);
}

/** True when `value` has the shape of a provider's refund id. */
export function isRefundId(value: unknown): value is string {
  return typeof value === 'string' && REFUND_ID.test(value);
}

/** A provider's order id in a request. */
export const providerOrderId = z.string().regex(PROVIDER_ORDER_ID);
/** A provider's payment id in a request. */
export const paymentId = z.string().regex(PAYMENT_ID);

/** A new id shaped like Razorpay's: `prefix_` and 14 base62 characters. */
export function newProviderId(prefix: 'order' | 'pay' | 'rfnd'): string {
  return `${prefix}_${randomBase62(14)}`;
}
