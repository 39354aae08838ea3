import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { OrderBoardPageSchema, StaffOrderSchema } from '../../contract/api/admin-orders';
import { IdParams } from '../../contract/schemas/common';
import { OrderBoardQuery, OrderMoveBody } from '../../contract/schemas/admin-orders';
import { ApiRoutes, errors, json, jsonBody, onInvalid, pdf } from '../http/api-routes';
import { clientAddress } from '../http/client-address';
import { notFound } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, whoMay, type StaffEnv } from '../http/staff-auth';
import type { Actor } from '../services/staff/audit';
import type { StaffContext } from '../services/staff/context';
import {
  moveOrderAsStaff,
  ORDER_NOT_FOUND,
  packingSlipPdf,
  readOrderBoard,
  readStaffOrder,
  staffInvoicePdf,
} from '../services/staff/order-desk';

/** A PDF answered as a download that no cache keeps (it names a customer and their address). */
function pdfAnswer(c: Context, file: { fileName: string; pdf: Buffer }): Response {
  c.header('content-type', 'application/pdf');
  c.header('content-disposition', `attachment; filename="${file.fileName}"`);
  c.header('cache-control', 'private, no-store');
  return c.body(new Uint8Array(file.pdf));
}

/**
 * The back office's orders under /api/admin/orders: the board (filters, sort, pages, counts per
 * state), one order in full, moving it along its lifecycle, and its invoice and packing slip.
 */
export function adminOrderRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const actorOf = (c: Context<StaffEnv>): Actor => ({
    staffId: c.get('staffSession').staff.id,
    ip: clientAddress(c, staff.trustProxy),
  });
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
      `${whoMay('orders.write')} Through the order lifecycle: shipping needs the tracking note (shown on ` +
      'the tracking page and in the e-mail); delivering a cash-on-delivery order records its payment and ' +
      'issues its tax invoice; cancelling gives the stock back and refunds a paid order in full. Each move ' +
      'is written to the audit log with the order\u2019s state before and after.',
    ...staffOnly(staff, 'orders.write'),
    request: { params: IdParams, body: jsonBody(OrderMoveBody) },
    responses: {
      200: json(StaffOrderSchema, 'The order as moved.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such order.'],
        [409, 'The lifecycle does not allow the move from the order\u2019s state (the message says why).'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    move,
    async (c) => {
      const { to, note } = c.req.valid('json');
      return c.json(await moveOrderAsStaff(staff, actorOf(c), c.req.valid('param').id, to, note || null), 200);
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
  app.openapi(invoice, async (c) => pdfAnswer(c, await staffInvoicePdf(staff, c.req.valid('param').id)), noOrder);

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
  app.openapi(packingSlip, async (c) => pdfAnswer(c, await packingSlipPdf(staff, c.req.valid('param').id)), noOrder);

  return app;
}
