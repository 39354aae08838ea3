import Razorpay from 'razorpay';
import { RAZORPAY_CHECKOUT_URL } from '../../../contract/payments';
import { PaymentProviderFailed } from '../errors';
import { isProviderOrderId, isRefundId } from './ids';
import type { PaymentProvider } from './provider';

/** The part of the SDK client the shop uses. */
export type RazorpayClient = Pick<Razorpay, 'orders' | 'payments'>;

/** Builds the official SDK client for a key pair. */
export function razorpayClient(keyId: string, keySecret: string): Razorpay {
  return new Razorpay({ key_id: keyId, key_secret: keySecret });
}

/**
 * Razorpay through its official SDK. `client` is the SDK client (tests hand one whose HTTP
 * layer is stubbed). The SDK rejects with plain objects, not Errors; any failure becomes a 502
 * the shopper can retry, and the details go to the server log only.
 */
export function createRazorpayProvider(
  keys: { keyId: string; keySecret: string },
  client: RazorpayClient = razorpayClient(keys.keyId, keys.keySecret),
): PaymentProvider {
  return {
    name: 'razorpay',
    keyId: keys.keyId,
    keySecret: keys.keySecret,
    checkoutScript: RAZORPAY_CHECKOUT_URL,
    async createOrder({ amountPaise, currency, receipt, notes }) {
      let order: unknown;
      try {
        order = await client.orders.create({ amount: amountPaise, currency, receipt, notes });
      } catch (error) {
        console.error('Razorpay could not create an order:', describe(error));
        throw new PaymentProviderFailed('The payment provider could not create the order. Please try again.');
      }
      const id = (order as { id?: unknown } | null)?.id;
      if (!isProviderOrderId(id)) {
        console.error('Razorpay answered an order without a usable id:', JSON.stringify(order));
        throw new PaymentProviderFailed('The payment provider could not create the order. Please try again.');
      }
      return { id };
    },
    async refund({ paymentId, amountPaise, receipt, notes }) {
      let refund: unknown;
      try {
        refund = await client.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', receipt, notes });
      } catch (error) {
        console.error(`Razorpay could not refund payment ${paymentId}:`, describe(error));
        throw new PaymentProviderFailed('The payment provider could not start the refund. It will be tried again.');
      }
      const { id, status } = (refund ?? {}) as { id?: unknown; status?: unknown };
      if (!isRefundId(id)) {
        console.error('Razorpay answered a refund without a usable id:', JSON.stringify(refund));
        throw new PaymentProviderFailed('The payment provider could not start the refund. It will be tried again.');
      }
      // Razorpay says 'pending' until the bank has the money back; its webhook says when.
      return { id, status: status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'initiated' };
    },
  };
}

/** A readable line for whatever the SDK rejected with (`{statusCode, error}` or an Error). */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
