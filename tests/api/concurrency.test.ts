import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_ENGINE } from '../database';
import {
  addToCart,
  createOrder,
  getCart,
  makeTestApp,
  newPaymentId,
  newUser,
  orderRow,
  paymentResult,
  placeOrder,
  restock,
  someVariants,
  verifyPayment,
  type CreatedOrderBody,
  type TestApp,
} from './helpers';

/**
 * Requests racing each other through two processes of one shop (two apps, each with its own
 * connections to one database): on PostgreSQL each process has a pool of its own, on SQLite a
 * handle of its own on one file. Whatever interleaving the database picks, the rules hold: one
 * cart line per variant, one order per cart, one payment per order. A process that could not get
 * the database in time answers 503 (try again), never a second row.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-races-'));
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await makeTestApp(12, { databaseFile: path.join(dir, 'shop.sqlite'), poolSize: 10 });
  second = await makeTestApp(12, { sameDatabaseAs: first, poolSize: 10 });
});

afterAll(async () => {
  await second.close();
  await first.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Statuses a racing request may get: done, refused by the rule it raced for, or try again. */
function statuses(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The app of the i-th racing request: alternately the first and the second process. */
const appFor = (i: number) => (i % 2 === 0 ? first : second);

describe(`racing requests through two processes (${TEST_ENGINE})`, () => {
  test('50 adds of one item at once make one cart line', async () => {
    const shopper = await newUser(first);
    const [variant] = await someVariants(first, 1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => addToCart(appFor(i), shopper.token, variant.id, 2)),
    );
    const counts = statuses(answers);
    expect(
      Object.keys(counts).every((s) => ['200', '201', '400', '503'].includes(s)),
      JSON.stringify(counts),
    ).toBe(true);
    const added = answers.filter((a) => a.status < 300);
    expect(added.length, JSON.stringify(counts)).toBe(1);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body).toMatchObject({ message: 'This product is already in your cart.' });
    }
    const rows = await first.db.selectFrom('cart_items').selectAll().where('user_id', '=', shopper.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ variant_id: variant.id, quantity: 2 });
    const cart = await getCart(second, shopper.token);
    expect((cart.body as { cart_items: unknown[] }).cart_items).toHaveLength(1);
  });

  test('2 checkouts of one cart at once make one order', async () => {
    const shopper = await newUser(first);
    const [a, b] = await someVariants(first, 2, 2);
    // Every round leaves an unpaid order holding its lines.
    await restock(first, [a.id, b.id]);
    const ROUNDS = 20;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Every round is another cart (other quantities), so every round races for a new order.
      const lines = [
        { variant_id: a.id, quantity: 1 + (round % 10) },
        { variant_id: b.id, quantity: 1 + Math.floor(round / 10) },
      ];
      const answers = await Promise.all([
        createOrder(first, shopper.token, lines),
        createOrder(second, shopper.token, lines),
      ]);
      expect(
        answers.every((r) => r.status === 201 || r.status === 503),
        JSON.stringify(answers.map((r) => r.body)),
      ).toBe(true);
      const created = answers.filter((r) => r.status === 201).map((r) => r.body as CreatedOrderBody);
      expect(created.length).toBeGreaterThan(0);
      // Both answers (when both got through) hand out the same order to pay.
      expect(new Set(created.map((o) => o.order_id)).size, `round ${round}`).toBe(1);
    }
    const orders = await first.db.selectFrom('orders').select('id').where('user_id', '=', shopper.id).execute();
    expect(orders).toHaveLength(ROUNDS);
  });

  test('20 verifications of one payment at once pay the order once', async () => {
    const shopper = await newUser(first);
    const [variant] = await someVariants(first, 1, 5);
    const order = await placeOrder(first, shopper.token, [{ variant_id: variant.id, quantity: 1 }]);
    const result = paymentResult(order.order_id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verifyPayment(appFor(i), shopper.token, result)),
    );
    const counts = statuses(answers);
    expect(
      Object.keys(counts).every((s) => s === '200' || s === '503'),
      JSON.stringify(counts),
    ).toBe(true);
    expect(counts[200], JSON.stringify(counts)).toBeGreaterThan(0);
    const row = await orderRow(first, order.id);
    expect(row).toMatchObject({ state: 'paid', payment_id: result.razorpay_payment_id });
    const paid = await first.db
      .selectFrom('orders')
      .select('id')
      .where('payment_id', '=', result.razorpay_payment_id)
      .execute();
    expect(paid).toHaveLength(1);
  });

  test('two payments racing for one order: one pays it, the other is refused', async () => {
    const shopper = await newUser(first);
    const [variant] = await someVariants(first, 1, 6);
    await restock(first, [variant.id]);
    for (let quantity = 1; quantity <= 10; quantity += 1) {
      const order = await placeOrder(first, shopper.token, [{ variant_id: variant.id, quantity }]);
      const payments = [newPaymentId(), newPaymentId()];
      const answers = await Promise.all(
        payments.map((paymentId, i) =>
          verifyPayment(appFor(i), shopper.token, paymentResult(order.order_id, paymentId)),
        ),
      );
      const row = await orderRow(first, order.id);
      expect(row.state).toBe('paid');
      const winner = payments.indexOf(row.payment_id ?? '');
      expect(winner).toBeGreaterThanOrEqual(0);
      expect(answers[winner]?.status).toBe(200);
      // The payment that lost is not told it paid: the shopper must not think it went through.
      expect([400, 409, 503], `order ${quantity}: ${JSON.stringify(answers[1 - winner]?.body)}`).toContain(
        answers[1 - winner]?.status,
      );
    }
  });
});
