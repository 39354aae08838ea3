import type { OrderBoardPage, OrderBoardRow, StaffOrder } from '../../../contract/api/admin-orders';
import {
  canMove,
  deliveryStatusOfState,
  ORDER_STATES,
  paymentStatusOfState,
  refusalOf,
} from '../../../contract/order-lifecycle';
import { paiseToRupees } from '../../../contract/pricing';
import { startOfIndiaDay } from '../../../contract/format';
import {
  ORDER_BOARD_PAGE_SIZE,
  STAFF_MOVES,
  type OrderBoardFilters,
  type StaffMove,
} from '../../../contract/schemas/admin-orders';
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
  type OrderBoardFilter,
  type OrderBoardRecord,
} from '../../repositories/order-board';
import { findOrder } from '../../repositories/orders';
import { refundsOfOrders } from '../../repositories/refunds';
import { invoiceFileName, NO_INVOICE_YET } from '../invoices/issuing';
import { packingSlipFileName, renderPackingSlipPdf } from '../invoices/packing-slip-pdf';
import { deliveryParts } from '../orders/delivery-address';
import { recordAudit, type Actor } from './audit';
import type { StaffContext } from './context';

/** The back office's orders: the board, one order in full, moving it along, and its papers. */

export const ORDER_NOT_FOUND = 'Order not found.';
export { NO_INVOICE_YET };

/** The day after `day` (YYYY-MM-DD). */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
}

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

function boardRowOf(r: OrderBoardRecord): OrderBoardRow {
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
  const [lines, events, refunds, invoice, moves] = await Promise.all([
    orderLinesWithSku(db, id),
    eventsOfOrders(db, [id]),
    refundsOfOrders(db, [id]),
    findInvoiceOfOrder(db, id),
    actionsOn(db, 'order.move', 'order', String(id)),
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
    moves: STAFF_MOVES.map((to) => ({
      to,
      allowed: canMove(order.state, to, 'staff'),
      reason: refusalOf(order.state, to, 'staff'),
      needs_note: to === 'shipped',
    })),
  };
}

/**
 * Moves an order as a staff member, through the shop's own lifecycle (ordering.staffMove:
 * cancelling refunds a paid order, delivering cash on delivery records its payment and invoice),
 * with the audit entry written in the move's transaction. A move the lifecycle refuses is a 409
 * with its reason, and nothing is written.
 */
export async function moveOrderAsStaff(
  staff: Pick<StaffContext, 'db' | 'ordering'>,
  actor: Actor,
  id: number,
  to: StaffMove,
  note: string | null,
): Promise<StaffOrder> {
  await staff.ordering.staffMove(id, to, note, async (trx, { before, after, at }) => {
    const paidNow = before.paid_at === null && after.paid_at !== null;
    await recordAudit(trx, actor, Date.parse(at), {
      action: 'order.move',
      entity: 'order',
      entityId: id,
      before: { state: before.state },
      after: paidNow ? { state: after.state, paid_at: after.paid_at } : { state: after.state },
      note,
    });
  });
  return readStaffOrder(staff.db, id);
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
