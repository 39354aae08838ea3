import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { CouriersTable } from '../db/schema';

/** The couriers the shop books, and what an order was shipped with. */

export type CourierRow = Selectable<CouriersTable>;

/** Every courier, by name (the inactive ones too: the back office lists them to switch back on). */
export function listCouriers(db: Db): Promise<CourierRow[]> {
  return db.selectFrom('couriers').selectAll().orderBy('name').orderBy('id').execute();
}

export function findCourier(db: Db, id: number): Promise<CourierRow | undefined> {
  return db.selectFrom('couriers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCourier(
  db: Db,
  values: { name: string; tracking_url: string; active: number },
): Promise<CourierRow> {
  return db.insertInto('couriers').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateCourier(
  db: Db,
  id: number,
  values: { name: string; tracking_url: string; active: number },
): Promise<CourierRow | undefined> {
  return db.updateTable('couriers').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Keeps what order `orderId` was shipped with (in the shipping move's transaction). */
export async function setShipment(
  trx: Db,
  orderId: number,
  shipment: { courier: string; awb: string; url: string },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ shipment_courier: shipment.courier, shipment_awb: shipment.awb, shipment_url: shipment.url })
    .where('id', '=', orderId)
    .execute();
}
