/** How the desk's pages write payments and who moved an order (times and money: contract/format.ts). */
import type { OrderActor, PaymentMethod } from '../../../contract/order-lifecycle';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../contract/orders';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Online',
  cod: 'Cash on delivery',
};

/** How an order is paid and how far: 'Online · Paid', 'Cash on delivery · Awaiting payment'. */
export function paymentText(method: PaymentMethod, status: PaymentStatus): string {
  return `${PAYMENT_METHOD_LABELS[method]} · ${PAYMENT_STATUS_LABELS[status]}`;
}

/** Who made a change on an order's timeline ('By …'): the staff member by name, else the customer or the shop. */
export function actorText(actor: OrderActor, staff: { name: string; email: string } | null): string {
  if (staff) return `${staff.name} (${staff.email})`;
  if (actor === 'shopper') return 'the customer';
  if (actor === 'staff') return 'staff';
  return 'the shop';
}

/** '1 item', '3 items'. */
export function piecesText(count: number): string {
  return `${count} item${count === 1 ? '' : 's'}`;
}

/** How many records a list found: '1 order matches', '3 orders match'. */
export function matchText(count: number, what: string): string {
  return count === 1 ? `1 ${what} matches.` : `${count} ${what}s match.`;
}
