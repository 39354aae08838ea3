/**
 * The moves staff make on an order, as the order page offers them: each button's words, whether
 * it may be pressed now (and why not, in the lifecycle's words the server sends), the note it
 * asks for, what it will do, and the confirmation a cancellation asks for.
 */
import type { StaffOrder } from '../../../../contract/api/admin-orders';
import { formatRupees } from '../../../../contract/format';
import { ORDER_STATE_LABELS } from '../../../../contract/order-lifecycle';
import { OrderMoveBody, type StaffMove } from '../../../../contract/schemas/admin-orders';
import { validate } from '../../../../contract/schemas/common';

/** Said when Cancel is pressed without saying why (the reason is kept with the order and shown to the shopper). */
export const CANCEL_REASON_REQUIRED = 'Give the reason for cancelling this order.';

/** A move's button and what goes with it. */
export interface MoveButton {
  to: StaffMove;
  /** The button's words. */
  label: string;
  allowed: boolean;
  /** Why it cannot be pressed now (the server's words); null when it can. */
  reason: string | null;
  /** The label of the note the move asks for; null when it asks for none. */
  noteLabel: string | null;
  /** What pressing it does beyond the move, when that is worth saying first. */
  effect: string | null;
  /** The confirmation asked before the move is made; null for none. */
  confirm: { title: string; text: string; action: string } | null;
}

const LABELS: Record<StaffMove, string> = {
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

const NOTE_LABELS: Partial<Record<StaffMove, string>> = {
  shipped: 'Courier and tracking number',
  cancelled: 'Reason for cancelling',
};

/** True when money was taken for the order (online, or cash already received). */
export function isPaid(order: StaffOrder): boolean {
  return order.payment.status === 'paid';
}

function effectOf(order: StaffOrder, to: StaffMove): string | null {
  if (to === 'shipped') return 'The tracking note is shown on the customer’s tracking page and in the e-mail.';
  if (to === 'delivered' && order.payment.method === 'cod' && !isPaid(order)) {
    return `Cash on delivery: this marks the cash of ${formatRupees(order.amount)} as received and issues the tax invoice.`;
  }
  if (to === 'cancelled') {
    return isPaid(order)
      ? `The stock goes back on the shelf, and the customer is refunded ${formatRupees(order.amount)} in full.`
      : 'The stock goes back on the shelf. Nothing was paid, so nothing is refunded.';
  }
  return null;
}

function confirmOf(order: StaffOrder, to: StaffMove): MoveButton['confirm'] {
  if (to !== 'cancelled') return null;
  const refund = isPaid(order)
    ? `This order is paid: the customer is refunded ${formatRupees(order.amount)} in full.`
    : 'Nothing was paid for this order, so nothing is refunded.';
  return {
    title: `Cancel order #${order.id}?`,
    text: `${refund} The stock goes back on the shelf. This cannot be undone.`,
    action: 'Cancel the order',
  };
}

/** The order page's move buttons, in the lifecycle's order. */
export function moveButtons(order: StaffOrder): MoveButton[] {
  return order.moves.map((move) => ({
    to: move.to,
    label: LABELS[move.to],
    allowed: move.allowed,
    reason: move.allowed ? null : (move.reason ?? `This order is ${ORDER_STATE_LABELS[order.state].toLowerCase()}.`),
    noteLabel: move.needs_note || move.to === 'cancelled' ? (NOTE_LABELS[move.to] ?? 'Note') : null,
    effect: effectOf(order, move.to),
    confirm: confirmOf(order, move.to),
  }));
}

/** Shipping with a courier from the list: its id (null: another courier, named in the note) and the AWB number. */
export interface ShipChoice {
  courierId: number | null;
  awb: string;
}

const NO_COURIER: ShipChoice = { courierId: null, awb: '' };

/** A move as it is sent: where to, its note, and for shipping the courier and AWB number. */
export interface CheckedMove {
  ok: true;
  to: StaffMove;
  note: string | undefined;
  courier_id?: number;
  awb?: string;
}

/**
 * The body of a move, checked with the shared rules (OrderMoveBody: a courier from the list with
 * its AWB number, or the tracking note, when shipping; at most 500 characters, one line) and, for
 * a cancellation, that a reason is given.
 */
export function checkMove(
  to: StaffMove,
  note: string,
  ship: ShipChoice = NO_COURIER,
): CheckedMove | { ok: false; error: string } {
  const withCourier = to === 'shipped' && ship.courierId !== null;
  const body = {
    to,
    ...(note.trim() ? { note } : {}),
    ...(withCourier ? { courier_id: ship.courierId, ...(ship.awb.trim() ? { awb: ship.awb } : {}) } : {}),
  };
  const checked = validate(OrderMoveBody, body);
  if (!checked.ok) {
    const { errors } = checked;
    return { ok: false, error: errors.awb ?? errors.courier_id ?? errors.note ?? Object.values(errors)[0] ?? '' };
  }
  if (to === 'cancelled' && !checked.data.note) return { ok: false, error: CANCEL_REASON_REQUIRED };
  const { courier_id: courierId, awb } = checked.data;
  return {
    ok: true,
    to,
    note: checked.data.note || undefined,
    ...(courierId !== undefined && awb ? { courier_id: courierId, awb } : {}),
  };
}

/** What the page says once a move is made. */
export function movedText(order: StaffOrder, asked?: StaffMove): string {
  if (asked === 'cancelled' && order.state !== 'cancelled' && order.refund_request?.state === 'pending') {
    return `Order #${order.id} is not cancelled yet: its refund of ${formatRupees(order.refund_request.amount)} is above your limit, so a manager or an owner must approve it.`;
  }
  const refund =
    order.state === 'cancelled' && order.refund ? ` A refund of ${formatRupees(order.refund.amount)} was started.` : '';
  return `Order #${order.id} is now ${ORDER_STATE_LABELS[order.state].toLowerCase()}.${refund}`;
}
