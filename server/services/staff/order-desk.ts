import type { OrderBoardPage, OrderBoardRow, StaffOrder } from '../../../contract/api/admin-orders';
import {
  canMove,
  deliveryStatusOfState,
  ORDER_STATES,
  paymentStatusOfState,
  refusalOf,
} from '../../../contract/order-lifecycle';
import { stringify } from 'csv-stringify/sync';
import { paiseToRupees } from '../../../contract/pricing';
import { dayAfter, formatCount, formatIndiaStamp, startOfIndiaDay } from '../../../contract/format';
import {
  ORDER_BOARD_PAGE_SIZE,
  STAFF_MOVES,
  type OrderBoardFilters,
  type StaffMove,
} from '../../../contract/schemas/admin-orders';
import { Invalid } from '../errors';
import { safeCell } from '../spreadsheet';
import type { Db } from '../../db';
import { NotFound } from '../errors';
import { actionsOn } from '../../repositories/audit-log';
import { findInvoiceOfOrder } from '../../repositories/invoices';
import { eventsOfOrders } from '../../repositories/order-events';
import {
  countOrderBoard,
  countOrdersByState,
  orderBoardPage,
  orderLinesWithSku,
  orderWithCustomer,
  ordersForExport,
  type OrderBoardFilter,
  type OrderBoardRecord,
} from '../../repositories/order-board';
import { findOrder, shipmentOf } from '../../repositories/orders';
import { refundsOfOrders } from '../../repositories/refunds';
import { invoiceFileName, NO_INVOICE_YET } from '../invoices/issuing';
import { packingSlipFileName, renderPackingSlipPdf } from '../invoices/packing-slip-pdf';
import { deliveryParts } from '../orders/delivery-address';
import { recordAudit, type Actor, type StaffActor } from './audit';
import type { StaffContext } from './context';
import {
  aboveLimit,
  ApprovalNeeded,
  askForRefund,
  checkApprover,
  latestRefundRequest,
  markApproved,
  orderNotes,
  refundLimitOf,
  refundOnCancel,
} from './refund-approvals';

export type { StaffActor };

/** The back office's orders: the board, one order in full, moving it along, and its papers. */

export const ORDER_NOT_FOUND = 'Order not found.';
export { NO_INVOICE_YET };

/** The day after `day` (YYYY-MM-DD). */
/** The board's filters as the repository takes them: the days as India's, the last day whole. */
export function boardFilter(query: OrderBoardFilters): OrderBoardFilter {
  return {
    states: query.state,
    paymentMethod: query.payment_method,
    pincode: query.pincode,
    placedFrom: query.from ? startOfIndiaDay(query.from) : undefined,
    placedBefore: query.to ? startOfIndiaDay(dayAfter(query.to)) : undefined,
    search: query.q || undefined,
  };
}

const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

/** A board row as the API answers it. */
export function boardRowOf(r: OrderBoardRecord): OrderBoardRow {
  return {
    id: r.id,
    created_at: r.created_at,
    state: r.state,
    payment_method: r.payment_method,
    status: paymentStatusOfState(r.state, r.paid_at !== null),
    amount: paiseToRupees(r.amount_paise),
    items: Number(r.pieces ?? 0),
    customer: { id: r.user_id, name: fullName(r), email: r.email, phone: r.phone_number },
    pincode: r.delivery_pincode,
    razorpay_order_id: r.provider_order_id,
    paid_at: r.paid_at,
  };
}

/** One page of the board, with the counts of its tabs. */
export async function readOrderBoard(db: Db, query: OrderBoardFilters): Promise<OrderBoardPage> {
  const filter = boardFilter(query);
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? ORDER_BOARD_PAGE_SIZE;
  const [count, rows, byState] = await Promise.all([
    countOrderBoard(db, filter),
    orderBoardPage(db, filter, query.sort ?? 'newest', (page - 1) * pageSize, pageSize),
    countOrdersByState(db, filter),
  ]);
  const counts = { all: 0 } as OrderBoardPage['counts'];
  for (const state of ORDER_STATES) {
    counts[state] = byState.get(state) ?? 0;
    counts.all += counts[state];
  }
  return { count, page, page_size: pageSize, results: rows.map(boardRowOf), counts };
}

