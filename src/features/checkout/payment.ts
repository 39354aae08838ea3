/**
 * Opening the card payment provider's checkout. Its script is loaded on demand (once), from the
 * address the server names for the order (Razorpay's own, or the shop's local test checkout).
 */

/** What Razorpay's checkout hands the page after a successful payment. */
export interface PaymentSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What Razorpay's checkout reports on 'payment.failed'. */
export interface PaymentFailure {
  error?: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (failure: PaymentFailure) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads the checkout script once; rejects when it cannot be loaded. */
export function loadCheckoutScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Razorpay SDK failed to load.')));
      script.onerror = () => reject(new Error('Razorpay SDK failed to load.'));
      document.head.append(script);
    });
    promise.catch(() => loading.delete(src));
    loading.set(src, promise);
  }
  return promise;
}

/** How a checkout ended: paid (with the provider's signed result), failed, or closed by the shopper. */
export type CheckoutOutcome =
  | { kind: 'paid'; result: PaymentSuccess }
  | { kind: 'failed'; failure: PaymentFailure }
  | { kind: 'dismissed' };

/** Opens the checkout for an order and resolves with how it ended. */
export function openCheckout(options: {
  key: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  name: string;
  description: string;
  prefill?: { name?: string | undefined; email?: string | undefined; contact?: string | undefined };
}): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    const Razorpay = window.Razorpay;
    if (!Razorpay) throw new Error('Razorpay SDK failed to load.');
    const checkout = new Razorpay({
      key: options.key,
      order_id: options.orderId,
      amount: options.amountPaise,
      currency: options.currency,
      name: options.name,
      description: options.description,
      prefill: options.prefill,
      theme: { color: '#17704a' },
      handler: (result: PaymentSuccess) => resolve({ kind: 'paid', result }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    checkout.on('payment.failed', (failure) => resolve({ kind: 'failed', failure }));
    checkout.open();
  });
}
