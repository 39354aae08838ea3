import { describe, expect, test } from 'vitest';
import { formatRupees } from '../../contract/format';
import { moveOrder } from '../../server/services/orders/lifecycle';
import { createOrderNotifier, NOTIFY_CLAIM_MS } from '../../server/services/orders/notifications';
import { createOrdering } from '../../server/services/orders/ordering';
import { createRefunds } from '../../server/services/orders/refunds';
import { createLocalProvider } from '../../server/services/payments/local';
import { setOnHand, stockLevel } from '../../server/repositories/stock';
import {
  addToCart,
  appPerFile,
  createOrder,
  getCart,
  makeTestApp,
  newPaymentId,
  newUser,
  orderRow,
  outbox,
  pay,
  paymentEvent,
  paymentResult,
  placeOrder,
  sendWebhook,
  someVariants,
  TEST_PAYMENT_SECRET,
  verifyPayment,
  waitForMail,
  type TestApp,
} from './helpers';

const t = appPerFile(() => makeTestApp(40));

interface OrderBody {
  id: number;
  state: string;
  status: string;
  delivery_status: string;
  amount: number;
  expires_at: string | null;
  timeline: { state: string; actor: string; at: string; note: string | null }[];
  refund: { amount: number; status: string } | null;
}

/** The shop's sweep and cancel, as another process of the same shop runs them. */
function anotherProcess(app: TestApp) {
  const provider = createLocalProvider(TEST_PAYMENT_SECRET);
  const refunds = createRefunds(app.db, provider, app.clock.now);
  return createOrdering(app.db, { provider, refunds }, app.clock.now);
}

