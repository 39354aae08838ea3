import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  OrderBoardPageSchema,
  RefundLimitsSchema,
  RefundRequestSchema,
  StaffOrderSchema,
} from '../../contract/api/admin-orders';
import { IdParams } from '../../contract/schemas/common';
import {
  OrderBoardQuery,
  OrderExportQuery,
  OrderMoveBody,
  OrderNoteBody,
  RefundLimitsBody,
  RefundRejectBody,
} from '../../contract/schemas/admin-orders';
import { ApiRoutes, errors, json, jsonBody, onInvalid, pdf, pdfDownload } from '../http/api-routes';
import { notFound } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, whoMay, type StaffEnv, staffActor } from '../http/staff-auth';
import type { StaffContext } from '../services/staff/context';
import {
  addOrderNote,
  pendingRefunds,
  readRefundLimits,
  REFUND_REQUEST_NOT_FOUND,
  rejectRefund,
  setRefundLimits,
} from '../services/staff/refund-approvals';
import {
  approveRefund,
  exportOrders,
  moveOrderAsStaff,
  ORDER_NOT_FOUND,
  packingSlipPdf,
  readOrderBoard,
  readStaffOrder,
  staffInvoicePdf,
} from '../services/staff/order-desk';
import { shipWithCourier } from '../services/staff/packing';

/**
 * The back office's orders under /api/admin/orders: the board (filters, sort, pages, counts per
 * state), one order in full, moving it along its lifecycle, and its invoice and packing slip.
 */
