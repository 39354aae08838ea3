import { ApiError, createOrder, verifyPayment } from './api/client';
import type { CheckoutLine } from './checkout-state';
import { SHOP_NAME } from './constants';
import { loadCheckoutScript, openCheckout } from './payment';

/** How placing an order ended, with the message SPEC.md §8 gives for it. */
export type PlaceOrderResult =
  | { ok: true; orderId: number }
  | { ok: false; title: string; text: string; retry: boolean };

/**
 * Places an order: the server prices it, the provider's checkout takes the payment, and the
 * server verifies the provider's signed result before the order counts as paid.
 */
export async function placeOrder(
  lines: CheckoutLine[],
  address: string,
  prefill: { name?: string; email?: string; contact?: string },
): Promise<PlaceOrderResult> {
  let order;
  try {
    order = await createOrder(
      lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity })),
      address,
    );
  } catch (error) {
    const text =
      error instanceof ApiError && error.status > 0 && error.message ? error.message : 'Failed to create order.';
    return { ok: false, title: 'Error', text, retry: true };
  }
  try {
    await loadCheckoutScript(order.checkout_script);
  } catch {
    return { ok: false, title: 'Error', text: 'Razorpay SDK failed to load.', retry: true };
  }
  const outcome = await openCheckout({
    key: order.razorpay_key,
    orderId: order.order_id,
    amountPaise: order.amount,
    currency: order.currency,
    name: SHOP_NAME,
    description: `Order of ${lines.length} item${lines.length === 1 ? '' : 's'}`,
    prefill,
  });
  if (outcome.kind === 'dismissed') {
    return {
      ok: false,
      title: 'Payment Failed',
      text: 'Something went wrong during payment. Payment was cancelled.',
      retry: true,
    };
  }
  if (outcome.kind === 'failed') {
    const reason = outcome.failure.error?.description ?? 'Payment failed.';
    return { ok: false, title: 'Payment Failed', text: `Something went wrong during payment. ${reason}`, retry: true };
  }
  try {
    await verifyPayment({ ...outcome.result });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      return { ok: false, title: 'Verification Failed!', text: 'Payment verification failed.', retry: false };
    }
    return { ok: false, title: 'Error', text: 'Error verifying payment.', retry: false };
  }
  return { ok: true, orderId: order.id };
}
