import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { paymentSignature } from '../../server/services/payments/signatures';
import {
  addToCart,
  getCart,
  makeTestApp,
  newPaymentId,
  newUser,
  orderRow,
  pay,
  paymentEvent,
  paymentResult,
  placeOrder,
  sendWebhook,
  someVariants,
  TEST_PAYMENT_SECRET,
  TEST_WEBHOOK_SECRET,
  verifyPayment,
  appPerFile,
} from './helpers';

const t = appPerFile(() => makeTestApp(20));

const FAILED = { error: 'Payment verification failed', message: 'Payment verification failed' };

/** A shopper with an unpaid order of one variant (also in their cart, beside another one). */
async function shopperWithOrder(offset = 0) {
  const user = await newUser(t);
  const [bought, kept] = await someVariants(t, 2, offset);
  await addToCart(t, user.token, bought.id, 2);
  await addToCart(t, user.token, kept.id);
  const order = await placeOrder(t, user.token, [{ variant_id: bought.id, quantity: 2 }]);
  return { user, order, bought, kept };
}

const cartVariants = async (token: string) =>
  ((await getCart(t, token)).body as { cart_items: { product_variant_id: number }[] }).cart_items.map(
    (i) => i.product_variant_id,
  );

describe('verify_payment', () => {
  test('needs a session', async () => {
    const res = await t.call('POST', '/api/common/verify_payment/', { json: paymentResult('order_AAAAAAAAAAAAAA') });
    expect(res.status).toBe(401);
  });

  test('a correctly signed payment marks the order paid and takes its variants out of the cart', async () => {
    const { user, order, bought, kept } = await shopperWithOrder(0);
    const result = paymentResult(order.order_id);
    const res = await verifyPayment(t, user.token, result);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Payment verified', order_id: order.id });
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ state: 'paid', payment_id: result.razorpay_payment_id });
    expect(row.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await cartVariants(user.token)).toEqual([kept.id]);
    expect(await cartVariants(user.token)).not.toContain(bought.id);
  });

  test('verifying the same payment again is harmless: 200, one payment, no second change', async () => {
    const { user, order, bought } = await shopperWithOrder(2);
    const result = paymentResult(order.order_id);
    expect((await verifyPayment(t, user.token, result)).status).toBe(200);
    const paid = await orderRow(t, order.id);
    // Put the variant back in the cart: a repeated verification must not take it out again.
    await addToCart(t, user.token, bought.id);
    t.clock.advance(5000);
    const again = await verifyPayment(t, user.token, result);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: 'Payment verified', order_id: order.id });
    expect(await orderRow(t, order.id)).toEqual(paid);
    expect(await cartVariants(user.token)).toContain(bought.id);
  });

  test('a paid order keeps its first payment; a second, different one is refunded in full', async () => {
    const { user, order } = await shopperWithOrder(4);
    const first = await pay(t, user.token, order);
    expect(first.res.status).toBe(200);
    const extra = paymentResult(order.order_id);
    const second = await verifyPayment(t, user.token, extra);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: 'This order has already been paid. Your payment will be refunded in full.',
    });
    expect(await orderRow(t, order.id)).toMatchObject({
      state: 'paid',
      payment_id: first.result.razorpay_payment_id,
    });
    const refunds = await t.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds).toMatchObject([{ payment_id: extra.razorpay_payment_id, amount_paise: order.amount }]);
    // The same extra payment again: still one refund.
    expect((await verifyPayment(t, user.token, extra)).status).toBe(409);
    expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  test('one payment cannot pay two orders', async () => {
    const { user, order } = await shopperWithOrder(6);
    const [other] = await someVariants(t, 1, 9);
    const second = await placeOrder(t, user.token, [{ variant_id: other.id }]);
    const paymentId = newPaymentId();
    expect((await verifyPayment(t, user.token, paymentResult(order.order_id, paymentId))).status).toBe(200);
    const res = await verifyPayment(t, user.token, paymentResult(second.order_id, paymentId));
    expect(res.status).toBe(400);
    expect(await orderRow(t, second.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
  });

  const tampered: [string, (r: ReturnType<typeof paymentResult>) => unknown][] = [
    [
      'a wrong signature',
      (r) => ({
        ...r,
        razorpay_signature: paymentSignature(
          r.razorpay_order_id,
          r.razorpay_payment_id,
          'another-secret-0123456789abcdef0',
        ),
      }),
    ],
    ['a truncated signature', (r) => ({ ...r, razorpay_signature: r.razorpay_signature.slice(0, 63) })],
    ['a signature one hex digit longer', (r) => ({ ...r, razorpay_signature: `${r.razorpay_signature}0` })],
    ['a non-hex signature', (r) => ({ ...r, razorpay_signature: `${r.razorpay_signature.slice(0, 63)}z` })],
    ['an uppercased signature', (r) => ({ ...r, razorpay_signature: r.razorpay_signature.toUpperCase() })],
    ['one changed digit', (r) => ({ ...r, razorpay_signature: flipLast(r.razorpay_signature) })],
    ['another payment id', (r) => ({ ...r, razorpay_payment_id: newPaymentId() })],
    ['no signature', (r) => ({ ...r, razorpay_signature: undefined })],
    ['an empty signature', (r) => ({ ...r, razorpay_signature: '' })],
    ['a numeric signature', (r) => ({ ...r, razorpay_signature: 12345 })],
    ['a signature list', (r) => ({ ...r, razorpay_signature: [r.razorpay_signature] })],
    ['no payment id', (r) => ({ ...r, razorpay_payment_id: undefined })],
    ['a malformed payment id', (r) => ({ ...r, razorpay_payment_id: 'pay_../../x' })],
    ['no order id', (r) => ({ ...r, razorpay_order_id: undefined })],
    ['a malformed order id', (r) => ({ ...r, razorpay_order_id: "order_x' OR 1=1" })],
  ];

  test.each(tampered)('%s is refused with 400 and the order stays unpaid', async (_name, change) => {
    const { user, order, bought } = await shopperWithOrder(10);
    const res = await verifyPayment(t, user.token, change(paymentResult(order.order_id)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(FAILED);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null, paid_at: null });
    expect(await cartVariants(user.token)).toContain(bought.id);
  });

  test('another order’s valid result, replayed for this order, is refused', async () => {
    const { user, order } = await shopperWithOrder(12);
    const [v] = await someVariants(t, 1, 14);
    const other = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    const otherResult = paymentResult(other.order_id);
    const res = await verifyPayment(t, user.token, { ...otherResult, razorpay_order_id: order.order_id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(FAILED);
    // And a paid order's result replayed for a new order of the same shopper.
    expect((await verifyPayment(t, user.token, otherResult)).status).toBe(200);
    const replay = await verifyPayment(t, user.token, { ...otherResult, razorpay_order_id: order.order_id });
    expect(replay.status).toBe(400);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
  });

  test('another shopper’s order is 404 even with a valid signature, and stays unpaid', async () => {
    const { order } = await shopperWithOrder(15);
    const stranger = await newUser(t);
    const res = await verifyPayment(t, stranger.token, paymentResult(order.order_id));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Order not found.' });
    const missing = await verifyPayment(t, stranger.token, paymentResult('order_ZZZZZZZZZZZZZZ'));
    expect(missing).toMatchObject({ status: 404, body: res.body });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
  });

  test('bad bodies are 4xx, never 500', async () => {
    const user = await newUser(t);
    for (const json of [null, [], 'x', 42, {}]) {
      expect((await verifyPayment(t, user.token, json)).status, JSON.stringify(json)).toBe(400);
    }
    const form = await t.call('POST', '/api/common/verify_payment/', { token: user.token, body: 'a=b' });
    expect(form.status).toBe(415);
    const broken = await t.call('POST', '/api/common/verify_payment/', {
      token: user.token,
      body: '{"razorpay',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });
});

function flipLast(hex: string): string {
  return hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');
}

describe('payment webhook', () => {
  test('payment.captured with a good signature marks the order paid and empties those cart lines', async () => {
    const { user, order, bought, kept } = await shopperWithOrder(0);
    const paymentId = newPaymentId();
    const res = await sendWebhook(t, paymentEvent('payment.captured', order.order_id, paymentId, order.amount), {
      eventId: 'evt_captured_1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'processed' });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'paid', payment_id: paymentId });
    expect(await cartVariants(user.token)).toEqual([kept.id]);
    expect(await cartVariants(user.token)).not.toContain(bought.id);
    // The browser's verification of the same payment arriving afterwards is still a success.
    const late = await verifyPayment(t, user.token, paymentResult(order.order_id, paymentId));
    expect(late.status).toBe(200);
  });

  test('order.paid marks the order paid too', async () => {
    const { order } = await shopperWithOrder(2);
    const paymentId = newPaymentId();
    const res = await sendWebhook(t, paymentEvent('order.paid', order.order_id, paymentId, order.amount), {
      eventId: 'evt_order_paid_1',
    });
    expect(res.body).toEqual({ status: 'processed' });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'paid', payment_id: paymentId });
  });

  test.each([
    ['a signature under another secret', { secret: 'some-other-webhook-secret' }],
    ['no signature', { signature: null }],
    ['an empty signature', { signature: '' }],
    ['a truncated signature', { signature: 'ab'.repeat(31) }],
    ['a non-hex signature', { signature: 'zz'.repeat(32) }],
  ])('%s is refused with 400 and changes nothing', async (_name, options) => {
    const { order } = await shopperWithOrder(4);
    const body = paymentEvent('payment.captured', order.order_id, newPaymentId(), order.amount);
    const res = await sendWebhook(t, body, { eventId: `evt_bad_${Math.random()}`, ...options });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid webhook signature.' });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
  });

  test('the signature covers the raw bytes: an uppercased signature or a re-serialised body is refused', async () => {
    const { order } = await shopperWithOrder(6);
    const body = paymentEvent('payment.captured', order.order_id, newPaymentId(), order.amount);
    const { hmacHex } = await import('../../server/services/payments/signatures');
    const good = hmacHex(TEST_WEBHOOK_SECRET, body);
    expect((await sendWebhook(t, body, { signature: good.toUpperCase() })).status).toBe(400);
    // Same JSON, different bytes (pretty-printed): not what was signed.
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    expect((await sendWebhook(t, pretty, { signature: good })).status).toBe(400);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment' });
    // Non-ASCII bytes are signed as bytes, not as re-encoded text.
    const withName = body.replace('"card"', '"कार्ड"');
    expect((await sendWebhook(t, withName, { eventId: 'evt_unicode_1' })).body).toEqual({ status: 'processed' });
  });

  test('a repeated event id is ignored: 200 duplicate, applied once', async () => {
    const { order } = await shopperWithOrder(8);
    const body = paymentEvent('payment.failed', order.order_id, newPaymentId(), order.amount);
    expect((await sendWebhook(t, body, { eventId: 'evt_dup_1' })).body).toEqual({ status: 'processed' });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'payment_failed' });
    // A later successful payment, then the same failure delivered again: it must not apply.
    const paymentId = newPaymentId();
    await sendWebhook(t, paymentEvent('payment.captured', order.order_id, paymentId, order.amount), {
      eventId: 'evt_dup_2',
    });
    const again = await sendWebhook(t, body, { eventId: 'evt_dup_1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'duplicate' });
    const captured = await sendWebhook(
      t,
      paymentEvent('payment.captured', order.order_id, newPaymentId(), order.amount),
      { eventId: 'evt_dup_2' },
    );
    expect(captured.body).toEqual({ status: 'duplicate' });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'paid', payment_id: paymentId });
    const stored = await t.db
      .selectFrom('payment_events')
      .selectAll()
      .where('id', 'in', ['evt_dup_1', 'evt_dup_2'])
      .execute();
    expect(stored).toHaveLength(2);
  });

  test('a paid order never goes back to failed', async () => {
    const { user, order } = await shopperWithOrder(10);
    const { result } = await pay(t, user.token, order);
    const res = await sendWebhook(t, paymentEvent('payment.failed', order.order_id, newPaymentId(), order.amount), {
      eventId: 'evt_late_failure',
    });
    expect(res.status).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'paid', payment_id: result.razorpay_payment_id });
  });

  test('a failed payment can be followed by a successful one on the same order', async () => {
    const { user, order } = await shopperWithOrder(12);
    await sendWebhook(t, paymentEvent('payment.failed', order.order_id, newPaymentId(), order.amount), {
      eventId: 'evt_retry_failed',
    });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'payment_failed' });
    expect((await pay(t, user.token, order)).res.status).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'paid' });
  });

  test('unknown events, unknown orders and mismatched amounts are acknowledged and ignored', async () => {
    const { order } = await shopperWithOrder(14);
    const refund = paymentEvent('refund.created', order.order_id, newPaymentId(), order.amount);
    expect((await sendWebhook(t, refund, { eventId: 'evt_unknown_1' })).body).toEqual({ status: 'ignored' });
    const stranger = paymentEvent('payment.captured', 'order_NotOursAtAll01', newPaymentId(), order.amount);
    expect((await sendWebhook(t, stranger, { eventId: 'evt_unknown_2' })).body).toEqual({ status: 'ignored' });
    const short = paymentEvent('payment.captured', order.order_id, newPaymentId(), order.amount - 1);
    expect((await sendWebhook(t, short, { eventId: 'evt_unknown_3' })).body).toEqual({ status: 'ignored' });
    const odd = JSON.stringify({ event: 'payment.captured', payload: 'nothing' });
    expect((await sendWebhook(t, odd, { eventId: 'evt_unknown_4' })).body).toEqual({ status: 'ignored' });
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
  });

  test('a signed body that is not JSON is a 400, never a 500', async () => {
    const res = await sendWebhook(t, '{"event": ', { eventId: 'evt_broken' });
    expect(res.status).toBe(400);
  });

  test('without a webhook secret the webhook does not exist', async () => {
    const { createLocalProvider } = await import('../../server/services/payments/local');
    const bare = await makeTestApp(3, { payments: { provider: createLocalProvider(TEST_PAYMENT_SECRET) } });
    try {
      const res = await sendWebhook(
        bare,
        paymentEvent('payment.captured', 'order_AAAAAAAAAAAAAA', newPaymentId(), 100),
      );
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('local test checkout', () => {
  test('checkout.js is served as JavaScript with the Success and Failure buttons', async () => {
    const res = await t.get('/api/payments/local/checkout.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = res.body as string;
    expect(source).toContain('window.Razorpay = Razorpay');
    expect(source).toContain("button('Success'");
    expect(source).toContain("button('Failure'");
    expect(source).toContain("'Close checkout'");
    expect(source).toContain("'payment.failed'");
    // Options reach the page as text only, and the script stays small and plain ES2019.
    expect(source).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
    expect(source).not.toMatch(/\?\.|\?\?/);
    expect(source.length).toBeLessThan(12_000);
    expect(() => new vm.Script(source)).not.toThrow();
  });

  test('authorize signs a payment for an unpaid order exactly as verification expects', async () => {
    const { user, order } = await shopperWithOrder(16);
    const authorize = () =>
      t.call('POST', '/api/payments/local/authorize', { token: user.token, json: { order_id: order.order_id } });
    const res = await authorize();
    expect(res.status).toBe(200);
    const body = res.body as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    expect(body.razorpay_order_id).toBe(order.order_id);
    expect(body.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(body.razorpay_signature).toBe(
      paymentSignature(order.order_id, body.razorpay_payment_id, TEST_PAYMENT_SECRET),
    );
    expect((await verifyPayment(t, user.token, body)).status).toBe(200);
    // Paid now: no more payments for it.
    const again = await authorize();
    expect(again.status).toBe(400);
  });

  test('authorize refuses unknown orders and bad bodies', async () => {
    const { user } = await shopperWithOrder(17);
    const unknown = await t.call('POST', '/api/payments/local/authorize', {
      token: user.token,
      json: { order_id: 'order_UnknownOrder01' },
    });
    expect(unknown.status).toBe(404);
    for (const json of [{ order_id: 5 }, {}, null, []]) {
      const res = await t.call('POST', '/api/payments/local/authorize', { token: user.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const form = await t.call('POST', '/api/payments/local/authorize', { token: user.token, body: 'order_id=x' });
    expect(form.status).toBe(415);
  });
});