export function adminOrderRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const actorOf = (c: Context<StaffEnv>) => staffActor(c, staff);
  const noOrder = onInvalid({ param: () => notFound(ORDER_NOT_FOUND) });
  const tags = ['Back office: orders'];

  const board = createRoute({
    method: 'get',
    path: '/orders',
    tags,
    summary: 'The orders board',
    description:
      `${whoMay('orders.read')} Orders of goods of every shopper, filtered by state(s), payment method, ` +
      'pincode, the days they were placed (India time) and a search, sorted and in pages; `counts` gives ' +
      'the orders in each state under every filter but the state, for the board\u2019s tabs.',
    ...staffOnly(staff, 'orders.read'),
    request: { query: OrderBoardQuery },
    responses: {
      200: json(OrderBoardPageSchema, 'One page of orders.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(board, async (c) => c.json(await readOrderBoard(staff.db, c.req.valid('query')), 200));

  const exportCsv = createRoute({
    method: 'get',
    path: '/orders/export',
    tags,
    summary: 'The orders of some days as a CSV file',
    description:
      `${whoMay('orders.read')} Orders placed from \`from\` to \`to\` (India time, both days included, at most ` +
      '366 days), oldest first, one row an order: number, time placed (IST), state, payment, customer, delivery ' +
      'phone and address, pieces, amount, invoice number and what was refunded. Text a spreadsheet would run as a ' +
      'formula is written with an apostrophe first.',
    ...staffOnly(staff, 'orders.read'),
    request: { query: OrderExportQuery },
    responses: {
      200: {
        description: 'The file (UTF-8 with a byte-order mark).',
        content: { 'text/csv': { schema: z.string() } },
      },
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(exportCsv, async (c) => {
    const { from, to } = c.req.valid('query');
    const file = await exportOrders(staff.db, from ?? '', to ?? '');
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="${file.fileName}"`);
    c.header('cache-control', 'private, no-store');
    return c.body(file.csv, 200);
  });

  const order = createRoute({
    method: 'get',
    path: '/orders/{id}',
    tags,
    summary: 'One order in full',
    description:
      `${whoMay('orders.read')} The customer, address, lines, payment, every change of state with who made ` +
      'it and the note, the refund, the invoice number, and each move staff make with whether the lifecycle ' +
      'allows it now (and why not).',
    ...staffOnly(staff, 'orders.read'),
    request: { params: IdParams },
    responses: {
      200: json(StaffOrderSchema, 'The order.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such order.']),
    },
  });
  app.openapi(order, async (c) => c.json(await readStaffOrder(staff.db, c.req.valid('param').id), 200), noOrder);

  const move = createRoute({
    method: 'post',
    path: '/orders/{id}/move',
    tags,
    summary: 'Move an order along (packed, shipped, delivered, cancelled)',
    description:
      `${whoMay('orders.write')} Through the order lifecycle: shipping needs a courier from the list and the ` +
      'AWB number (the tracking link goes to the shopper), or a tracking note (shown on the tracking page and ' +
      'in the e-mail); delivering a cash-on-delivery order records its payment and ' +
      'issues its tax invoice; cancelling gives the stock back and refunds a paid order in full. Each move ' +
      'is written to the audit log with the order\u2019s state before and after. A cancellation whose refund ' +
      'is above the caller\u2019s refund limit is not made: it waits for a manager or owner (202, the order ' +
      'unchanged with its `refund_request`).',
    ...staffOnly(staff, 'orders.write'),
    request: { params: IdParams, body: jsonBody(OrderMoveBody) },
    responses: {
      200: json(StaffOrderSchema, 'The order as moved.'),
      202: json(StaffOrderSchema, 'The cancellation waits for approval: the order as it is, with its request.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such order.'],
        [
          409,
          'The lifecycle does not allow the move from the order\u2019s state (the message says why), or a refund ' +
            'of the order already waits for approval.',
        ],
        413,
        415,
      ),
    },
  });
  app.openapi(
    move,
    async (c) => {
      const { to, note, courier_id: courierId, awb } = c.req.valid('json');
      const id = c.req.valid('param').id;
      const moved =
        to === 'shipped' && courierId !== undefined && awb
          ? await shipWithCourier(staff, actorOf(c), id, { courierId, awb, note: note || null })
          : await moveOrderAsStaff(staff, actorOf(c), id, to, note || null);
      return moved.waiting ? c.json(moved.order, 202) : c.json(moved.order, 200);
    },
    noOrder,
  );

  const invoice = createRoute({
    method: 'get',
    path: '/orders/{id}/invoice',
    tags,
    summary: "An order's GST tax invoice",
    description: `${whoMay('orders.read')} The same PDF the shopper downloads.`,
    ...staffOnly(staff, 'orders.read'),
    request: { params: IdParams },
    responses: {
      200: pdf('The invoice.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such order, or it is not paid yet (no invoice).']),
    },
  });
  app.openapi(invoice, async (c) => pdfDownload(c, await staffInvoicePdf(staff, c.req.valid('param').id)), noOrder);

  const packingSlip = createRoute({
    method: 'get',
    path: '/orders/{id}/packing-slip',
    tags,
    summary: "An order's packing slip",
    description:
      `${whoMay('orders.read')} A PDF for the parcel: the shop, the order number and date, the ship-to ` +
      'address and phone, and each line with its variant, SKU, size, colour and quantity. No prices.',
    ...staffOnly(staff, 'orders.read'),
    request: { params: IdParams },
    responses: {
      200: pdf('The packing slip.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such order.']),
    },
  });
  app.openapi(packingSlip, async (c) => pdfDownload(c, await packingSlipPdf(staff, c.req.valid('param').id)), noOrder);

  const note = createRoute({
    method: 'post',
    path: '/orders/{id}/notes',
    tags,
    summary: 'Add an internal note to an order',
    description:
      `${whoMay('orders.read')} A note staff keep for each other (a call with the customer, what the courier ` +
      'said). Never shown or sent to the shopper; written to the audit log.',
    ...staffOnly(staff, 'orders.read'),
    request: { params: IdParams, body: jsonBody(OrderNoteBody) },
    responses: {
      201: json(StaffOrderSchema, 'The order with its notes.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such order.'], 413, 415),
    },
  });
  app.openapi(
    note,
    async (c) => {
      const id = c.req.valid('param').id;
      await addOrderNote(staff.db, actorOf(c), staff.now(), id, c.req.valid('json').body);
      return c.json(await readStaffOrder(staff.db, id), 201);
    },
    noOrder,
  );

  const queue = createRoute({
    method: 'get',
    path: '/refund-requests',
    tags,
    summary: 'Refunds waiting for approval',
    description: `${whoMay('refunds.approve')} Cancellations with refunds above their askers\u2019 limits, the longest waiting first.`,
    ...staffOnly(staff, 'refunds.approve'),
    responses: {
      200: json(z.array(RefundRequestSchema), 'The requests waiting.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(queue, async (c) => c.json(await pendingRefunds(staff.db), 200));

  const noRequest = onInvalid({ param: () => notFound(REFUND_REQUEST_NOT_FOUND) });
  const approve = createRoute({
    method: 'post',
    path: '/refund-requests/{id}/approve',
    tags,
    summary: 'Approve a refund: the order is cancelled and refunded',
    description:
      `${whoMay('refunds.approve')} Not by the person who asked, and within the approver\u2019s own limit. ` +
      'The shopper is told the asker\u2019s reason.',
    ...staffOnly(staff, 'refunds.approve'),
    request: { params: IdParams },
    responses: {
      200: json(StaffOrderSchema, 'The order, cancelled and refunded.'),
      ...errors(
        NO_STAFF_TOKEN,
        [403, 'The role may not approve, the caller asked for it, or it is above the caller\u2019s limit.'],
        [404, 'No such request.'],
        [409, 'Decided already, or the order moved on (shipped, cancelled) and cannot be cancelled now.'],
      ),
    },
  });
  app.openapi(
    approve,
    async (c) => c.json(await approveRefund(staff, actorOf(c), c.req.valid('param').id), 200),
    noRequest,
  );

  const reject = createRoute({
    method: 'post',
    path: '/refund-requests/{id}/reject',
    tags,
    summary: 'Refuse a refund: the order stays as it is',
    description: `${whoMay('refunds.approve')} With the reason, which the person who asked reads on the order.`,
    ...staffOnly(staff, 'refunds.approve'),
    request: { params: IdParams, body: jsonBody(RefundRejectBody) },
    responses: {
      200: json(StaffOrderSchema, 'The order, with the request refused.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        [403, 'The role may not decide, or the caller asked for it.'],
        [404, 'No such request.'],
        [409, 'Decided already.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    reject,
    async (c) => {
      const orderId = await rejectRefund(
        staff.db,
        actorOf(c),
        staff.now(),
        c.req.valid('param').id,
        c.req.valid('json').note,
      );
      return c.json(await readStaffOrder(staff.db, orderId), 200);
    },
    noRequest,
  );

  const limits = createRoute({
    method: 'get',
    path: '/refund-limits',
    tags,
    summary: 'The refund limits of each role',
    description: `${whoMay('orders.read')} The most support and managers may refund without approval.`,
    ...staffOnly(staff, 'orders.read'),
    responses: { 200: json(RefundLimitsSchema, 'The limits.'), ...errors(NO_STAFF_TOKEN, ROLE_REFUSED) },
  });
  app.openapi(limits, async (c) => c.json(await readRefundLimits(staff.db), 200));

  const setLimits = createRoute({
    method: 'put',
    path: '/refund-limits',
    tags,
    summary: 'Set the refund limits',
    description: `${whoMay('staff.manage')} Whole rupees, or null for no limit; written to the audit log.`,
    ...staffOnly(staff, 'staff.manage'),
    request: { body: jsonBody(RefundLimitsBody) },
    responses: {
      200: json(RefundLimitsSchema, 'The limits as set.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, 413, 415),
    },
  });
  app.openapi(setLimits, async (c) =>
    c.json(await setRefundLimits(staff.db, actorOf(c), staff.now(), c.req.valid('json')), 200),
  );

  return app;
}
