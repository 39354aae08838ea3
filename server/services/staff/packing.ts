import { PDFDocument } from 'pdf-lib';
import type { Courier, PackingQueue, PackResults } from '../../../contract/api/admin-orders';
import { deliveryDate, zoneFor } from '../../../contract/delivery';
import { formatCalendarDay } from '../../../contract/format';
import { ORDER_STATE_LABELS } from '../../../contract/order-lifecycle';
import { trackingLink, type CourierInput } from '../../../contract/schemas/admin-orders';
import type { Db } from '../../db';
import {
  findCourier,
  insertCourier,
  listCouriers,
  setShipment,
  updateCourier,
  type CourierRow,
} from '../../repositories/couriers';
import { isUniqueViolation } from '../../repositories/dialect';
import { countOrderBoard, ordersToPack, TO_PACK, type PackingRecord } from '../../repositories/order-board';
import { findOrder } from '../../repositories/orders';
import type { DeliveryOptions } from '../delivery/serviceability';
import { Conflict, DomainError, Invalid, NotFound } from '../errors';
import { recordAudit, type Actor } from './audit';
import type { StaffContext } from './context';
import { boardRowOf, moveOrderAsStaff, packingSlipPdf, type StaffActor } from './order-desk';

/**
 * The packing queue: every order waiting to be packed in one list (paid online and confirmed cash
 * on delivery together, oldest first, with the date promised to the shopper), their packing slips
 * and invoices printed as one PDF, marked packed together; and the couriers orders ship with.
 */

/** Most orders the queue lists at once: a day's packing of a busy shop; the rest follow as these go. */
export const PACKING_QUEUE_LIMIT = 200;
export const COURIER_NOT_FOUND = 'Courier not found.';
export const COURIER_NOT_OFFERED = 'Choose a courier from the list.';
export const COURIER_NAME_TAKEN = 'A courier of this name is on the list already.';

const orderMissing = (id: number) => `Order #${id} not found.`;

/** The promised date of an order placed at `createdAt` to `pincode`, or null when its zone is not known. */
function promisedDate(delivery: DeliveryOptions | undefined, createdAt: string, pincode: string | null): string | null {
  const zone = pincode && delivery ? zoneFor(pincode, delivery.zones) : null;
  return zone ? deliveryDate(new Date(createdAt), zone.days) : null;
}

/** The orders waiting to be packed, oldest first. */
export async function packingQueue(db: Db, delivery: DeliveryOptions | undefined): Promise<PackingQueue> {
  const rows = await ordersToPack(db, PACKING_QUEUE_LIMIT + 1);
  return {
    count: rows.length > PACKING_QUEUE_LIMIT ? await countOrderBoard(db, { states: TO_PACK }) : rows.length,
    results: rows.slice(0, PACKING_QUEUE_LIMIT).map((row: PackingRecord) => ({
      ...boardRowOf(row),
      deliver_by: promisedDate(delivery, row.created_at, row.delivery_pincode),
      invoice: row.invoice_number,
    })),
  };
}

/**
 * Marks each of `ids` packed, one at a time and each on its own (an order cancelled meanwhile is
 * refused with the lifecycle's reason; the others are packed), in the order given.
 */
