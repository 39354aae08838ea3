import { sql } from 'kysely';
import type { Db } from '../db';
import type { OrderState } from '../../contract/order-lifecycle';
import { TO_PACK } from './order-board';

/** What the shop's staff are told of its orders: who wants which e-mail, and how far each alert has gone. */

export type AlertKind = 'new_orders' | 'daily_summary';

export interface AlertState {
  last_event_id: number;
  last_sent_at: string | null;
  last_day: string | null;
}

/** The states an order is confirmed in: paid online, or placed for cash on delivery. */
const CONFIRMED: readonly OrderState[] = ['paid', 'placed'];

/**
 * The alert's progress; made on first use, starting after the newest order event then, so that
 * staff are told of the orders that come after alerts began and never of the shop's whole past.
 */
export async function alertState(db: Db, kind: AlertKind): Promise<AlertState> {
  await db
    .insertInto('staff_alerts')
    .values({ kind, last_event_id: await newestEventId(db) })
    .onConflict((oc) => oc.column('kind').doNothing())
    .execute();
  return db
    .selectFrom('staff_alerts')
    .select(['last_event_id', 'last_sent_at', 'last_day'])
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
}

/**
 * Takes the batch of events after `from` up to `to` for this process: true when no other process
 * took it first (the watermark still at `from`) and the last alert went out before `sentBefore`.
 */
export async function claimBatch(
  db: Db,
  kind: AlertKind,
  batch: { from: number; to: number; at: string; sentBefore: string },
): Promise<boolean> {
  const result = await db
    .updateTable('staff_alerts')
    .set({ last_event_id: batch.to, last_sent_at: batch.at })
    .where('kind', '=', kind)
    .where('last_event_id', '=', batch.from)
    .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', batch.sentBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the summary of `day` for this process: true when no process summed it up (or a later day) before. */
export async function claimDay(db: Db, kind: AlertKind, day: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_alerts')
    .set({ last_day: day, last_sent_at: at })
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('last_day', 'is', null), eb('last_day', '<', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An order that became confirmed, as the new-order e-mail lists it. */
export interface ConfirmedOrder {
  event_id: number;
  order_id: number;
  at: string;
  payment_method: 'online' | 'cod';
  amount_paise: number;
  delivery_pincode: string | null;
  pieces: number | string | null;
}

/** Up to `limit` order confirmations after event `afterId`, oldest first (orders of goods only). */
export function confirmationsAfter(db: Db, afterId: number, limit: number): Promise<ConfirmedOrder[]> {
  return db
    .selectFrom('order_events as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select((eb) => [
      'e.id as event_id',
      'o.id as order_id',
      'e.at',
      'o.payment_method',
      'o.amount_paise',
      'o.delivery_pincode',
      eb
        .selectFrom('order_items as i')
        .select((sub) => sub.fn.sum<number>('i.quantity').as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('pieces'),
    ])
    .where('e.id', '>', afterId)
    .where('e.to_state', 'in', CONFIRMED)
    .where('o.kind', '=', 'goods')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** The newest order event's id (0 for none). */
export async function newestEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_events')
    .select((eb) => eb.fn.max<number | null>('id').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The staff who asked for this alert and can still sign in: their e-mail and name. */
export function alertRecipients(db: Db, kind: AlertKind): Promise<{ email: string; name: string }[]> {
  const column = kind === 'new_orders' ? 'alert_new_orders' : 'alert_daily_summary';
  return db
    .selectFrom('staff')
    .select(['email', 'name'])
    .where(column, '=', 1)
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** A staff member's choices of alerts. */
export function alertChoices(db: Db, staffId: number) {
  return db
    .selectFrom('staff')
    .select(['alert_new_orders', 'alert_daily_summary'])
    .where('id', '=', staffId)
    .executeTakeFirst();
}

export async function setAlertChoices(
  db: Db,
  staffId: number,
  choices: { alert_new_orders: number; alert_daily_summary: number },
): Promise<void> {
  await db.updateTable('staff').set(choices).where('id', '=', staffId).execute();
}

/** The events of orders of goods moving to one of `states` from `from` to `before` (ISO times). */
function eventsBetween(db: Db, states: readonly OrderState[], from: string, before: string) {
  return db
    .selectFrom('order_events as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .where('e.to_state', 'in', states)
    .where('o.kind', '=', 'goods')
    .where('e.at', '>=', from)
    .where('e.at', '<', before);
}

/** A day's trade, from `from` to `before` (ISO times): confirmed orders and their value, cancellations, refunds. */
export async function tradeBetween(db: Db, from: string, before: string) {
  const confirmed = await eventsBetween(db, CONFIRMED, from, before)
    .select((eb) => [
      eb.fn.count<number>('o.id').distinct().as('orders'),
      sql<number | string | null>`sum(o.amount_paise)`.as('paise'),
      sql<number | string | null>`sum(case when o.payment_method = 'cod' then 1 else 0 end)`.as('cod'),
    ])
    .executeTakeFirstOrThrow();
  const cancelled = await eventsBetween(db, ['cancelled'], from, before)
    .select((eb) => eb.fn.count<number>('o.id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  const refunded = await db
    .selectFrom('refunds')
    .select(sql<number | string | null>`sum(amount_paise)`.as('n'))
    .where('created_at', '>=', from)
    .where('created_at', '<', before)
    .executeTakeFirstOrThrow();
  const toPack = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', 'in', TO_PACK)
    .where('kind', '=', 'goods')
    .executeTakeFirstOrThrow();
  const waiting = await db
    .selectFrom('refund_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return {
    orders: Number(confirmed.orders),
    cod: Number(confirmed.cod ?? 0),
    paise: Number(confirmed.paise ?? 0),
    cancelled: Number(cancelled.n),
    refundedPaise: Number(refunded.n ?? 0),
    toPack: Number(toPack.n),
    refundsWaiting: Number(waiting.n),
  };
}
