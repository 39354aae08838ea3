/**
 * An order's life as one state machine, shared by the API (which enforces it) and the storefront
 * (which offers only the moves it allows). Every move is recorded with its time and actor.
 *
 *   awaiting_payment ──paid──▶ paid ──▶ packed ──▶ shipped ──▶ delivered
 *        │  ▲   │                 (cash on delivery: placed ──▶ packed …, paid when delivered)
 *        ▼  │   ▼
 *  payment_failed  expired         cancelled: by the shopper before shipping, by staff before delivery
 */
import type { DeliveryStatus, PaymentStatus } from './orders';

export const ORDER_STATES = [
  'awaiting_payment',
  'payment_failed',
  'expired',
  'placed',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Who moves an order: its shopper, the shop's staff, or the shop itself (payments, the expiry sweep). */
export const ORDER_ACTORS = ['shopper', 'staff', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const PAYMENT_METHODS = ['online', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Every allowed move and who may make it; anything not listed is refused. */
const MOVES: Record<OrderState, Partial<Record<OrderState, readonly OrderActor[]>>> = {
  // The shop cancels an unpaid order itself when its payment arrives after the goods sold out.
  awaiting_payment: {
    paid: ['system'],
    payment_failed: ['system'],
    expired: ['system'],
    cancelled: ['shopper', 'staff', 'system'],
  },
  // Pay now moves a failed order back to awaiting payment (its stock taken again).
  payment_failed: {
    awaiting_payment: ['shopper'],
    paid: ['system'],
    expired: ['system'],
    cancelled: ['shopper', 'staff', 'system'],
  },
  placed: { packed: ['staff'], cancelled: ['shopper', 'staff'] },
  paid: { packed: ['staff'], cancelled: ['shopper', 'staff'] },
  packed: { shipped: ['staff'], cancelled: ['shopper', 'staff'] },
  shipped: { delivered: ['staff'], cancelled: ['staff'] },
  delivered: {},
  cancelled: {},
  expired: {},
};

/** True when `actor` may move an order from `from` to `to`. */
export function canMove(from: OrderState, to: OrderState, actor: OrderActor): boolean {
  return MOVES[from][to]?.includes(actor) ?? false;
}

/** The states `actor` may move an order in `from` to. */
export function nextStates(from: OrderState, actor: OrderActor): OrderState[] {
  return ORDER_STATES.filter((to) => canMove(from, to, actor));
}

/** Why a move is refused, in words a shopper or staff member can act on; null when it is allowed. */
export function refusalOf(from: OrderState, to: OrderState, actor: OrderActor): string | null {
  if (canMove(from, to, actor)) return null;
  if (to === 'cancelled') {
    if (from === 'cancelled') return 'This order is already cancelled.';
    if (from === 'delivered') return 'A delivered order cannot be cancelled.';
    if (from === 'expired') return 'This order has expired; nothing is left to cancel.';
    if (from === 'shipped' && actor === 'shopper') {
      return 'This order has shipped and can no longer be cancelled.';
    }
  }
  if (from === to) return `This order is already ${ORDER_STATE_LABELS[to].toLowerCase()}.`;
  return `An order that is ${ORDER_STATE_LABELS[from].toLowerCase()} cannot be moved to ${ORDER_STATE_LABELS[to].toLowerCase()}.`;
}

/** What a shopper reads for each state. */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  expired: 'Expired',
  placed: 'Confirmed',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** States waiting for an online payment: they hold stock until paid, failed for good or expired. */
export const UNPAID_STATES: readonly OrderState[] = ['awaiting_payment', 'payment_failed'];

/** True while the shopper may still pay the order online (Pay now). */
export function canPay(state: OrderState): boolean {
  return UNPAID_STATES.includes(state);
}

/** Whether the shopper may cancel, and if not, why (shown beside the greyed-out button). */
export function shopperCancel(state: OrderState): { allowed: true } | { allowed: false; reason: string } {
  const reason = refusalOf(state, 'cancelled', 'shopper');
  return reason === null ? { allowed: true } : { allowed: false, reason };
}

/** States in which the goods are the shopper's to receive (paid, or confirmed cash on delivery). */
export const CONFIRMED_STATES: readonly OrderState[] = ['placed', 'paid', 'packed', 'shipped', 'delivered'];

/** The SPEC's delivery status of a state: how far along the four-step tracker it is. */
export function deliveryStatusOfState(state: OrderState): DeliveryStatus {
  return state === 'packed' || state === 'shipped' || state === 'delivered' ? state : 'not shipped';
}

/** The SPEC's payment status: paid once money was taken (kept through a later cancellation). */
export function paymentStatusOfState(state: OrderState, paid: boolean): PaymentStatus {
  if (paid) return 'paid';
  return state === 'payment_failed' ? 'failed' : 'created';
}

/**
 * Reads a state as the API sends it; a backend that names only the two SPEC statuses gets the
 * state they describe (paid and how far delivered, failed, or still awaiting payment).
 */
export function orderStateOf(raw: unknown, payment: PaymentStatus, delivery: DeliveryStatus): OrderState {
  if (typeof raw === 'string' && (ORDER_STATES as readonly string[]).includes(raw)) return raw as OrderState;
  if (payment === 'paid') return delivery === 'not shipped' ? 'paid' : delivery;
  return payment === 'failed' ? 'payment_failed' : 'awaiting_payment';
}

/** Refunds of a cancelled paid order: asked of the provider, then processed or failed. */
/** A refund above the asker's limit waits for a manager or owner: its request's states. */
export const REFUND_REQUEST_STATES = ['pending', 'approved', 'rejected'] as const;
export type RefundRequestState = (typeof REFUND_REQUEST_STATES)[number];

export const REFUND_STATUSES = ['initiated', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  initiated: 'Refund initiated',
  processed: 'Refunded',
  failed: 'Refund failed: our support team will contact you',
};
