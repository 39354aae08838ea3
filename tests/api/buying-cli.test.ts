import { describe, expect, test } from 'vitest';
import { parseOrderState, runShopCommand } from '../../server/services/orders/commands';
import { createInvoices } from '../../server/services/invoices/issuing';
import { createOrdering } from '../../server/services/orders/ordering';
import { createRefunds } from '../../server/services/orders/refunds';
import { createLocalProvider } from '../../server/services/payments/local';
import { stockLevel } from '../../server/repositories/stock';
import {
  buy,
  makeTestApp,
  newUser,
  orderRow,
  placeOrder,
  someVariants,
  appPerFile,
  TEST_PAYMENT_SECRET,
} from './helpers';

const t = appPerFile(() => makeTestApp(10));

/** Runs a staff command in-process, with the app's provider for refunds; answers its exit code and what it printed. */
async function shop(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const provider = createLocalProvider(TEST_PAYMENT_SECRET);
  const refunds = createRefunds(t.db, provider, t.clock.now);
  const ordering = createOrdering(t.db, { provider, refunds, invoices: createInvoices(t.db) }, t.clock.now);
  const code = await runShopCommand(t.db, ordering, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function paidOrder() {
  const user = await newUser(t);
  const [v] = await someVariants(t, 1, 3);
  return { user, order: await buy(t, user.token, [v.id]), variant: v };
}

describe('npm run shop -- order:status', () => {
  test('moves a paid order along the tracker with a note; the shopper sees each step dated', async () => {
    const { user, order } = await paidOrder();
    for (const [state, note] of [
      ['packed', []],
      ['shipped', ['Delhivery', 'AWB', '1234567890']],
      ['delivered', []],
    ] as const) {
      const res = await shop('order:status', String(order.id), state, ...note);
      expect(res.code, res.err).toBe(0);
      expect(res.out).toContain(`Order #${order.id}`);
      expect(res.out).toContain(state);
      expect((await orderRow(t, order.id)).state).toBe(state);
      const seen = await t.call('GET', `/api/common/orders/${order.id}/`, { token: user.token });
      expect(seen.body).toMatchObject({ delivery_status: state, state });
    }
    const seen = await t.call('GET', `/api/common/orders/${order.id}/`, { token: user.token });
    const timeline = (seen.body as { timeline: { state: string; actor: string; note: string | null; at: string }[] })
      .timeline;
    expect(timeline.map((e) => [e.state, e.actor])).toEqual([
      ['awaiting_payment', 'shopper'],
      ['paid', 'system'],
      ['packed', 'staff'],
      ['shipped', 'staff'],
      ['delivered', 'staff'],
    ]);
    expect(timeline[3]?.note).toBe('Delhivery AWB 1234567890');
    for (const e of timeline) expect(e.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('takes the order_… id and any spelling of a state', async () => {
    const { order } = await paidOrder();
    expect((await shop('order:status', order.order_id, ' PACKED ')).code).toBe(0);
    expect((await orderRow(t, order.id)).state).toBe('packed');
  });

  test('a move the lifecycle forbids is refused with the reason and the moves allowed, and changes nothing', async () => {
    const { order } = await paidOrder();
    const skip = await shop('order:status', String(order.id), 'delivered');
    expect(skip.code).toBe(1);
    expect(skip.err).toContain(`Order ${order.id} is paid`);
    expect(skip.err).toContain('it can go to: packed, cancelled');
    expect((await orderRow(t, order.id)).state).toBe('paid');
    const back = await shop('order:status', String(order.id), 'not shipped');
    expect(back.code).toBe(1);
    expect(back.err).toContain("Unknown state 'not shipped'");
  });

  test('an unknown state or order is a clear error and changes nothing', async () => {
    const { order } = await paidOrder();
    const badStatus = await shop('order:status', String(order.id), 'lost');
    expect(badStatus.code).toBe(1);
    expect(badStatus.err).toContain("Unknown state 'lost'");
    expect(badStatus.err).toContain("'packed'");
    const badOrder = await shop('order:status', '9999999', 'packed');
    expect(badOrder.code).toBe(1);
    expect(badOrder.err).toContain("No order '9999999'");
    expect((await shop('order:status', 'order_NoSuchOrder001', 'packed')).code).toBe(1);
    expect((await orderRow(t, order.id)).state).toBe('paid');
  });

  test('an unpaid order cannot be packed or shipped', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 4);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    const res = await shop('order:status', String(order.id), 'shipped');
    expect(res.code).toBe(1);
    expect(res.err).toContain('awaiting payment cannot be moved to shipped');
    expect((await orderRow(t, order.id)).state).toBe('awaiting_payment');
  });

  test('staff cancel a shipped order: refunded in full, stock back on the shelf', async () => {
    const { order, variant } = await paidOrder();
    const before = await stockLevel(t.db, variant.id);
    expect((await shop('order:status', String(order.id), 'packed')).code).toBe(0);
    expect((await shop('order:status', String(order.id), 'shipped')).code).toBe(0);
    const res = await shop('order:status', String(order.id), 'cancelled', 'Courier', 'lost', 'it');
    expect(res.code, res.err).toBe(0);
    expect((await orderRow(t, order.id)).state).toBe('cancelled');
    expect(await stockLevel(t.db, variant.id)).toEqual({ ...before, on_hand: (before?.on_hand ?? 0) + 1 });
    const refunds = await t.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds).toMatchObject([
      { status: 'processed', amount_paise: Math.round(order.amount), reason: 'Courier lost it' },
    ]);
  });

  test('missing arguments and unknown commands print the usage', async () => {
    const none = await shop();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage: npm run shop --');
    const unknown = await shop('order:delete', '1');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown command 'order:delete'");
    expect((await shop('order:status', '1')).code).toBe(1);
  });

  test.each([
    ['Packed', 'packed'],
    [' SHIPPED ', 'shipped'],
    ['payment failed', 'payment_failed'],
    ['awaiting-payment', 'awaiting_payment'],
    ['gone', null],
    ['', null],
  ])('parseOrderState(%j) is %j', (text, expected) => {
    expect(parseOrderState(text)).toBe(expected);
  });
});

describe('npm run shop -- order:list', () => {
  test('prints recent orders newest first with amount and state', async () => {
    const { user, order } = await paidOrder();
    const res = await shop('order:list', '5');
    expect(res.code).toBe(0);
    const lines = res.out.split('\n');
    expect(lines.length).toBeLessThanOrEqual(5);
    expect(lines[0]).toContain(`#${order.id}`);
    expect(lines[0]).toContain(order.order_id);
    expect(lines[0]).toContain('Paid');
    expect(lines[0]).toContain(user.email);
    expect(lines[0]).toContain('₹');
  });

  test('refuses a bad count', async () => {
    expect((await shop('order:list', 'ten')).code).toBe(1);
    expect((await shop('order:list', '0')).code).toBe(1);
  });
});

describe('npm run shop -- stock:show and stock:set', () => {
  test('shows and sets what is on the shelf; never below what unpaid orders hold', async () => {
    const [v] = await someVariants(t, 1, 7);
    expect((await shop('stock:set', String(v.id), '3')).code).toBe(0);
    const user = await newUser(t);
    await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    const shown = await shop('stock:show', String(v.id));
    expect(shown.out).toBe(`Variant ${v.id}: 3 on hand, 2 held by unpaid orders, 1 available`);
    const below = await shop('stock:set', String(v.id), '1');
    expect(below.code).toBe(1);
    expect(below.err).toContain('Unpaid orders hold 2');
    expect(await stockLevel(t.db, v.id)).toMatchObject({ on_hand: 3, reserved: 2 });
    for (const bad of [['-1'], ['abc'], ['1.5'], []]) {
      expect((await shop('stock:set', String(v.id), ...bad)).code).toBe(1);
    }
    expect((await shop('stock:set', '99999', '5')).err).toContain('No variant 99999');
  });
});
