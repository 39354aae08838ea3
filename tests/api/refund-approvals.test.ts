import { beforeEach, describe, expect, test } from 'vitest';
import { StaffOrderSchema, type StaffOrder } from '../../contract/api/admin-orders';
import {
  ORDER_NOTE_REQUIRED,
  REFUND_LIMIT_INVALID,
  REJECTION_REASON_REQUIRED,
} from '../../contract/schemas/admin-orders';
import { ROLE_CANNOT } from '../../contract/staff';
import { ALREADY_DECIDED, OWN_REQUEST, REFUND_ALREADY_ASKED } from '../../server/services/staff/refund-approvals';
import { appPerFile, buy, makeTestApp, newUser } from './helpers';
import { signedInStaff, stockedOnce, teamOnce } from './staff-helpers';

/**
 * Money needs the right hands: a cancellation whose refund is above the asker's limit waits for a
 * manager or an owner, who is not the asker; staff's notes on an order never reach the shopper.
 */
const t = appPerFile(() => makeTestApp(30));

/** One signed-in member of each role, made once for the file. */
const staff = teamOnce(t);

const variants = stockedOnce(t, 4, 3);

/** A paid online order of one piece of the first variant; answers its id. */
async function paidOrder(): Promise<{ id: number; shopper: { token: string } }> {
  const shopper = await newUser(t);
  const [v] = await variants();
  return { id: (await buy(t, shopper.token, [v!.id])).id, shopper };
}

function cancel(token: string, id: number, note = 'Out of stock at the warehouse') {
  return t.call('POST', `/api/admin/orders/${id}/move`, { token, json: { to: 'cancelled', note } });
}

