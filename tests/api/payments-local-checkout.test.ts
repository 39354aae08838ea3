import { describe, expect, test } from 'vitest';
import { paymentSignature } from '../../server/services/payments/signatures';
import {
  makeLiveRazorpayApp,
  makeTestApp,
  newUser,
  orderRow,
  placeOrder,
  someVariants,
  TEST_PAYMENT_SECRET,
  verifyPayment,
  type CreatedOrderBody,
  type TestApp,
  appPerFile,
} from './helpers';

const t = appPerFile(() => makeTestApp(5));
const live = appPerFile(() => makeLiveRazorpayApp(5));

const authorize = (app: TestApp, token: string | undefined, orderId: string) =>
  app.call('POST', '/api/payments/local/authorize', { token, json: { order_id: orderId } });

async function shopperOrder(app: TestApp): Promise<{ token: string; order: CreatedOrderBody }> {
  const user = await newUser(app);
  const [variant] = await someVariants(app, 1);
  return { token: user.token, order: await placeOrder(app, user.token, [{ variant_id: variant.id, quantity: 1 }]) };
}

describe('the local test checkout signs payments for the order owner only', () => {
  test('without a login: 401, and the order stays unpaid', async () => {
    const { order } = await shopperOrder(t);
    const res = await authorize(t, undefined, order.order_id);
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain('razorpay_signature');
    const forged = await authorize(t, 'not-a-token', order.order_id);
    expect(forged.status).toBe(401);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
  });

  test("someone else's order is answered exactly as a missing one (404), and stays unpaid", async () => {
    const { order } = await shopperOrder(t);
    const stranger = await newUser(t);
    const theirs = await authorize(t, stranger.token, order.order_id);
    const missing = await authorize(t, stranger.token, 'order_NoSuchOrder0001');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
  });

  test('the owner gets a signed payment that verifies', async () => {
    const { token, order } = await shopperOrder(t);
    const res = await authorize(t, token, order.order_id);
    expect(res.status).toBe(200);
    const body = res.body as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    expect(body.razorpay_signature).toBe(
      paymentSignature(order.order_id, body.razorpay_payment_id, TEST_PAYMENT_SECRET),
    );
    expect((await verifyPayment(t, token, body)).status).toBe(200);
  });

  test("the /razorpay page's test-payment orders belong to whoever created them", async () => {
    const owner = await newUser(t);
    const created = await t.call('POST', '/api/common/test_payment_order/', { token: owner.token, json: {} });
    expect(created.status).toBe(201);
    const order = created.body as CreatedOrderBody;
    const stranger = await newUser(t);
    expect((await authorize(t, stranger.token, order.order_id)).status).toBe(404);
    expect((await authorize(t, undefined, order.order_id)).status).toBe(401);
    expect((await authorize(t, owner.token, order.order_id)).status).toBe(200);
  });

  test('with Razorpay keys the local checkout does not exist', async () => {
    const user = await newUser(live);
    expect((await authorize(live, user.token, 'order_AAAAAAAAAAAAAA')).status).toBe(404);
    expect((await authorize(live, undefined, 'order_AAAAAAAAAAAAAA')).status).toBe(404);
    expect((await live.get('/api/payments/local/checkout.js')).status).toBe(404);
  });
});

describe('payment mode for the checkout pages', () => {
  test('the local checkout is test mode: no money is taken', async () => {
    const res = await t.get('/api/payments/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'local', test_mode: true });
  });

  test('live Razorpay keys are not test mode', async () => {
    expect((await live.get('/api/payments/config/')).body).toEqual({ provider: 'razorpay', test_mode: false });
  });
});
