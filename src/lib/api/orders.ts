/** Placing, paying for, following and cancelling orders; their invoices; how the shop takes payments. */
import { RAZORPAY_CHECKOUT_URL } from '../../../contract/payments';
import { asList, resolveMedia } from './read';
import { normaliseOrder } from './normalise-orders';
import { ApiError, call, callFile, mediaOrigin, type ApiFile } from './http';
import type { CreatedOrder, Order } from '../../../contract/types';

/** Reads create_order's answer (also the test payment's): what the checkout needs. */
function createdOrder(raw: Record<string, unknown>): CreatedOrder {
  return {
    id: Number(raw.id ?? 0),
    order_id: String(raw.order_id ?? ''),
    razorpay_key: String(raw.razorpay_key ?? ''),
    currency: String(raw.currency ?? 'INR'),
    amount: Number(raw.amount ?? 0),
    // A path names the API's own checkout: it lives where the API does, not where the page does.
    checkout_script:
      typeof raw.checkout_script === 'string' && raw.checkout_script
        ? (resolveMedia(raw.checkout_script, mediaOrigin()) ?? RAZORPAY_CHECKOUT_URL)
        : RAZORPAY_CHECKOUT_URL,
  };
}

/** Where an order goes: the address as one line, and the saved address it came from. */
export interface OrderDestination {
  address: string;
  addressId?: number;
}

/** Creates an order priced by the server; answers what the payment checkout needs. */
export async function createOrder(
  products: { variant_id: number; quantity: number }[],
  to: OrderDestination,
): Promise<CreatedOrder> {
  const raw = await call('common/create_order/', {
    method: 'POST',
    json: { products, address: to.address, address_id: to.addressId },
    fallback: 'Failed to create order.',
    // Placing the same cart again hands out its unpaid order: asking again never makes two.
    retry: true,
  });
  return createdOrder((raw ?? {}) as Record<string, unknown>);
}

/** Places a cash-on-delivery order (the server checks the pincode and the limit); answers its id and amount in paise. */
export async function createCodOrder(
  products: { variant_id: number; quantity: number }[],
  to: OrderDestination,
): Promise<{ id: number; amount: number }> {
  const raw = await call('common/create_order/', {
    method: 'POST',
    json: { products, address: to.address, address_id: to.addressId, payment_method: 'cod' },
    fallback: 'Failed to create order.',
    // The same cart placed again answers the same order: asking again never makes two.
    retry: true,
  });
  const body = (raw ?? {}) as Record<string, unknown>;
  return { id: Number(body.id ?? 0), amount: Number(body.amount ?? 0) };
}

/** A test payment of `amountPaise` with nothing bought (the /razorpay page; test keys only). */
export async function createTestPayment(amountPaise: number): Promise<CreatedOrder> {
  const raw = await call('common/test_payment_order/', {
    method: 'POST',
    json: { amount: amountPaise },
    fallback: 'Failed to create order.',
  });
  return createdOrder((raw ?? {}) as Record<string, unknown>);
}

/** Hands the payment provider's result to the server, which verifies it itself. */
export async function verifyPayment(result: Record<string, string>): Promise<void> {
  await call('common/verify_payment/', {
    method: 'POST',
    json: result,
    fallback: 'Verification Failed! Payment verification failed.',
    // A payment is recorded once, however often it is verified.
    retry: true,
  });
}

/** The shopper's orders, newest first. */
export async function getOrders(): Promise<Order[]> {
  const origin = mediaOrigin();
  return asList(await call('common/orders_history/')).map((o) => normaliseOrder(o, origin));
}

/** One of the shopper's orders, or null when there is no such order of theirs. */
export async function getOrder(id: string): Promise<Order | null> {
  try {
    return normaliseOrder(await call(`common/orders/${encodeURIComponent(id)}/`), mediaOrigin());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Pay now: the same unpaid order, ready for another payment attempt in the provider's checkout. */
export async function payOrderAgain(orderId: number): Promise<CreatedOrder> {
  const raw = await call(`common/orders/${orderId}/pay/`, {
    method: 'POST',
    fallback: 'This order cannot be paid now.',
    // Asking again hands out the same order: never a second one.
    retry: true,
  });
  return createdOrder((raw ?? {}) as Record<string, unknown>);
}

/** Cancels one of the shopper's orders (refunded in full when paid); answers the order as it is now. */
export async function cancelOrder(orderId: number): Promise<Order> {
  const raw = await call(`common/orders/${orderId}/cancel/`, {
    method: 'POST',
    fallback: 'This order could not be cancelled.',
    // Cancelling twice cancels once: the second is refused as already cancelled.
    retry: true,
  });
  return normaliseOrder(raw, mediaOrigin());
}

/** A paid order's GST tax invoice, as a PDF file and its name. */
export async function getInvoice(orderId: number): Promise<ApiFile> {
  return callFile(`common/orders/${orderId}/invoice/`, `invoice-${orderId}.pdf`, {
    fallback: 'The invoice could not be downloaded.',
  });
}

/** How the shop takes payments now: `testMode` when no money is taken (the local test checkout). */
export async function getPaymentMode(): Promise<{ provider: string; testMode: boolean }> {
  const raw = ((await call('payments/config/', { auth: false, memo: false })) ?? {}) as Record<string, unknown>;
  return { provider: String(raw.provider ?? ''), testMode: raw.test_mode === true };
}
