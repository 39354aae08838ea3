import type { StaffRole } from '../../contract/staff';
import type { Db } from '../db';
import type { RefundRequestState } from '../db/schema';

/** Refund limits, refund requests and staff's notes on orders (see migration 0015). */

export async function refundLimitRows(db: Db): Promise<{ role: StaffRole; limit_paise: number | null }[]> {
  return db.selectFrom('refund_limits').select(['role', 'limit_paise']).execute();
}

/** Sets one role's limit (null: no limit). */
export async function writeRefundLimit(
  db: Db,
  row: { role: StaffRole; limit_paise: number | null; updated_at: string; updated_by: number | null },
): Promise<void> {
  await db
    .insertInto('refund_limits')
    .values(row)
    .onConflict((oc) =>
      oc.column('role').doUpdateSet({
        limit_paise: row.limit_paise,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      }),
    )
    .execute();
}

export async function insertRefundRequest(
  db: Db,
  row: { order_id: number; amount_paise: number; note: string | null; requested_by: number; requested_at: string },
): Promise<number> {
  const inserted = await db.insertInto('refund_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A request with the names of who asked and who decided. */
export interface RefundRequestRow {
  id: number;
  order_id: number;
  amount_paise: number;
  note: string | null;
  state: RefundRequestState;
  requested_by: number;
  requested_by_name: string;
  requested_at: string;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: string | null;
  decision_note: string | null;
}

function requestsWithNames(db: Db) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('staff as asker', 'asker.id', 'r.requested_by')
    .leftJoin('staff as decider', 'decider.id', 'r.decided_by')
    .select([
      'r.id',
      'r.order_id',
      'r.amount_paise',
      'r.note',
      'r.state',
      'r.requested_by',
      'asker.name as requested_by_name',
      'r.requested_at',
      'r.decided_by',
      'decider.name as decided_by_name',
      'r.decided_at',
      'r.decision_note',
    ]);
}

export async function findRefundRequest(db: Db, id: number): Promise<RefundRequestRow | undefined> {
  return requestsWithNames(db).where('r.id', '=', id).executeTakeFirst();
}

/** The order's latest request, whatever its state. */
export async function latestRefundRequestOf(db: Db, orderId: number): Promise<RefundRequestRow | undefined> {
  return requestsWithNames(db).where('r.order_id', '=', orderId).orderBy('r.id', 'desc').limit(1).executeTakeFirst();
}

/** Requests in one state, oldest first (the queue works from the longest waiting). */
export async function refundRequestsIn(db: Db, state: RefundRequestState, limit: number): Promise<RefundRequestRow[]> {
  return requestsWithNames(db).where('r.state', '=', state).orderBy('r.id').limit(limit).execute();
}

/** Decides a request still pending; false when someone decided it first. */
export async function decideRefundRequest(
  db: Db,
  id: number,
  decision: {
    state: 'approved' | 'rejected';
    decided_by: number | null;
    decided_at: string;
    decision_note: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('refund_requests')
    .set(decision)
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOrderNote(
  db: Db,
  row: { order_id: number; staff_id: number | null; body: string; created_at: string },
): Promise<void> {
  await db.insertInto('order_notes').values(row).execute();
}

export async function notesOfOrder(
  db: Db,
  orderId: number,
): Promise<{ id: number; body: string; created_at: string; staff_id: number | null; staff_name: string | null }[]> {
  return db
    .selectFrom('order_notes as n')
    .leftJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.id', 'n.body', 'n.created_at', 'n.staff_id', 's.name as staff_name'])
    .where('n.order_id', '=', orderId)
    .orderBy('n.id')
    .execute();
}
