import crypto from 'node:crypto';

/** Razorpay's signatures are lowercase hex SHA-256 HMACs: exactly 64 characters. */
const SIGNATURE = /^[0-9a-f]{64}$/;

/** Lowercase hex HMAC-SHA256 of `data` under `secret`. */
export function hmacHex(secret: string, data: string | Uint8Array): string {
  return crypto.createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * True when `given` is exactly the expected signature. The comparison takes the same time
 * wherever the strings differ, so answers leak nothing about the expected value; anything that
 * is not 64 lowercase hex digits is refused before (its shape says nothing about the secret).
 */
export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !SIGNATURE.test(given)) return false;
  return crypto.timingSafeEqual(Buffer.from(expected, 'latin1'), Buffer.from(given, 'latin1'));
}

/** The signature a checkout hands back for a payment: HMAC-SHA256(`order_id|payment_id`, key secret). */
export function paymentSignature(orderId: string, paymentId: string, secret: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

/** Checks a checkout's payment signature against the order id the server stored, in constant time. */
export function verifyPaymentSignature(
  orderId: string,
  paymentId: string,
  signature: unknown,
  secret: string,
): boolean {
  return signatureMatches(paymentSignature(orderId, paymentId, secret), signature);
}

/** Checks a webhook's X-Razorpay-Signature over the raw body bytes, in constant time. */
export function verifyWebhookSignature(rawBody: Uint8Array, signature: unknown, secret: string): boolean {
  return signatureMatches(hmacHex(secret, rawBody), signature);
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` unbiased random base62 characters (the alphabet of Razorpay's ids). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE62[crypto.randomInt(BASE62.length)];
  return out;
}
