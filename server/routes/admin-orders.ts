import { Hono, type Context } from 'hono';
import { IdParams } from '../../contract/schemas/common';
import { OrderBoardQuery, OrderMoveBody } from '../../contract/schemas/admin-orders';
import { clientAddress } from '../http/client-address';
import { notFound } from '../http/errors';
import { requireStaff, type StaffEnv } from '../http/staff-auth';
import { parseJson, parseParams, parseQuery } from '../http/validate';
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
export function adminOrderRoutes(staff: StaffContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>({ strict: false });
  const actorOf = (c: Context<StaffEnv>): Actor => ({
    staffId: c.get('staffSession').staff.id,
    ip: clientAddress(c, staff.trustProxy),
  });
  const orderId = (c: Context) => parseParams(c, IdParams, () => notFound(ORDER_NOT_FOUND)).id;

  app.get('/orders', requireStaff(staff, 'orders.read'), async (c) =>
    c.json(await readOrderBoard(staff.db, parseQuery(c, OrderBoardQuery))),
  );

  app.get('/orders/:id', requireStaff(staff, 'orders.read'), async (c) =>
    c.json(await readStaffOrder(staff.db, orderId(c))),
  );

  app.post('/orders/:id/move', requireStaff(staff, 'orders.write'), async (c) => {
    const id = orderId(c);
    const { to, note } = await parseJson(c, OrderMoveBody);
    return c.json(await moveOrderAsStaff(staff, actorOf(c), id, to, note || null));
  });

  app.get('/orders/:id/invoice', requireStaff(staff, 'orders.read'), async (c) =>
    pdfAnswer(c, await staffInvoicePdf(staff, orderId(c))),
  );

  app.get('/orders/:id/packing-slip', requireStaff(staff, 'orders.read'), async (c) =>
    pdfAnswer(c, await packingSlipPdf(staff, orderId(c))),
  );

  return app;
}
