import fs from 'node:fs';
import type { PaymentProvider } from './provider';
import { newProviderId } from './ids';

/** The key id the local checkout is opened with (shaped like a Razorpay test key). */
export const LOCAL_KEY_ID = 'rzp_test_local';
/** Where the shop serves its own stand-in for Razorpay's checkout script. */
export const LOCAL_CHECKOUT_SCRIPT = '/api/payments/local/checkout.js';

/**
 * The default provider, for demos and tests without a Razorpay account: orders are made up
 * here, and the shop's own checkout page signs payments with `keySecret` exactly as Razorpay
 * would, so the server's verification is the same code for both.
 */
export function createLocalProvider(keySecret: string): PaymentProvider {
  if (keySecret.length < 32) throw new Error('The local payment secret must be at least 32 characters.');
  return {
    name: 'local',
    keyId: LOCAL_KEY_ID,
    keySecret,
    checkoutScript: LOCAL_CHECKOUT_SCRIPT,
    createOrder: async () => ({ id: newProviderId('order') }),
    // No money moved, so none moves back: the refund is recorded as processed at once.
    refund: async () => ({ id: newProviderId('rfnd'), status: 'processed' }),
  };
}

let checkoutSource: string | null = null;

/** The local checkout script's source (read once; it ships beside this module). */
export function localCheckoutSource(): string {
  checkoutSource ??= fs.readFileSync(new URL('./local-checkout.js', import.meta.url), 'utf8');
  return checkoutSource;
}
