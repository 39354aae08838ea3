/** An order's two statuses as the API names them, and what the storefront shows for each. */

export const PAYMENT_STATUSES = ['created', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const DELIVERY_STATUSES = ['not shipped', 'packed', 'shipped', 'delivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

function oneOf<T extends string>(values: readonly T[], raw: unknown, fallback: T): T {
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return (values as readonly string[]).includes(s) ? (s as T) : fallback;
}

/** Reads a payment status; 'pending' and anything unknown is still awaiting payment. */
export function paymentStatusOf(raw: unknown): PaymentStatus {
  return oneOf(PAYMENT_STATUSES, raw, 'created');
}

/** Reads a delivery status; anything unknown is not shipped yet. */
export function deliveryStatusOf(raw: unknown): DeliveryStatus {
  return oneOf(DELIVERY_STATUSES, raw, 'not shipped');
}

/** What a shopper reads for each payment status. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
};
