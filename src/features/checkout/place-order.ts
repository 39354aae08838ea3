import { ApiError } from '../../lib/api/http';
import {
  createCodOrder,
  createOrder,
  createTestPayment,
  payOrderAgain,
  verifyPayment,
  type OrderDestination,
} from '../../lib/api/orders';
import type { PaymentMethod } from '../../../contract/order-lifecycle';
import { refusedByServer, shopperMessage } from '../../lib/api/error-message';
import type { CreatedOrder } from '../../../contract/types';
import type { CheckoutLine } from './checkout-lines';
import { SHOP_NAME } from '../../../contract/shop';
import { loadCheckoutScript, openCheckout } from './payment';

/** How a payment ended (or a cash-on-delivery order was placed), with the message the shopper is shown for it. */
export type PaymentResult =
  | { ok: true; orderId: number; cod?: { amountPaise: number } }
  | { ok: false; title: string; text: string; retry: boolean };

type Prefill = { name?: string | undefined; email?: string | undefined; contact?: string | undefined };

function createFailure(error: unknown): PaymentResult {
  return {
    ok: false,
    title: 'Error',
    text: shopperMessage(error, { refused: 'Failed to create order.' }),
    retry: true,
  };
}

/**
 * Pays for an order the server created: the provider's checkout takes the payment, and the server
 * verifies the provider's signed result before the order counts as paid.
 */
export async function payForOrder(order: CreatedOrder, description: string, prefill: Prefill): Promise<PaymentResult> {
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
    description,
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
    // The order could no longer be had (expired, cancelled, sold out): the server says so, and that the payment is refunded.
    if (error instanceof ApiError && error.status === 409) {
      return { ok: false, title: 'Order not placed', text: error.message, retry: false };
    }
    if (refusedByServer(error)) {
      return { ok: false, title: 'Verification Failed!', text: 'Payment verification failed.', retry: false };
    }
    return { ok: false, title: 'Error', text: 'Error verifying payment.', retry: false };
  }
  return { ok: true, orderId: order.id };
}

/** Places an order for `lines` (the server prices it) and pays for it, or confirms it for cash on delivery. */
export async function placeOrder(
  lines: CheckoutLine[],
  to: OrderDestination,
  prefill: Prefill,
  method: PaymentMethod = 'online',
): Promise<PaymentResult> {
  const products = lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity }));
  if (method === 'cod') {
    try {
      const placed = await createCodOrder(products, to);
      return { ok: true, orderId: placed.id, cod: { amountPaise: placed.amount } };
    } catch (error) {
      return createFailure(error);
    }
  }
  let order: CreatedOrder;
  try {
    order = await createOrder(products, to);
  } catch (error) {
    return createFailure(error);
  }
  return payForOrder(order, `Order of ${lines.length} item${lines.length === 1 ? '' : 's'}`, prefill);
}

/** Pay now: pays one of the shopper's unpaid orders again, same order and amount. */
export async function payAgain(orderId: number, prefill: Prefill): Promise<PaymentResult> {
  let order: CreatedOrder;
  try {
    order = await payOrderAgain(orderId);
  } catch (error) {
    return {
      ok: false,
      title: 'Error',
      text: shopperMessage(error, { refused: 'This order cannot be paid now.' }),
      retry: false,
    };
  }
  return payForOrder(order, `Order #${orderId}`, prefill);
}

/** Makes a test payment of `amountPaise` with nothing bought (the /razorpay page). */
export async function testPayment(amountPaise: number, prefill: Prefill): Promise<PaymentResult> {
  let order: CreatedOrder;
  try {
    order = await createTestPayment(amountPaise);
  } catch (error) {
    return createFailure(error);
  }
  return payForOrder(order, 'Test payment', prefill);
}
