/** How the desk's pages write times, payments and who moved an order. Times are India's (IST). */
import type { OrderActor, PaymentMethod } from '../../../contract/order-lifecycle';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../contract/orders';

const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const DAY = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** A time as staff read it: '24 Nov 2026, 2:05 pm' (IST). */
export function formatWhen(iso: string): string {
  return WHEN.format(new Date(iso));
}

/** A day: '24 Nov 2026' (IST). */
export function formatDay(iso: string): string {
  return DAY.format(new Date(iso));
}

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
