import type { Insertable } from 'kysely';
import type { RefundStatus } from '../../contract/order-lifecycle';
import type { Db } from '../db';
import type { RefundRow, RefundsTable } from '../db/schema';
import { inListSlices } from './dialect';

/** Money given back: one row per payment refunded (the unique payment_id makes a second one impossible). */

/** Records a refund to ask the provider for; undefined when this payment has one already. */
export async function insertRefund(trx: Db, refund: Insertable<RefundsTable>): Promise<RefundRow | undefined> {
  return trx
    .insertInto('refunds')
    .values(refund)
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findRefund(db: Db, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The refund the provider knows by `providerRefundId`, or else the one of `paymentId` it has not named yet. */
export async function findRefundForProvider(
  db: Db,
  providerRefundId: string,
  paymentId: string | undefined,
): Promise<RefundRow | undefined> {
  const byId = await db
    .selectFrom('refunds')
    .selectAll()
    .where('provider_refund_id', '=', providerRefundId)
    .executeTakeFirst();
  if (byId || !paymentId) return byId;
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('provider_refund_id', 'is', null)
    .executeTakeFirst();
}

/** The refunds of these orders, oldest first. */
export async function refundsOfOrders(db: Db, orderIds: readonly number[]): Promise<RefundRow[]> {
  const rows: RefundRow[] = [];
  for (const slice of inListSlices(orderIds)) {
    rows.push(...(await db.selectFrom('refunds').selectAll().where('order_id', 'in', slice).orderBy('id').execute()));
  }
  return rows;
}

/**
 * Claims one attempt at asking the provider for a refund: true for the one process whose attempt
 * it is (the attempt count moves only from what the caller read). A refund the provider has
 * accepted (it has a provider id) or that has settled is never asked for again.
 */
export async function claimRefundAttempt(db: Db, refund: RefundRow, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ attempts: refund.attempts + 1, updated_at: at })
    .where('id', '=', refund.id)
    .where('attempts', '=', refund.attempts)
    .where('provider_refund_id', 'is', null)
    .where('status', '=', 'initiated')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records what the provider said of a refund. A settled refund (processed or failed) stays settled. */
export async function updateRefund(
  db: Db,
  id: number,
  change: { provider_refund_id?: string; status?: RefundStatus },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ ...change, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'initiated')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Refunds not yet accepted by the provider, last tried before `before`, with attempts left. */
export function refundsToRetry(db: Db, before: string, maxAttempts: number, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'initiated')
    .where('provider_refund_id', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('updated_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}