/** Most orders one export file holds: more is refused with a word to choose fewer days. */
export const MAX_EXPORT_ORDERS = 50_000;
export const EXPORT_TOO_MANY = `More than ${formatCount(MAX_EXPORT_ORDERS)} orders in these days: export fewer days at a time.`;

/** The columns of the order export, in order. */
export const ORDER_EXPORT_COLUMNS = [
  'order',
  'placed_ist',
  'state',
  'payment_method',
  'payment_status',
  'customer_name',
  'customer_email',
  'customer_phone',
  'delivery_phone',
  'delivery_address',
  'delivery_state',
  'pincode',
  'pieces',
  'amount_inr',
  'invoice_number',
  'refunded_inr',
] as const;

/** Rupees as a spreadsheet reads them: '1234.50' (two decimals, no separators). */
const amountCell = (paise: number) => (paise / 100).toFixed(2);

/**
 * The orders placed on days `from` to `to` (India time, both included) as a CSV file, oldest
 * first, one row an order: for the accounts and the courier's bulk booking. Text cells that a
 * spreadsheet would run as formulas are escaped.
 */
export async function exportOrders(db: Db, from: string, to: string): Promise<{ fileName: string; csv: string }> {
  const rows = await ordersForExport(db, boardFilter({ from, to }), MAX_EXPORT_ORDERS + 1);
  if (rows.length > MAX_EXPORT_ORDERS) throw new Invalid(EXPORT_TOO_MANY);
  const records = rows.map((r) => {
    const parts = deliveryParts(r.address);
    return [
      String(r.id),
      formatIndiaStamp(r.created_at),
      r.state,
      r.payment_method,
      paymentStatusOfState(r.state, r.paid_at !== null),
      safeCell(fullName(r)),
      safeCell(r.email),
      safeCell(r.phone_number ?? ''),
      safeCell(phoneIn(r.address) ?? ''),
      safeCell([parts.name, ...parts.lines].join(', ')),
      safeCell(r.delivery_state ?? parts.state ?? ''),
      r.delivery_pincode ?? parts.pincode ?? '',
      String(Number(r.pieces ?? 0)),
      amountCell(r.amount_paise),
      r.invoice_number ?? '',
      r.refunded_paise === null ? '' : amountCell(Number(r.refunded_paise)),
    ];
  });
  return {
    fileName: `GharBazaar-orders-${from}-to-${to}.csv`,
    // A byte-order mark first, so a spreadsheet reads the names' non-ASCII letters (₹, Hindi) as UTF-8.
    csv: `\uFEFF${stringify([[...ORDER_EXPORT_COLUMNS], ...records])}`,
  };
}

/** The state a move's audit entry says the order went to, or null when it cannot be read. */
function movedTo(after: string | null): string | null {
  try {
    const value: unknown = after === null ? null : JSON.parse(after);
    const state = value && typeof value === 'object' ? (value as { state?: unknown }).state : null;
    return typeof state === 'string' ? state : null;
  } catch {
    return null;
  }
}

/**
 * An order in full as staff see it: customer, address, lines, payment, its history with who moved
 * it, refund, invoice, and the moves staff make with whether each is allowed now.
 */
