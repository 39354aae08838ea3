import type { Insertable } from 'kysely';
import type { Db } from '../db';
import type { OrderEventRow, OrderEventsTable } from '../db/schema';
import { inListSlices } from './dialect';

/** The history of orders: one row per change of state, in the order they happened. */

export async function recordOrderEvent(trx: Db, event: Insertable<OrderEventsTable>): Promise<OrderEventRow> {
  return trx.insertInto('order_events').values(event).returningAll().executeTakeFirstOrThrow();
}

/** The events of these orders, oldest first. */
export async function eventsOfOrders(db: Db, orderIds: readonly number[]): Promise<OrderEventRow[]> {
  const rows: OrderEventRow[] = [];
  for (const slice of inListSlices(orderIds)) {
    rows.push(
      ...(await db.selectFrom('order_events').selectAll().where('order_id', 'in', slice).orderBy('id').execute()),
    );
  }
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Events whose e-mail has not gone out, not claimed by a live sender (a claim older than
 * `staleBefore` is one whose process died), with attempts left, oldest first.
 */
export function eventsToNotify(
  db: Db,
  staleBefore: string,
  maxAttempts: number,
  limit: number,
): Promise<OrderEventRow[]> {
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('notified_at', 'is', null)
    .where('notify_attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('notify_claimed_at', 'is', null), eb('notify_claimed_at', '<', staleBefore)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes on sending an event's e-mail: true for the one process that got it (the claim moves only from what it read). */
export async function claimNotification(db: Db, event: OrderEventRow, at: string): Promise<boolean> {
  let query = db
    .updateTable('order_events')
    .set({ notify_claimed_at: at, notify_attempts: event.notify_attempts + 1 })
    .where('id', '=', event.id)
    .where('notified_at', 'is', null)
    .where('notify_attempts', '=', event.notify_attempts);
  query =
    event.notify_claimed_at === null
      ? query.where('notify_claimed_at', 'is', null)
      : query.where('notify_claimed_at', '=', event.notify_claimed_at);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The event's e-mail went out (or needed none). */
export async function markNotified(db: Db, eventId: number, at: string): Promise<void> {
  await db.updateTable('order_events').set({ notified_at: at }).where('id', '=', eventId).execute();
}
