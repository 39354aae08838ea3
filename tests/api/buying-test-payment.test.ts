import { describe, expect, test } from 'vitest';
import {
  makeLiveRazorpayApp,
  makeTestApp,
  newUser,
  orderRow,
  pay,
  type CreatedOrderBody,
  type TestApp,
  appPerFile,
} from './helpers';

const t = appPerFile(() => makeTestApp(5));
const live = appPerFile(() => makeLiveRazorpayApp(5));

const testOrder = (app: TestApp, token: string | undefined, json: unknown) =>
  app.call('POST', '/api/common/test_payment_order/', { token, json });

describe('test payments (the /razorpay page)', () => {
  test('needs a login', async () => {
    expect((await testOrder(t, undefined, { amount: 100 })).status).toBe(401);
  });

  test('₹1 by default; paid and verified like any order, but never in the order history', async () => {
    const user = await newUser(t);
    const res = await testOrder(t, user.token, {});
    expect(res.status).toBe(201);
    const order = res.body as CreatedOrderBody;
    expect(order).toEqual({
      id: expect.any(Number),
      order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      razorpay_key: 'rzp_test_local',
      currency: 'INR',
      amount: 100,
      checkout_script: '/api/payments/local/checkout.js',
    });
    expect(await orderRow(t, order.id)).toMatchObject({ kind: 'test', state: 'awaiting_payment', amount_paise: 100 });
    const { res: verified } = await pay(t, user.token, order);
    expect(verified.status).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ kind: 'test', state: 'paid' });
    const history = await t.call('GET', '/api/common/orders_history/', { token: user.token });
    expect(history.body).toEqual([]);
  });

  test.each([
    [{ amount: 50_000 }, 201],
    [{ amount: '250' }, 201],
    [{ amount: 99 }, 400],
    [{ amount: 100_001 }, 400],
    [{ amount: 12.5 }, 400],
    [{ amount: 'lots' }, 400],
    [{ amount: null }, 400],
  ])('amount %j → %i', async (json, status) => {
    const user = await newUser(t);
    const res = await testOrder(t, user.token, json);
    expect(res.status).toBe(status);
    if (status === 400) expect((res.body as { message: string }).message).toMatch(/₹1 to ₹1,000/);
  });

  test('refused with live keys: no real money for a test', async () => {
    const user = await newUser(live);
    const res = await testOrder(live, user.token, { amount: 100 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'Test payments need Razorpay test keys.' });
    expect(await live.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });
});
