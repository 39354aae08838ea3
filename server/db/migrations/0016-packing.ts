import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/**
 * The packing queue and the shop hearing of its orders. `couriers`: the couriers the shop books
 * and each one's tracking address (`{awb}` stands for the waybill number). An order keeps what
 * it was shipped with (`shipment_*`), the tracking link as it was when shipped. Staff opt in to
 * the new-order e-mail and the daily summary (`alert_*`); `staff_alerts` holds how far each
 * alert has gone (the last order event told of, the last day summed up), so that the processes
 * of a fleet send each alert once.
 */
export const packing: Migration = {
  async up(db: Kysely<unknown>) {
    const columns = columnsFor(db);
    await columns
      .id(db.schema.createTable('couriers'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tracking_url', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`active IN (0, 1)`),
      )
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(columns.now))
      .execute();
    await sql`CREATE UNIQUE INDEX couriers_name ON couriers (lower(name))`.execute(db);

    await db.schema.alterTable('orders').addColumn('shipment_courier', 'text').execute();
    await db.schema.alterTable('orders').addColumn('shipment_awb', 'text').execute();
    await db.schema.alterTable('orders').addColumn('shipment_url', 'text').execute();

    await db.schema
      .alterTable('staff')
      .addColumn('alert_new_orders', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('staff')
      .addColumn('alert_daily_summary', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('staff_alerts')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('last_event_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sent_at', 'text')
      .addColumn('last_day', 'text')
      .execute();
  },
};
