import type { OrderNote, RefundLimits, RefundRequest } from '../../../contract/api/admin-orders';
import { formatPaise } from '../../../contract/format';
import { paiseToRupees, rupeesToPaise } from '../../../contract/pricing';
import type { RefundLimitsInput } from '../../../contract/schemas/admin-orders';
import type { StaffRole } from '../../../contract/staff';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { isUniqueViolation } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import { findOrderForUpdate } from '../../repositories/orders';
import * as repo from '../../repositories/refund-approvals';
import { Conflict, Forbidden, NotFound } from '../errors';
import { recordAudit, type Actor } from './audit';

/**
 * Money needs the right hands: a staff member whose cancellation would refund more than their
 * role's limit asks instead, and a manager or owner (not the one who asked, and within their own
 * limit) approves or refuses. Staff's notes on an order stay among staff.
 */

/** The limits before an owner sets any: support asks for every refund, managers may refund any amount. */
export const DEFAULT_REFUND_LIMITS_PAISE: Readonly<Record<'support' | 'manager', number | null>> = {
  support: 0,
  manager: null,
};

export const REFUND_REQUEST_NOT_FOUND = 'No such refund request.';
export const REFUND_ALREADY_ASKED = 'A refund of this order already waits for approval.';
export const OWN_REQUEST = 'You asked for this refund: another manager or an owner must approve it.';
export const ALREADY_DECIDED = 'This request has been decided already.';

/** Staff whose own cancellation waits for approval (services/staff/order-desk.ts answers 202). */
export class ApprovalNeeded extends Error {
  constructor(readonly amountPaise: number) {
    super('The refund needs approval.');
  }
}

/** The most `role` may refund on its own, in paise; null: no limit. Owners have none. */
export async function refundLimitOf(db: Db, role: StaffRole): Promise<number | null> {
  if (role === 'owner') return null;
  const row = (await repo.refundLimitRows(db)).find((r) => r.role === role);
  return row ? row.limit_paise : DEFAULT_REFUND_LIMITS_PAISE[role];
}

/** The limits as the owner's form shows them, in rupees. */
export async function readRefundLimits(db: Db): Promise<RefundLimits> {
  const [support, manager] = await Promise.all([refundLimitOf(db, 'support'), refundLimitOf(db, 'manager')]);
  return {
    support: support === null ? null : paiseToRupees(support),
    manager: manager === null ? null : paiseToRupees(manager),
  };
}

/** An owner sets the limits; the change is in the audit log. */
export async function setRefundLimits(
  db: Db,
  actor: Actor,
  at: number,
  input: RefundLimitsInput,
): Promise<RefundLimits> {
  const before = await readRefundLimits(db);
  await inTransaction(db, async (trx) => {
    for (const role of ['support', 'manager'] as const) {
      const rupees = input[role];
      await repo.writeRefundLimit(trx, {
        role,
        limit_paise: rupees === null ? null : rupeesToPaise(rupees),
        updated_at: new Date(at).toISOString(),
        updated_by: actor.staffId,
      });
    }
    await recordAudit(trx, actor, at, {
      action: 'refund.limits',
      entity: 'refund_limits',
      before,
      after: { support: input.support, manager: input.manager },
    });
  });
  return readRefundLimits(db);
}

/** Whether cancelling `order` gives money back (it was paid online), and how much. */
export function refundOnCancel(order: Pick<OrderRow, 'payment_id' | 'amount_paise'>): number {
  return order.payment_id ? order.amount_paise : 0;
}

/** True when `limit` (paise, null: none) does not cover `amount`. */
export function aboveLimit(limit: number | null, amount: number): boolean {
  return limit !== null && amount > limit;
}

/**
 * Records `actor`'s request to cancel order `orderId` with its refund, for approval. One open
 * request per order.
 */
