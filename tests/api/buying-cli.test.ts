import { describe, expect, test } from 'vitest';
import { parseDeliveryStatus, runShopCommand } from '../../server/services/orders/commands';
import { buy, makeTestApp, newUser, orderRow, placeOrder, someVariants, appPerFile } from './helpers';

const t = appPerFile(() => makeTestApp(10));

/** Runs a staff command in-process; answers its exit code and what it printed. */
async function shop(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runShopCommand(t.db, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function paidOrder() {
  const user = await newUser(t);
  const [v] = await someVariants(t, 1, 3);
  return { user, order: await buy(t, user.token, [v.id]) };
}

describe('npm run shop -- order:status', () => {
  test('moves a paid order along the tracker; the shopper sees it', async () => {
    const { user, order } = await paidOrder();
    for (const status of ['packed', 'shipped', 'delivered']) {
      const res = await shop('order:status', String(order.id), status);
      expect(res.code, res.err).toBe(0);
      expect(res.out).toContain(`Order #${order.id}`);
      expect(res.out).toContain(status);
      expect((await orderRow(t, order.id)).delivery_status).toBe(status);
      const seen = await t.call('GET', `/api/common/orders/${order.id}/`, { token: user.token });
      expect(seen.body).toMatchObject({ delivery_status: status });
    }
  });

  test('takes the order_… id, and "not shipped" as one or two words', async () => {
    const { order } = await paidOrder();
    expect((await shop('order:status', order.order_id, 'packed')).code).toBe(0);
    expect((await shop('order:status', order.order_id, 'not', 'shipped')).code).toBe(0);
    expect((await orderRow(t, order.id)).delivery_status).toBe('not shipped');
    expect((await shop('order:status', String(order.id), 'Shipped')).code).toBe(0);
    expect((await shop('order:status', String(order.id), 'not shipped')).code).toBe(0);
    expect((await orderRow(t, order.id)).delivery_status).toBe('not shipped');
  });

  test('an unknown status or order is a clear error and changes nothing', async () => {
    const { order } = await paidOrder();
    const badStatus = await shop('order:status', String(order.id), 'lost');
    expect(badStatus.code).toBe(1);
    expect(badStatus.err).toContain("Unknown delivery status 'lost'");
    expect(badStatus.err).toContain("'packed'");
    const badOrder = await shop('order:status', '9999999', 'packed');
    expect(badOrder.code).toBe(1);
    expect(badOrder.err).toContain("No order '9999999'");
    expect((await shop('order:status', 'order_NoSuchOrder001', 'packed')).code).toBe(1);
    expect((await orderRow(t, order.id)).delivery_status).toBe('not shipped');
  });

  test('an unpaid order cannot move past not shipped', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 4);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    const res = await shop('order:status', String(order.id), 'shipped');
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/not paid/);
    expect((await orderRow(t, order.id)).delivery_status).toBe('not shipped');
    expect((await shop('order:status', String(order.id), 'not shipped')).code).toBe(0);
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
    ['not shipped', 'not shipped'],
    ['Not_Shipped', 'not shipped'],
    ['not-shipped', 'not shipped'],
    [' PACKED ', 'packed'],
    ['delivered', 'delivered'],
    ['gone', null],
    ['', null],
  ])('parseDeliveryStatus(%j) is %j', (text, expected) => {
    expect(parseDeliveryStatus(text)).toBe(expected);
  });
});

describe('npm run shop -- order:list', () => {
  test('prints recent orders newest first with amount, payment and delivery status', async () => {
    const { user, order } = await paidOrder();
    const res = await shop('order:list', '5');
    expect(res.code).toBe(0);
    const lines = res.out.split('\n');
    expect(lines.length).toBeLessThanOrEqual(5);
    expect(lines[0]).toContain(`#${order.id}`);
    expect(lines[0]).toContain(order.order_id);
    expect(lines[0]).toContain('payment paid');
    expect(lines[0]).toContain('delivery not shipped');
    expect(lines[0]).toContain(user.email);
    expect(lines[0]).toContain('₹');
  });

  test('refuses a bad count', async () => {
    expect((await shop('order:list', 'ten')).code).toBe(1);
    expect((await shop('order:list', '0')).code).toBe(1);
  });
});