export async function readStaffOrder(db: Db, id: number): Promise<StaffOrder> {
  const order = await orderWithCustomer(db, id);
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  const [lines, events, refunds, invoice, moves, refundRequest, notes] = await Promise.all([
    orderLinesWithSku(db, id),
    eventsOfOrders(db, [id]),
    refundsOfOrders(db, [id]),
    findInvoiceOfOrder(db, id),
    actionsOn(db, 'order.move', 'order', String(id)),
    latestRefundRequest(db, id),
    orderNotes(db, id),
  ]);
  // A staff move and its audit entry share their time and state (one transaction wrote both).
  const unclaimed = [...moves];
  const moverOf = (at: string, state: string) => {
    const index = unclaimed.findIndex((m) => m.at === at && movedTo(m.after) === state);
    const [entry] = index >= 0 ? unclaimed.splice(index, 1) : [];
    return entry?.staff_id
      ? { id: entry.staff_id, name: entry.staff_name ?? '', email: entry.staff_email ?? '' }
      : null;
  };
  const parts = deliveryParts(order.address);
  const refund = refunds.at(-1);
  return {
    id: order.id,
    created_at: order.created_at,
    state: order.state,
    delivery_status: deliveryStatusOfState(order.state),
    customer: { id: order.user_id, name: fullName(order), email: order.email, phone: order.phone_number },
    address: {
      line: order.address,
      name: parts.name,
      lines: parts.lines,
      state: order.delivery_state ?? parts.state,
      pincode: order.delivery_pincode ?? parts.pincode,
      phone: phoneIn(order.address),
    },
    items: lines.map((l) => ({
      variant_id: l.variant_id,
      product_id: l.product_id,
      product_name: l.product_name,
      product_image: l.product_image,
      sku: l.sku,
      variant_name: l.variant_name,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      unit_price: paiseToRupees(l.unit_price_paise),
      line_total: paiseToRupees(l.unit_price_paise * l.quantity),
    })),
    amount: paiseToRupees(order.amount_paise),
    payment: {
      method: order.payment_method,
      status: paymentStatusOfState(order.state, order.paid_at !== null),
      provider: order.provider,
      razorpay_order_id: order.provider_order_id,
      payment_id: order.payment_id,
      paid_at: order.paid_at,
      expires_at: order.expires_at,
    },
    timeline: events.map((e) => ({
      from: e.from_state,
      state: e.to_state,
      at: e.at,
      actor: e.actor,
      staff: e.actor === 'staff' ? moverOf(e.at, e.to_state) : null,
      note: e.note,
    })),
    refund: refund
      ? {
          amount: paiseToRupees(refund.amount_paise),
          status: refund.status,
          reason: refund.reason,
          created_at: refund.created_at,
          updated_at: refund.updated_at,
        }
      : null,
    invoice: invoice ? { number: invoice.number, issued_at: invoice.issued_at } : null,
    shipment: shipmentOf(order),
    moves: STAFF_MOVES.map((to) => ({
      to,
      allowed: canMove(order.state, to, 'staff'),
      reason: refusalOf(order.state, to, 'staff'),
      needs_note: to === 'shipped',
    })),
    refund_request: refundRequest,
    notes,
  };
}

/** The audit entry of a staff move, written in the move's transaction. */
async function recordMove(
  trx: Db,
  actor: Actor,
  id: number,
  {
    before,
    after,
    at,
  }: {
    before: { state: string; paid_at: string | null };
    after: { state: string; paid_at: string | null };
    at: string;
  },
  note: string | null,
): Promise<void> {
  const paidNow = before.paid_at === null && after.paid_at !== null;
  await recordAudit(trx, actor, Date.parse(at), {
    action: 'order.move',
    entity: 'order',
    entityId: id,
    before: { state: before.state },
    after: paidNow ? { state: after.state, paid_at: after.paid_at } : { state: after.state },
    note,
  });
}

/**
 * Moves an order as a staff member, through the shop's own lifecycle (ordering.staffMove:
 * cancelling refunds a paid order, delivering cash on delivery records its payment and invoice),
 * with the audit entry written in the move's transaction. A move the lifecycle refuses is a 409
 * with its reason, and nothing is written. A cancellation whose refund is above the actor's
 * limit is not made: it becomes a request for a manager or owner (`waiting`).
 */
