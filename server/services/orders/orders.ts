import crypto from 'node:crypto';
import { MAX_LINE_QUANTITY } from '../../../contract/shop';
import { rupeesToPaise } from '../../../contract/pricing';
import type { OrderLine } from '../../../contract/schemas/orders';
import { randomBase62 } from '../payments/signatures';

/** The pure rules of ordering: how lines merge, what a cart's identity is, what an order costs. */

/** An unpaid order of the same cart and address placed this recently is handed out again. */
export const ORDER_REUSE_MINUTES = 30;
/** Razorpay refuses orders under ₹1. */
export const MIN_ORDER_PAISE = rupeesToPaise(1);

export type { OrderLine };

/** Lines with repeated variants added together, sorted by variant id. */
export function mergeLines(lines: readonly OrderLine[]): OrderLine[] {
  const byVariant = new Map<number, number>();
  for (const line of lines) byVariant.set(line.variant_id, (byVariant.get(line.variant_id) ?? 0) + line.quantity);
  return [...byVariant].sort(([a], [b]) => a - b).map(([variant_id, quantity]) => ({ variant_id, quantity }));
}

/** True when every (merged) line holds at most MAX_LINE_QUANTITY of its variant. */
export function withinLineLimit(lines: readonly OrderLine[]): boolean {
  return lines.every((l) => l.quantity <= MAX_LINE_QUANTITY);
}

/**
 * What makes two placements "the same cart": the sorted variant:quantity list and the address,
 * hashed so the stored value has a fixed size whatever the address.
 */
export function cartFingerprint(lines: readonly OrderLine[], address: string): string {
  const list = mergeLines(lines)
    .map((l) => `${l.variant_id}:${l.quantity}`)
    .join(',');
  return crypto.createHash('sha256').update(`${list}|${address}`).digest('hex');
}

/** A new receipt reference: unique, and within Razorpay's 40 characters. */
export function newReceipt(): string {
  return `rcpt_${randomBase62(20)}`;
}

/** The total of priced lines in paise: each line's unit price times its quantity. */
export function totalPaise(lines: readonly { unitPaise: number; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
}
