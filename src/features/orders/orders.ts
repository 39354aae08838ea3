import { deliveryStatusOf, PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../contract/orders';
import type { Order, OrderItem } from '../../../contract/types';

/** The tracker's four steps, in order. */
export const TRACKER_STEPS = ['Order Placed', 'Packed', 'Shipped', 'Delivered'] as const;

/** Days from order to expected delivery, shown on My Orders. */
export const DELIVERY_DAYS = 5;

/** The tracker step (1–4) of a delivery status; unknown or missing is 1 (not shipped). */
export function trackerStep(deliveryStatus: string | null | undefined): 1 | 2 | 3 | 4 {
  switch (deliveryStatusOf(deliveryStatus)) {
    case 'packed':
      return 2;
    case 'shipped':
      return 3;
    case 'delivered':
      return 4;
    default:
      return 1;
  }
}

/** The delivery line of an order card: delivered, or the expected date. */
export function deliveryLine(order: Pick<Order, 'created_at' | 'delivery_status'>): string {
  if (trackerStep(order.delivery_status) === 4) return 'Delivered';
  const placed = new Date(order.created_at);
  if (Number.isNaN(placed.getTime())) return 'Delivery date to be confirmed';
  const expected = new Date(placed.getTime() + DELIVERY_DAYS * 86_400_000);
  return `Delivery expected by ${expected.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/** True when an order has been paid (only paid orders can be tracked and reviewed). */
export function isPaid(order: Pick<Order, 'status'>): boolean {
  return order.status === 'paid';
}

/** Items of paid orders still open for review: one per variant, leaving out variants already reviewed. */
export function reviewableItems(orders: Order[], reviewedVariants: Set<number>): OrderItem[] {
  const seen = new Set(reviewedVariants);
  const items: OrderItem[] = [];
  for (const order of orders) {
    if (!isPaid(order)) continue;
    for (const item of order.items) {
      if (seen.has(item.variant)) continue;
      seen.add(item.variant);
      items.push(item);
    }
  }
  return items;
}

/** Human label of an order's payment status. */
export function statusLabel(status: PaymentStatus): string {
  return PAYMENT_STATUS_LABELS[status];
}
