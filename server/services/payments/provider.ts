/** What an order at the payment provider is created with. Amounts are integer paise. */
export interface ProviderOrderInput {
  amountPaise: number;
  currency: 'INR';
  /** The shop's own unique reference (at most 40 characters, Razorpay's limit). */
  receipt: string;
  /** At most 15 pairs of at most 256 characters each (Razorpay's limits). */
  notes: Record<string, string>;
}

/**
 * A card payment provider with Razorpay's flow: the server creates an order, the browser's
 * checkout script takes the payment and hands back `{razorpay_order_id, razorpay_payment_id,
 * razorpay_signature}`, and the server checks that signature with `keySecret`.
 */
export interface PaymentProvider {
  name: 'razorpay' | 'local';
  /** Public key id given to the browser's checkout. */
  keyId: string;
  /** Signs payment results (never leaves the server). */
  keySecret: string;
  /** Address of the checkout script the browser loads. */
  checkoutScript: string;
  createOrder(input: ProviderOrderInput): Promise<{ id: string }>;
  /**
   * Gives a captured payment back in full (or `amountPaise` of it). Answers the provider's refund
   * id and where the refund stands; throws when the provider could not be asked (the shop asks
   * again later).
   */
  refund(input: ProviderRefundInput): Promise<{ id: string; status: 'initiated' | 'processed' | 'failed' }>;
}

/** A refund asked of the provider. */
export interface ProviderRefundInput {
  paymentId: string;
  amountPaise: number;
  /** The shop's reference of the refund (at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

/** What the app needs to take payments: the provider, and the webhook secret when webhooks are set up. */
export interface PaymentsOptions {
  provider: PaymentProvider;
  /** Razorpay's webhook secret (chosen in its dashboard); without it the webhook answers 404. */
  webhookSecret?: string;
}

/** True when no real money moves: the local test checkout, or Razorpay with test keys. */
export function isTestMode(provider: Pick<PaymentProvider, 'name' | 'keyId'>): boolean {
  return provider.name === 'local' || provider.keyId.startsWith('rzp_test_');
}