async function orderOf(token: string, id: number): Promise<OrderBody> {
  const res = await t.call('GET', `/api/common/orders/${id}/`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as OrderBody;
}

/** A variant with exactly `onHand` on the shelf and nothing held. */
async function stocked(offset: number, onHand: number) {
  const [v] = await someVariants(t, 1, offset);
  await t.db.updateTable('stock_levels').set({ on_hand: onHand, reserved: 0 }).where('variant_id', '=', v.id).execute();
  return v;
}

async function available(variantId: number): Promise<number> {
  const res = await t.get(`/api/common/stock?variants=${variantId}`);
  expect(res.status).toBe(200);
  return (res.body as { variants: { available: number }[] }).variants[0]?.available ?? -1;
}

describe('stock', () => {
  test('GET /stock answers every variant of the products asked, counted up to 10, live', async () => {
    const [a, b] = await someVariants(t, 2, 0);
    await setOnHand(t.db, a.id, 3);
    await setOnHand(t.db, b.id, 500);
    const res = await t.get(`/api/common/stock?products=${a.product_id},${b.product_id}`);
    expect(res.status).toBe(200);
    const rows = (res.body as { variants: { variant_id: number; product_id: number; available: number }[] }).variants;
    expect(rows.find((r) => r.variant_id === a.id)).toEqual({
      variant_id: a.id,
      product_id: a.product_id,
      available: 3,
    });
    expect(rows.find((r) => r.variant_id === b.id)?.available).toBe(10);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
  });

  test.each([
    ['', 'Name products or variants, such as ?products=12,13.'],
    ['?products=abc', 'A comma-separated list of ids, such as 12,13,40.'],
    ['?products=1,,2', 'A comma-separated list of ids, such as 12,13,40.'],
    ['?variants=0', 'A comma-separated list of ids, such as 12,13,40.'],
    [`?variants=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`, 'At most 200 ids.'],
  ])('GET /stock%s is 400 with a message', async (query, message) => {
    const res = await t.get(`/api/common/stock${query}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  test('the cart says what is left of each line; a sold-out variant cannot be added', async () => {
    const v = await stocked(13, 3);
    const user = await newUser(t);
    expect((await addToCart(t, user.token, v.id, 5)).status).toBe(201);
    const cart = (await getCart(t, user.token)).body as { cart_items: { quantity: number; available: number }[] };
    expect(cart.cart_items).toMatchObject([{ quantity: 5, available: 3 }]);
    const sold = await stocked(14, 0);
    const refused = await addToCart(t, user.token, sold.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Sorry, this product is out of stock.' });
    const after = (await getCart(t, user.token)).body as { cart_items: unknown[] };
    expect(after.cart_items).toHaveLength(1);
  });

  test('an order holds its stock; a failed payment gives it back; Pay now holds it again on the same order; paying sells it', async () => {
    const v = await stocked(2, 5);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 5, reserved: 2 });
    expect(await available(v.id)).toBe(3);
    expect(await orderOf(user.token, order.id)).toMatchObject({ state: 'awaiting_payment', status: 'created' });

    const failed = await t.call('POST', '/api/payments/local/fail', {
      token: user.token,
      json: { order_id: order.order_id },
    });
    expect(failed.status).toBe(200);
    expect(await orderOf(user.token, order.id)).toMatchObject({ state: 'payment_failed', status: 'failed' });
    expect(await available(v.id)).toBe(5);

    const again = await t.call('POST', `/api/common/orders/${order.id}/pay`, { token: user.token });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ id: order.id, order_id: order.order_id, amount: order.amount });
    expect(await available(v.id)).toBe(3);
    const { res } = await pay(t, user.token, order);
    expect(res.status).toBe(200);
    expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 3, reserved: 0 });
    const seen = await orderOf(user.token, order.id);
    expect(seen).toMatchObject({ state: 'paid', status: 'paid', expires_at: null });
    expect(seen.timeline.map((e) => e.state)).toEqual([
      'awaiting_payment',
      'payment_failed',
      'awaiting_payment',
      'paid',
    ]);
    // A second payment for a paid order is refused as before.
    const twice = await t.call('POST', `/api/common/orders/${order.id}/pay`, { token: user.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: 'This order has already been paid.' });
  });

  test('more than is left is refused with the product and what is left; nothing is held', async () => {
    const v = await stocked(3, 2);
    const user = await newUser(t);
    const res = await createOrder(t, user.token, [{ variant_id: v.id, quantity: 3 }]);
    expect(res.status).toBe(409);
    expect((res.body as { error: string }).error).toMatch(
      /^Sorry, only 2 of .+ are left\. Please reduce the quantity\.$/,
    );
    await setOnHand(t.db, v.id, 0);
    const none = await createOrder(t, user.token, [{ variant_id: v.id, quantity: 1 }]);
    expect((none.body as { error: string }).error).toMatch(
      /^Sorry, .+ is out of stock\. Please remove it from your cart\.$/,
    );
    expect(await stockLevel(t.db, v.id)).toMatchObject({ on_hand: 0, reserved: 0 });
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('never oversold: 50 shoppers checking out at once for 10 in stock get exactly 10 orders', async () => {
    const v = await stocked(4, 10);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => newUser(t)));
    const answers = await Promise.all(
      shoppers.map((s) => createOrder(t, s.token, [{ variant_id: v.id, quantity: 1 }])),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(
      statuses.filter((s) => s !== 201).every((s) => s === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 10, reserved: 10 });
    const stored = await t.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('variant_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(10);
    // Paying them all sells the ten; the shelf is empty, never below.
    await Promise.all(
      answers.flatMap((a, i) =>
        a.status === 201 ? [pay(t, shoppers[i]?.token ?? '', a.body as { order_id: string })] : [],
      ),
    );
    expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 0, reserved: 0 });
  });
});

describe('expiry', () => {
  test('an unpaid order expires after its time, gives its stock back, and cannot be paid; two sweeps expire it once', async () => {
    const v = await stocked(5, 4);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 3 }]);
    const one = anotherProcess(t);
    const two = anotherProcess(t);
    expect(await one.expireDue()).toBe(0);
    t.clock.advance(31 * 60_000);
    try {
      const [a, b] = await Promise.all([one.expireDue(), two.expireDue()]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      const seen = await orderOf(user.token, order.id);
      expect(seen.state).toBe('expired');
      expect(seen.timeline.filter((e) => e.state === 'expired')).toHaveLength(1);
      expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 4, reserved: 0 });
      const again = await t.call('POST', `/api/common/orders/${order.id}/pay`, { token: user.token });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ message: 'This order has expired. Please order again.' });
      // A payment that still arrives (the checkout was open) is refunded, and the order stays expired.
      const late = await verifyPayment(t, user.token, paymentResult(order.order_id));
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({
        message: 'This order expired before your payment arrived. Your payment will be refunded in full.',
      });
      expect((await orderOf(user.token, order.id)).state).toBe('expired');
      const refunds = await t.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
      expect(refunds).toMatchObject([{ status: 'processed', amount_paise: order.amount }]);
      expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 4, reserved: 0 });
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  test('placing the same cart again after expiry makes a new order', async () => {
    const v = await stocked(6, 9);
    const user = await newUser(t);
    const first = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    t.clock.advance(31 * 60_000);
    try {
      const second = await placeOrder(t, user.token, [{ variant_id: v.id }]);
      expect(second.id).not.toBe(first.id);
      expect((await orderRow(t, first.id)).state).toBe('awaiting_payment');
      await anotherProcess(t).expireDue();
      expect((await orderRow(t, first.id)).state).toBe('expired');
      expect(await stockLevel(t.db, v.id)).toMatchObject({ reserved: 1 });
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });
});

describe('cancel and refund', () => {
  test('an unpaid order is cancelled with its stock given back and nothing to refund', async () => {
    const v = await stocked(7, 6);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    const res = await t.call('POST', `/api/common/orders/${order.id}/cancel`, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, state: 'cancelled', refund: null });
    expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 6, reserved: 0 });
    const again = await t.call('POST', `/api/common/orders/${order.id}/cancel`, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This order is already cancelled.' });
    const pay = await t.call('POST', `/api/common/orders/${order.id}/pay`, { token: user.token });
    expect(pay.body).toMatchObject({ message: 'This order was cancelled. Please order again.' });
  });

  test('a paid order is refunded in full once, and its stock returns to the shelf', async () => {
    const v = await stocked(8, 6);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    await pay(t, user.token, order);
    expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 4, reserved: 0 });
    const [a, b] = await Promise.all([
      t.call('POST', `/api/common/orders/${order.id}/cancel`, { token: user.token }),
      t.call('POST', `/api/common/orders/${order.id}/cancel`, { token: user.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const seen = await orderOf(user.token, order.id);
    expect(seen).toMatchObject({
      state: 'cancelled',
      status: 'paid',
      refund: { amount: order.amount / 100, status: 'processed' },
    });
    expect(seen.timeline.at(-1)).toMatchObject({ state: 'cancelled', actor: 'shopper' });
    expect(await stockLevel(t.db, v.id)).toEqual({ variant_id: v.id, on_hand: 6, reserved: 0 });
    const refunds = await t.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.provider_refund_id).toMatch(/^rfnd_/);
  });

  test('a shipped order cannot be cancelled by the shopper; the reason is given and nothing changes', async () => {
    const v = await stocked(9, 6);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    await pay(t, user.token, order);
    await t.db.updateTable('orders').set({ state: 'shipped' }).where('id', '=', order.id).execute();
    const res = await t.call('POST', `/api/common/orders/${order.id}/cancel`, { token: user.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'This order has shipped and can no longer be cancelled.' });
    expect((await orderRow(t, order.id)).state).toBe('shipped');
    expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  test("another shopper's order, a missing one and a malformed id are all 404, and change nothing", async () => {
    const v = await stocked(10, 6);
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const order = await placeOrder(t, owner.token, [{ variant_id: v.id }]);
    for (const path of [
      `/orders/${order.id}/cancel`,
      `/orders/${order.id}/pay`,
      '/orders/99999/cancel',
      '/orders/abc/pay',
    ]) {
      const res = await t.call('POST', `/api/common${path}`, { token: stranger.token });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: 'Order not found.' });
    }
    const failed = await t.call('POST', '/api/payments/local/fail', {
      token: stranger.token,
      json: { order_id: order.order_id },
    });
    expect(failed.status).toBe(404);
    expect((await orderRow(t, order.id)).state).toBe('awaiting_payment');
    expect((await t.call('POST', `/api/common/orders/${order.id}/cancel`, {})).status).toBe(401);
  });
});

describe('webhooks', () => {
  test('payment.failed moves an awaiting order to payment failed and gives its stock back', async () => {
    const v = await stocked(11, 3);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    const res = await sendWebhook(t, paymentEvent('payment.failed', order.order_id, newPaymentId(), order.amount), {
      eventId: 'evt_fail_lc1',
    });
    expect(res.body).toEqual({ status: 'processed' });
    expect((await orderRow(t, order.id)).state).toBe('payment_failed');
    expect(await stockLevel(t.db, v.id)).toMatchObject({ reserved: 0 });
  });

  test('refund.processed and refund.failed settle a refund the provider accepted, once per event', async () => {
    const v = await stocked(12, 3);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    await pay(t, user.token, order);
    await t.call('POST', `/api/common/orders/${order.id}/cancel`, { token: user.token });
    // As Razorpay answers a normal refund: pending until the bank has the money back.
    await t.db.updateTable('refunds').set({ status: 'initiated' }).where('order_id', '=', order.id).execute();
    const refund = await t.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect((await orderOf(user.token, order.id)).refund?.status).toBe('initiated');
    const body = (event: string, id = refund.provider_refund_id) =>
      JSON.stringify({
        event,
        payload: { refund: { entity: { id, payment_id: refund.payment_id, amount: refund.amount_paise } } },
      });
    expect((await sendWebhook(t, body('refund.processed'), { eventId: 'evt_rfnd_1' })).body).toEqual({
      status: 'processed',
    });
    expect((await orderOf(user.token, order.id)).refund?.status).toBe('processed');
    expect((await sendWebhook(t, body('refund.processed'), { eventId: 'evt_rfnd_1' })).body).toEqual({
      status: 'duplicate',
    });
    // A settled refund stays settled; an unknown refund is ignored.
    expect((await sendWebhook(t, body('refund.failed'), { eventId: 'evt_rfnd_2' })).body).toEqual({
      status: 'processed',
    });
    expect((await orderOf(user.token, order.id)).refund?.status).toBe('processed');
    expect(
      (await sendWebhook(t, body('refund.processed', 'rfnd_NoSuchRefund01'), { eventId: 'evt_rfnd_3' })).body,
    ).toEqual({
      status: 'ignored',
    });
  });
});

describe('order e-mails', () => {
  /** The text part of a message of the outbox. */
  async function textOf(mail: { raw: string }): Promise<string> {
    const { simpleParser } = await import('mailparser');
    return (await simpleParser(mail.raw)).text ?? '';
  }

  test('confirmed, payment failed (with its pay-again link), cancelled with its refund: each once, after the commit', async () => {
    const v = await stocked(15, 9);
    const user = await newUser(t);
    const mailsTo = () => outbox(t.outboxDir).filter((m) => m.headers.to === user.email);

    const failing = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 1 }]);
    await t.call('POST', '/api/payments/local/fail', { token: user.token, json: { order_id: failing.order_id } });
    const failed = await waitForMail(t.outboxDir, user.email);
    expect(failed.headers.subject).toBe(`Payment for your GharBazaar order #${failing.id} did not go through`);
    const failedText = await textOf(failed);
    expect(failedText).toContain('/myorder');
    expect(failedText).toContain('care@gharbazaar.in');

    const order = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    await pay(t, user.token, order);
    const confirmed = await waitForMail(t.outboxDir, user.email, 1);
    expect(confirmed.headers.subject).toBe(`Your GharBazaar order #${order.id} is confirmed`);
    expect(confirmed.headers['message-id']).toMatch(new RegExp(`^<order-${order.id}-event-\\d+@gharbazaar\\.in>$`));
    const confirmedText = await textOf(confirmed);
    expect(confirmedText).toContain(`#${order.id}`);
    expect(confirmedText).toContain('Asha Verma, 9876543210');

    await t.call('POST', `/api/common/orders/${order.id}/cancel`, { token: user.token });
    const cancelled = await waitForMail(t.outboxDir, user.email, 2);
    expect(cancelled.headers.subject).toBe(`Your GharBazaar order #${order.id} is cancelled`);
    expect(await textOf(cancelled)).toContain(formatRupees(order.amount / 100));

    // Sweeps after that send nothing again: every event was mailed once.
    await anotherNotifier(t).dispatch();
    expect(mailsTo()).toHaveLength(3);
  });

  test('a mail server that fails is tried again by the sweep when the claim lapses, and the e-mail goes once', async () => {
    const v = await stocked(16, 9);
    const user = await newUser(t);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    let failures = 1;
    const sent: string[] = [];
    const flaky = createOrderNotifier(
      t.db,
      {
        send: async (m) => {
          if (failures-- > 0) throw new Error('421 Service not available');
          sent.push(m.subject);
        },
      },
      t.clock.now,
      { siteUrl: 'https://shop.example.in', log: () => undefined },
    );
    // The app's own notifier is not to race this one: the order is paid straight through the service.
    await t.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      await moveOrder(trx, row, {
        to: 'paid',
        actor: 'system',
        at: new Date().toISOString(),
        paymentId: newPaymentId(),
      });
    });
    expect(await flaky.dispatch()).toBe(0);
    // Not again at once (every order's change would send it again while the server is down) …
    expect(await flaky.dispatch()).toBe(0);
    // … but once the failed try's claim has lapsed.
    t.clock.advance(NOTIFY_CLAIM_MS + 1000);
    try {
      expect(await flaky.dispatch()).toBe(1);
      expect(await flaky.dispatch()).toBe(0);
    } finally {
      t.clock.advance(-(NOTIFY_CLAIM_MS + 1000));
    }
    expect(sent).toEqual([`Your GharBazaar order #${order.id} is confirmed`]);
  });
});

function anotherNotifier(app: TestApp) {
  return createOrderNotifier(app.db, { send: async () => undefined }, app.clock.now, { siteUrl: 'http://x' });
}