export async function moveOrderAsStaff(
  staff: Pick<StaffContext, 'db' | 'ordering' | 'now'>,
  actor: StaffActor,
  id: number,
  to: StaffMove,
  note: string | null,
  alsoInMove?: (trx: Db) => Promise<void>,
): Promise<{ order: StaffOrder; waiting: boolean }> {
  const limit = to === 'cancelled' ? await refundLimitOf(staff.db, actor.role) : null;
  try {
    await staff.ordering.staffMove(id, to, note, async (trx, move) => {
      // Decided on the order as locked for the move: a payment that landed meanwhile counts.
      if (to === 'cancelled' && aboveLimit(limit, refundOnCancel(move.before))) {
        throw new ApprovalNeeded(refundOnCancel(move.before));
      }
      await recordMove(trx, actor, id, move, note);
      await alsoInMove?.(trx);
    });
  } catch (error) {
    if (!(error instanceof ApprovalNeeded)) throw error;
    await askForRefund(staff.db, actor, staff.now(), id, note);
    return { order: await readStaffOrder(staff.db, id), waiting: true };
  }
  return { order: await readStaffOrder(staff.db, id), waiting: false };
}

/**
 * Approves refund request `requestId`: the order is cancelled and refunded as its asker wanted
 * (their note is what the shopper is told), by the approver, in one transaction with the
 * decision. The lifecycle's refusal (the order shipped or was cancelled meanwhile) is a 409 and
 * the request stays open.
 */
export async function approveRefund(
  staff: Pick<StaffContext, 'db' | 'ordering'>,
  approver: StaffActor,
  requestId: number,
): Promise<StaffOrder> {
  const request = await checkApprover(staff.db, approver, requestId);
  await staff.ordering.staffMove(request.order_id, 'cancelled', request.note, async (trx, move) => {
    await markApproved(trx, approver, move.at, requestId);
    await recordMove(trx, approver, request.order_id, move, request.note);
    await recordAudit(trx, approver, Date.parse(move.at), {
      action: 'refund.approve',
      entity: 'order',
      entityId: request.order_id,
      before: { refund_request: requestId, state: 'pending' },
      after: { refund_request: requestId, state: 'approved' },
    });
  });
  return readStaffOrder(staff.db, request.order_id);
}

/** The tax invoice of a paid order as a PDF; 404 for an unknown order or one without an invoice. */
export async function staffInvoicePdf(
  staff: Pick<StaffContext, 'db' | 'invoices'>,
  id: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await findOrder(staff.db, id);
  if (!order || order.kind !== 'goods') throw new NotFound(ORDER_NOT_FOUND);
  const invoice = await staff.invoices.pdfOf(order);
  if (!invoice) throw new NotFound(NO_INVOICE_YET);
  return { fileName: invoiceFileName(invoice.number), pdf: invoice.pdf };
}

/** A delivery phone number in the one-line address ('…, 9876543210, …'), or null. */
function phoneIn(address: string): string | null {
  return (
    address
      .split(',')
      .map((p) => p.trim())
      .find((p) => /^(?:\+91[\s-]?)?[6-9]\d{9}$/.test(p.replace(/[\s-]/g, ''))) ?? null
  );
}

/** The order's packing slip as a PDF: sender, ship-to, lines and quantities, no prices. */
export async function packingSlipPdf(
  staff: Pick<StaffContext, 'db' | 'invoices'>,
  id: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await orderWithCustomer(staff.db, id);
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  const lines = await orderLinesWithSku(staff.db, id);
  const parts = deliveryParts(order.address);
  const { seller } = staff.invoices;
  const pdf = await renderPackingSlipPdf({
    orderId: order.id,
    placedAt: new Date(order.created_at),
    paymentMethod: order.payment_method,
    from: { name: seller.legalName, addressLines: seller.addressLines },
    shipTo: {
      name: parts.name || fullName(order),
      lines: parts.lines,
      state: order.delivery_state ?? parts.state,
      pincode: order.delivery_pincode ?? parts.pincode,
      phone: phoneIn(order.address) ?? order.phone_number,
    },
    lines: lines.map((l) => ({
      productName: l.product_name,
      variant: l.variant_name,
      sku: l.sku,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
    })),
  });
  return { fileName: packingSlipFileName(order.id), pdf };
}
