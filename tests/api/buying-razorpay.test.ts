import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { first } from '../lists';
import { createRazorpayProvider, razorpayClient } from '../../server/services/payments/razorpay';
import {
  ADDRESS,
  makeTestApp,
  newUser,
  paymentResult,
  placeOrder,
  someVariants,
  verifyPayment,
  type TestApp,
} from './helpers';

/**
 * The Razorpay provider with the official SDK, whose HTTP layer (its axios instance) is stubbed:
 * everything up to the network is the real SDK and the shop's own code.
 */

const KEY_ID = 'rzp_test_StubKey1234';
const KEY_SECRET = 'stub-razorpay-key-secret-0123456789';

interface SentRequest {
  method: string;
  url: string;
  baseURL: string;
  body: Record<string, unknown>;
  auth: { username: string; password: string };
}
interface AxiosLikeConfig {
  method?: string;
  url?: string;
  baseURL?: string;
  data?: string;
  auth?: { username: string; password: string };
}
type Answer = { status: number; data: unknown } | 'network-down';

const sent: SentRequest[] = [];
let answer: (body: Record<string, unknown>) => Answer = () => 'network-down';

const client = razorpayClient(KEY_ID, KEY_SECRET);
(client.api as unknown as { rq: { defaults: { adapter: unknown } } }).rq.defaults.adapter = async (
  config: AxiosLikeConfig,
) => {
  const body = JSON.parse(config.data ?? '{}') as Record<string, unknown>;
  sent.push({
    method: config.method ?? '',
    url: config.url ?? '',
    baseURL: config.baseURL ?? '',
    body,
    auth: config.auth!,
  });
  const reply = answer(body);
  if (reply === 'network-down') throw Object.assign(new Error('getaddrinfo ENOTFOUND api.razorpay.com'), { config });
  if (reply.status >= 400) {
    throw Object.assign(new Error(`Request failed with status code ${reply.status}`), {
      config,
      response: { status: reply.status, data: reply.data, headers: {}, config },
    });
  }
  return { status: reply.status, statusText: 'OK', data: reply.data, headers: {}, config };
};

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp(10, {
    payments: { provider: createRazorpayProvider({ keyId: KEY_ID, keySecret: KEY_SECRET }, client) },
  });
});

afterAll(async () => {
  await t.close();
});

describe('Razorpay provider (SDK with its HTTP layer stubbed)', () => {
  test('create_order asks Razorpay for an order of the server’s amount and hands its id to the checkout', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    answer = (body) => ({
      status: 200,
      data: { id: 'order_StubOrder00001', entity: 'order', amount: body.amount, currency: 'INR', status: 'created' },
    });
    sent.length = 0;
    const order = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    expect(order).toEqual({
      id: expect.any(Number),
      order_id: 'order_StubOrder00001',
      razorpay_key: KEY_ID,
      currency: 'INR',
      amount: 2 * v.final_price_paise,
      checkout_script: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(sent).toHaveLength(1);
    const request = first(sent, 'the requests to Razorpay');
    expect(request).toMatchObject({
      method: 'post',
      baseURL: 'https://api.razorpay.com',
      url: '/v1/orders',
      auth: { username: KEY_ID, password: KEY_SECRET },
    });
    expect(request.body).toEqual({
      amount: 2 * v.final_price_paise,
      currency: 'INR',
      receipt: expect.stringMatching(/^[\w-]{1,40}$/),
      notes: { user_id: String(user.id), lines: '1' },
    });
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'razorpay', receipt: request.body.receipt });

    // Razorpay's checkout signs with the key secret; verification uses the same.
    const good = paymentResult(order.order_id, 'pay_StubPayment0001', KEY_SECRET);
    expect((await verifyPayment(t, user.token, good)).status).toBe(200);
  });

  test('each order gets its own receipt', async () => {
    const user = await newUser(t);
    const [a, b] = await someVariants(t, 2, 2);
    let n = 0;
    answer = () => ({ status: 200, data: { id: `order_StubReceipt0${(n += 1)}` } });
    sent.length = 0;
    await placeOrder(t, user.token, [{ variant_id: a.id }]);
    await placeOrder(t, user.token, [{ variant_id: b.id }]);
    expect(new Set(sent.map((r) => r.body.receipt)).size).toBe(2);
  });

  test('a refusal from Razorpay is a 502 to retry, and nothing is stored', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 4);
    answer = () => ({
      status: 400,
      data: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA' } },
    });
    const res = await t.call('POST', '/api/common/create_order/', {
      token: user.token,
      json: { products: [{ variant_id: v.id, quantity: 1 }], address: ADDRESS },
    });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: 'The payment provider could not create the order. Please try again.' });
    const rows = await t.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  test('no network, or an answer without an order id, is a 502 too', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 5);
    const create = () =>
      t.call('POST', '/api/common/create_order/', {
        token: user.token,
        json: { products: [{ variant_id: v.id, quantity: 1 }], address: ADDRESS },
      });
    answer = () => 'network-down';
    expect((await create()).status).toBe(502);
    answer = () => ({ status: 200, data: { entity: 'order' } });
    expect((await create()).status).toBe(502);
  });

  test('the local checkout routes do not exist with Razorpay', async () => {
    expect((await t.get('/api/payments/local/checkout.js')).status).toBe(404);
    const res = await t.call('POST', '/api/payments/local/authorize', { json: { order_id: 'order_StubOrder00001' } });
    expect(res.status).toBe(404);
  });
});