export async function askForRefund(
  db: Db,
  actor: Actor & { staffId: number },
  at: number,
  orderId: number,
  note: string | null,
): Promise<void> {
  try {
    await inTransaction(db, async (trx) => {
      const order = await findOrderForUpdate(trx, orderId);
      if (!order || order.kind !== 'goods') throw new NotFound('Order not found.');
      const amount = refundOnCancel(order);
      const iso = new Date(at).toISOString();
      const id = await repo.insertRefundRequest(trx, {
        order_id: orderId,
        amount_paise: amount,
        note,
        requested_by: actor.staffId,
        requested_at: iso,
      });
      await recordAudit(trx, actor, at, {
        action: 'refund.request',
        entity: 'order',
        entityId: orderId,
        after: { refund_request: id, amount: formatPaise(amount), state: order.state },
        note,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(REFUND_ALREADY_ASKED);
    throw error;
  }
}

/**
 * Checks that `approver` may approve request `id`: it is pending, someone else asked, and the
 * amount is within the approver's own limit. Answers the request.
 */
export async function checkApprover(
  db: Db,
  approver: { staffId: number; role: StaffRole },
  id: number,
): Promise<repo.RefundRequestRow> {
  const request = await repo.findRefundRequest(db, id);
  if (!request) throw new NotFound(REFUND_REQUEST_NOT_FOUND);
  if (request.state !== 'pending') throw new Conflict(ALREADY_DECIDED);
  if (request.requested_by === approver.staffId) throw new Forbidden(OWN_REQUEST);
  if (aboveLimit(await refundLimitOf(db, approver.role), request.amount_paise)) {
    throw new Forbidden(
      `This refund (${formatPaise(request.amount_paise)}) is above your limit: an owner must approve it.`,
    );
  }
  return request;
}

/** Marks request `id` approved inside the cancellation's transaction; refused when decided meanwhile. */
export async function markApproved(trx: Db, approver: Actor, at: string, id: number): Promise<void> {
  const decided = await repo.decideRefundRequest(trx, id, {
    state: 'approved',
    decided_by: approver.staffId,
    decided_at: at,
    decision_note: null,
  });
  if (!decided) throw new Conflict(ALREADY_DECIDED);
}

/** Refuses request `id` with a reason; the order stays as it is. */
export async function rejectRefund(
  db: Db,
  approver: { staffId: number; role: StaffRole; ip: string | null },
  at: number,
  id: number,
  note: string,
): Promise<number> {
  const request = await checkApprover(db, approver, id);
  await inTransaction(db, async (trx) => {
    const decided = await repo.decideRefundRequest(trx, id, {
      state: 'rejected',
      decided_by: approver.staffId,
      decided_at: new Date(at).toISOString(),
      decision_note: note,
    });
    if (!decided) throw new Conflict(ALREADY_DECIDED);
    await recordAudit(trx, approver, at, {
      action: 'refund.reject',
      entity: 'order',
      entityId: request.order_id,
      before: { refund_request: id, state: 'pending' },
      after: { refund_request: id, state: 'rejected' },
      note,
    });
  });
  return request.order_id;
}

/** A request as the back office shows it. */
export function refundRequestView(row: repo.RefundRequestRow): RefundRequest {
  return {
    id: row.id,
    order_id: row.order_id,
    amount: paiseToRupees(row.amount_paise),
    note: row.note,
    state: row.state,
    requested_by: { id: row.requested_by, name: row.requested_by_name },
    requested_at: row.requested_at,
    decided_by: row.decided_by === null ? null : { id: row.decided_by, name: row.decided_by_name ?? '' },
    decided_at: row.decided_at,
    decision_note: row.decision_note,
  };
}

/** The queue: requests waiting for a decision, the longest waiting first. */
export async function pendingRefunds(db: Db): Promise<RefundRequest[]> {
  return (await repo.refundRequestsIn(db, 'pending', 200)).map(refundRequestView);
}

/** The order's latest request, if any. */
export async function latestRefundRequest(db: Db, orderId: number): Promise<RefundRequest | null> {
  const row = await repo.latestRefundRequestOf(db, orderId);
  return row ? refundRequestView(row) : null;
}

/** A note staff keep on an order (in the audit log too). */
export async function addOrderNote(db: Db, actor: Actor, at: number, orderId: number, body: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await findOrderForUpdate(trx, orderId);
    if (!order || order.kind !== 'goods') throw new NotFound('Order not found.');
    await repo.insertOrderNote(trx, {
      order_id: orderId,
      staff_id: actor.staffId,
      body,
      created_at: new Date(at).toISOString(),
    });
    await recordAudit(trx, actor, at, { action: 'order.note', entity: 'order', entityId: orderId, note: body });
  });
}

/** Staff's notes on an order, oldest first. */
export async function orderNotes(db: Db, orderId: number): Promise<OrderNote[]> {
  return (await repo.notesOfOrder(db, orderId)).map((n) => ({
    id: n.id,
    body: n.body,
    created_at: n.created_at,
    staff: n.staff_id === null ? null : { id: n.staff_id, name: n.staff_name ?? '' },
  }));
}