export async function packOrders(
  staff: Pick<StaffContext, 'db' | 'ordering' | 'now'>,
  actor: StaffActor,
  ids: readonly number[],
): Promise<PackResults> {
  const results: PackResults['results'] = [];
  for (const id of ids) {
    try {
      const { order } = await moveOrderAsStaff(staff, actor, id, 'packed', null);
      results.push({
        id,
        packed: true,
        message: `Order #${id} is now ${ORDER_STATE_LABELS[order.state].toLowerCase()}.`,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({
        id,
        packed: false,
        message: error instanceof NotFound ? orderMissing(id) : `Order #${id}: ${error.message}`,
      });
    }
  }
  return { results };
}

/**
 * The packing slips and tax invoices of `ids` as one PDF, to print at once: for each order, oldest
 * first, its slip and then its invoice (an unpaid cash-on-delivery order has none yet).
 */
export async function packingDocuments(
  staff: Pick<StaffContext, 'db' | 'invoices'>,
  ids: readonly number[],
  today: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const orders = [];
  for (const id of ids) {
    const order = await findOrder(staff.db, id);
    if (!order || order.kind !== 'goods') throw new NotFound(orderMissing(id));
    orders.push(order);
  }
  orders.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const merged = await PDFDocument.create();
  merged.setTitle(`Packing slips and invoices, ${formatCalendarDay(today)}`);
  const append = async (bytes: Buffer) => {
    const part = await PDFDocument.load(bytes);
    for (const page of await merged.copyPages(part, part.getPageIndices())) merged.addPage(page);
  };
  for (const order of orders) {
    await append((await packingSlipPdf(staff, order.id)).pdf);
    const invoice = await staff.invoices.pdfOf(order);
    if (invoice) await append(invoice.pdf);
  }
  return { fileName: `GharBazaar-packing-${today}.pdf`, pdf: Buffer.from(await merged.save()) };
}

/** A courier as the API answers it. */
function courierOf(row: CourierRow): Courier {
  return { id: row.id, name: row.name, tracking_url: row.tracking_url, active: row.active === 1 };
}

export async function couriers(db: Db): Promise<Courier[]> {
  return (await listCouriers(db)).map(courierOf);
}

/** Adds a courier; written to the audit log. */
export async function addCourier(db: Db, actor: Actor, now: number, input: CourierInput): Promise<Courier> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertCourier(trx, {
        name: input.name,
        tracking_url: input.tracking_url,
        active: input.active === false ? 0 : 1,
      });
      await recordAudit(trx, actor, now, {
        action: 'courier.add',
        entity: 'courier',
        entityId: row.id,
        after: { name: row.name, tracking_url: row.tracking_url, active: row.active === 1 },
      });
      return courierOf(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(COURIER_NAME_TAKEN);
    throw error;
  }
}

/** Changes a courier (orders shipped with it keep the link they were sent); written to the audit log. */
export async function changeCourier(
  db: Db,
  actor: Actor,
  now: number,
  id: number,
  input: CourierInput,
): Promise<Courier> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await findCourier(trx, id);
      if (!before) throw new NotFound(COURIER_NOT_FOUND);
      const row = await updateCourier(trx, id, {
        name: input.name,
        tracking_url: input.tracking_url,
        active: input.active === false ? 0 : 1,
      });
      if (!row) throw new NotFound(COURIER_NOT_FOUND);
      await recordAudit(trx, actor, now, {
        action: 'courier.change',
        entity: 'courier',
        entityId: id,
        before: { name: before.name, tracking_url: before.tracking_url, active: before.active === 1 },
        after: { name: row.name, tracking_url: row.tracking_url, active: row.active === 1 },
      });
      return courierOf(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(COURIER_NAME_TAKEN);
    throw error;
  }
}

/**
 * Ships an order with a courier from the list: the move's note names the courier and waybill (the
 * timeline and the shopper's e-mail show it), and the order keeps the tracking link, written in
 * the move's transaction.
 */
export async function shipWithCourier(
  staff: Pick<StaffContext, 'db' | 'ordering' | 'now'>,
  actor: StaffActor,
  id: number,
  shipment: { courierId: number; awb: string; note: string | null },
) {
  const courier = await findCourier(staff.db, shipment.courierId);
  if (!courier || courier.active !== 1)
    throw new Invalid(COURIER_NOT_OFFERED, { errors: { courier_id: [COURIER_NOT_OFFERED] } });
  const url = trackingLink(courier.tracking_url, shipment.awb);
  const note = [`${courier.name}, AWB ${shipment.awb}`, shipment.note].filter(Boolean).join('. ');
  return moveOrderAsStaff(staff, actor, id, 'shipped', note, (trx) =>
    setShipment(trx, id, { courier: courier.name, awb: shipment.awb, url }),
  );
}
