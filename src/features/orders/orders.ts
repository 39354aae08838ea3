import { deliveryStatusOf, PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../contract/orders';
import {
  canPay,
  CONFIRMED_STATES,
  ORDER_STATE_LABELS,
  REFUND_STATUS_LABELS,
  shopperCancel,
  type OrderState,
} from '../../../contract/order-lifecycle';
import { formatDate, formatDateTime, formatRupees, readInstant } from '../../../contract/format';
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

/**
 * The delivery line of an order card: delivered, or the expected date; none for an order that
 * is not (or no longer) coming: unpaid, expired or cancelled.
 */
export function deliveryLine(
  order: Pick<Order, 'created_at' | 'delivery_status' | 'state'> & Partial<Pick<Order, 'expected_delivery'>>,
): string | null {
  if (trackerStep(order.delivery_status) === 4) return 'Delivered';
  if (!CONFIRMED_STATES.includes(order.state)) return null;
  // The date its pincode's zone gives, as the delivery check said; else the usual five days.
  if (order.expected_delivery) return `Delivery expected by ${orderDate(`${order.expected_delivery}T12:00:00+05:30`)}`;
  const placed = readInstant(order.created_at);
  if (!placed) return 'Delivery date to be confirmed';
  return `Delivery expected by ${formatDate(placed.getTime() + DELIVERY_DAYS * 86_400_000)}`;
}

/** True when an order has been paid (only paid orders can be reviewed). */
export function isPaid(order: Pick<Order, 'status'>): boolean {
  return order.status === 'paid';
}

/**
 * True when an order's lines may be reviewed: delivered (the shopper has the goods in hand), which
 * the API insists on too; unpaid, packed, shipped and cancelled orders are not.
 */
export function isReviewable(order: Pick<Order, 'state'>): boolean {
  return order.state === 'delivered';
}

/** Items of delivered orders still open for review: one per variant, leaving out variants already reviewed. */
export function reviewableItems(orders: Order[], reviewedVariants: Set<number>): OrderItem[] {
  const seen = new Set(reviewedVariants);
  const items: OrderItem[] = [];
  for (const order of orders) {
    if (!isReviewable(order)) continue;
    for (const item of order.items) {
      if (seen.has(item.variant)) continue;
      seen.add(item.variant);
      items.push(item);
    }
  }
  return items;
}

/** '24 Nov 2026' (the date in India), or null for a time that cannot be read. */
export function orderDate(iso: string | null | undefined): string | null {
  const at = readInstant(iso);
  return at && formatDate(at);
}

/** '24 Nov 2026, 5:04 pm' (India time), or null for a time that cannot be read. */
export function orderDateTime(iso: string | null | undefined): string | null {
  const at = readInstant(iso);
  return at && formatDateTime(at);
}

/** What a shopper reads for an order's state. */
export function stateLabel(state: OrderState): string {
  return ORDER_STATE_LABELS[state];
}

/** The moves a shopper has on an order: pay it, cancel it (or why not), buy it again. */
export function orderActions(order: Pick<Order, 'state' | 'payment_method'>) {
  const cancel = shopperCancel(order.state);
  // Cancel is offered (or greyed out with its reason) while the order is on its way; once it
  // ended (expired, cancelled) the shopper is offered to buy again instead.
  const ended = order.state === 'expired' || order.state === 'cancelled';
  return {
    pay: order.payment_method === 'online' && canPay(order.state),
    cancel: ended ? null : cancel,
    buyAgain: ended,
  };
}

/** The refund line of a cancelled paid order: 'Refund of ₹1,299: Refund initiated'. */
export function refundLine(order: Pick<Order, 'refund'>): string | null {
  if (!order.refund) return null;
  return `Refund of ${formatRupees(order.refund.amount)}: ${REFUND_STATUS_LABELS[order.refund.status]}`;
}

/** When each of the tracker's four steps was reached (from the order's history), or null for steps to come. */
export function trackerDates(order: Pick<Order, 'created_at' | 'timeline'>): (string | null)[] {
  const at = (state: OrderState) => order.timeline.find((e) => e.state === state)?.at ?? null;
  return [order.created_at, at('packed'), at('shipped'), at('delivered')];
}

/** Human label of an order's payment status. */
export function statusLabel(status: PaymentStatus): string {
  return PAYMENT_STATUS_LABELS[status];
}