async function detail(token: string, id: number): Promise<StaffOrder> {
  const res = await t.call('GET', `/api/admin/orders/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StaffOrderSchema.parse(res.body);
}

function setLimits(token: string, json: unknown) {
  return t.call('PUT', '/api/admin/refund-limits', { token, json });
}

function refundRows(orderId: number) {
  return t.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();
}

function auditActions(orderId: number) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'staff_id'])
    .where('entity', '=', 'order')
    .where('entity_id', '=', String(orderId))
    .orderBy('id')
    .execute();
}

beforeEach(async () => {
  const { owner } = await staff();
  expect((await setLimits(owner.token, { support: 0, manager: null })).status).toBe(200);
});

describe('refund limits', () => {
  test('support asks for every refund by default, managers for none; only an owner sets them', async () => {
    const { owner, manager, support } = await staff();
    const read = await t.call('GET', '/api/admin/refund-limits', { token: support.token });
    expect(read.body).toEqual({ support: 0, manager: null });
    const refused = await setLimits(manager.token, { support: 5000, manager: null });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: ROLE_CANNOT });
    const set = await setLimits(owner.token, { support: 500, manager: 20000 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ support: 500, manager: 20000 });
  });

  test.each([
    { support: -1, manager: null },
    { support: 1.5, manager: null },
    { support: '10', manager: null },
    { support: 10 },
  ])('%o is refused with the rule, and nothing changes', async (json) => {
    const { owner } = await staff();
    const res = await setLimits(owner.token, json);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(REFUND_LIMIT_INVALID.slice(0, 20));
    expect((await t.call('GET', '/api/admin/refund-limits', { token: owner.token })).body).toEqual({
      support: 0,
      manager: null,
    });
  });
});

describe('a refund above the limit waits', () => {
  test('support’s cancellation of a paid order waits (202): the order stays paid, no money moves, and an owner approves it', async () => {
    const { owner, support } = await staff();
    const { id, shopper } = await paidOrder();
    const asked = await cancel(support.token, id, 'The shopper called: wrong size');
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const waiting = StaffOrderSchema.parse(asked.body);
    expect(waiting.state).toBe('paid');
    expect(waiting.refund).toBeNull();
    expect(waiting.refund_request).toMatchObject({
      state: 'pending',
      amount: waiting.amount,
      note: 'The shopper called: wrong size',
      requested_by: { id: support.id },
      decided_by: null,
    });
    expect(await refundRows(id)).toHaveLength(0);

    const again = await cancel(support.token, id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: REFUND_ALREADY_ASKED });

    const queue = await t.call('GET', '/api/admin/refund-requests', { token: owner.token });
    expect(queue.status).toBe(200);
    const request = (queue.body as { id: number; order_id: number }[]).find((r) => r.order_id === id);
    expect(request).toBeDefined();
    expect((await t.call('GET', '/api/admin/refund-requests', { token: support.token })).status).toBe(403);

    const approved = await t.call('POST', `/api/admin/refund-requests/${request!.id}/approve`, { token: owner.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const done = StaffOrderSchema.parse(approved.body);
    expect(done.state).toBe('cancelled');
    expect(done.refund).toMatchObject({ amount: done.amount, reason: 'The shopper called: wrong size' });
    expect(done.refund_request).toMatchObject({ state: 'approved', decided_by: { id: owner.id } });
    expect(await refundRows(id)).toHaveLength(1);
    const timeline = done.timeline.at(-1);
    expect(timeline).toMatchObject({
      state: 'cancelled',
      staff: { id: owner.id },
      note: 'The shopper called: wrong size',
    });
    expect((await auditActions(id)).map((a) => a.action)).toEqual(['refund.request', 'order.move', 'refund.approve']);

    const shopperView = await t.call('GET', `/api/common/orders/${id}/`, { token: shopper.token });
    expect(shopperView.body).toMatchObject({ refund: { amount: done.amount } });

    const twice = await t.call('POST', `/api/admin/refund-requests/${request!.id}/approve`, { token: owner.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: ALREADY_DECIDED });
  });

  test('the one who asked cannot approve; a manager above their own limit cannot either', async () => {
    const { owner, manager, support } = await staff();
    expect((await setLimits(owner.token, { support: 0, manager: 0 })).status).toBe(200);
    const { id } = await paidOrder();
    expect((await cancel(manager.token, id)).status).toBe(202);
    const requestId = (await detail(owner.token, id)).refund_request!.id;
    const own = await t.call('POST', `/api/admin/refund-requests/${requestId}/approve`, { token: manager.token });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: OWN_REQUEST });

    const other = await paidOrder();
    expect((await cancel(support.token, other.id)).status).toBe(202);
    const otherRequest = (await detail(owner.token, other.id)).refund_request!.id;
    const aboveLimit = await t.call('POST', `/api/admin/refund-requests/${otherRequest}/approve`, {
      token: manager.token,
    });
    expect(aboveLimit.status).toBe(403);
    expect((aboveLimit.body as { message: string }).message).toMatch(/above your limit: an owner must approve it/);
    expect((await detail(owner.token, other.id)).state).toBe('paid');
    expect(await refundRows(other.id)).toHaveLength(0);
  });

  test('a refusal needs its reason, leaves the order as it was, and the asker may ask again', async () => {
    const { owner, support } = await staff();
    const { id } = await paidOrder();
    expect((await cancel(support.token, id)).status).toBe(202);
    const requestId = (await detail(owner.token, id)).refund_request!.id;
    const bare = await t.call('POST', `/api/admin/refund-requests/${requestId}/reject`, {
      token: owner.token,
      json: { note: '  ' },
    });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.body)).toContain(REJECTION_REASON_REQUIRED);
    const rejected = await t.call('POST', `/api/admin/refund-requests/${requestId}/reject`, {
      token: owner.token,
      json: { note: 'Already packed: offer an exchange' },
    });
    expect(rejected.status).toBe(200);
    const order = StaffOrderSchema.parse(rejected.body);
    expect(order.state).toBe('paid');
    expect(order.refund_request).toMatchObject({
      state: 'rejected',
      decision_note: 'Already packed: offer an exchange',
    });
    expect(await refundRows(id)).toHaveLength(0);
    expect((await cancel(support.token, id)).status).toBe(202);
  });

  test('within the limit, or nothing to refund: cancelled at once', async () => {
    const { owner, support } = await staff();
    const { id } = await paidOrder();
    const amount = (await detail(owner.token, id)).amount;
    expect((await setLimits(owner.token, { support: Math.ceil(amount), manager: null })).status).toBe(200);
    const res = await cancel(support.token, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(StaffOrderSchema.parse(res.body)).toMatchObject({ state: 'cancelled', refund_request: null });
    expect(await refundRows(id)).toHaveLength(1);
  });

  test('two approvers at once: the order is cancelled and refunded once', async () => {
    const { owner, support } = await staff();
    const secondOwner = await signedInStaff(t, 'owner');
    const { id } = await paidOrder();
    expect((await cancel(support.token, id)).status).toBe(202);
    const requestId = (await detail(owner.token, id)).refund_request!.id;
    const answers = await Promise.all(
      [owner, secondOwner].map((o) =>
        t.call('POST', `/api/admin/refund-requests/${requestId}/approve`, { token: o.token }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refundRows(id)).toHaveLength(1);
  });
});

describe('internal notes', () => {
  test('staff keep notes on an order; the shopper never sees them', async () => {
    const { support, manager } = await staff();
    const { id, shopper } = await paidOrder();
    const added = await t.call('POST', `/api/admin/orders/${id}/notes`, {
      token: support.token,
      json: { body: 'Called the shopper: deliver after 6 pm <b>only</b>' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const order = await detail(manager.token, id);
    expect(order.notes).toEqual([
      {
        id: expect.any(Number),
        body: 'Called the shopper: deliver after 6 pm <b>only</b>',
        created_at: expect.any(String),
        staff: { id: support.id, name: 'Test support' },
      },
    ]);
    const seen = await t.call('GET', `/api/common/orders/${id}/`, { token: shopper.token });
    expect(JSON.stringify(seen.body)).not.toContain('deliver after 6 pm');
    expect((await auditActions(id)).map((a) => a.action)).toContain('order.note');
  });

  test.each([{ body: '   ' }, { body: 'x'.repeat(2001) }, {}])('%o is refused and nothing is kept', async (json) => {
    const { support } = await staff();
    const { id } = await paidOrder();
    const res = await t.call('POST', `/api/admin/orders/${id}/notes`, { token: support.token, json });
    expect(res.status).toBe(400);
    if (json.body?.trim() === '') expect(JSON.stringify(res.body)).toContain(ORDER_NOTE_REQUIRED);
    expect((await detail(support.token, id)).notes).toEqual([]);
  });

  test('a note on an order that does not exist: 404', async () => {
    const { support } = await staff();
    const res = await t.call('POST', '/api/admin/orders/999999/notes', { token: support.token, json: { body: 'x' } });
    expect(res.status).toBe(404);
  });
});
