import { describe, expect, test } from 'vitest';
import { createInvoices } from '../../server/services/invoices/issuing';
import { createOrdering } from '../../server/services/orders/ordering';
import { createRefunds } from '../../server/services/orders/refunds';
import { createLocalProvider } from '../../server/services/payments/local';
import { stockLevel } from '../../server/repositories/stock';
import {
  addToCart,
  appPerFile,
  createOrder,
  getCart,
  HOME_ADDRESS,
  makeTestApp,
  newUser,
  orderRow,
  someVariants,
  TEST_PAYMENT_SECRET,
  waitForMail,
} from './helpers';

const t = appPerFile(() => makeTestApp(30));

const cod = (token: string, products: { variant_id: number; quantity?: number }[], extra: Record<string, unknown>) =>
  t.call('POST', '/api/common/create_order/', { token, json: { products, payment_method: 'cod', ...extra } });

const line = (pincode: string) => `Asha Verma, 9876543210, MG Road, Somewhere, Karnataka, ${pincode}`;

/** Staff, through the same service the shop command uses. */
function staff() {
  const provider = createLocalProvider(TEST_PAYMENT_SECRET);
  const refunds = createRefunds(t.db, provider, t.clock.now);
  return createOrdering(t.db, { provider, refunds, invoices: createInvoices(t.db) }, t.clock.now);
}

async function savedAddress(token: string, overrides: Partial<typeof HOME_ADDRESS> = {}): Promise<number> {
  const res = await t.call('POST', '/api/common/addresses/', { token, json: { ...HOME_ADDRESS, ...overrides } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

describe('cash on delivery', () => {
  test('a COD order to a saved address is confirmed at once: stock held, cart emptied, e-mailed; placing it again is the same order', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 2);
    await addToCart(t, user.token, v.id, 2);
    const addressId = await savedAddress(user.token);
    const before = await stockLevel(t.db, v.id);
    const res = await cod(user.token, [{ variant_id: v.id, quantity: 2 }], {
      address: 'ignored',
      address_id: addressId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      payment_method: 'cod',
      currency: 'INR',
      amount: 2 * v.final_price_paise,
    });
    const id = (res.body as { id: number }).id;
    expect(await orderRow(t, id)).toMatchObject({
      state: 'placed',
      payment_method: 'cod',
      provider: null,
      provider_order_id: null,
      address: 'Asha Verma, 9876543210, Indiranagar, 12, 100 Feet Road, Bengaluru, Karnataka, 560001',
      delivery_pincode: '560001',
      delivery_state: 'Karnataka',
      stock_status: 'reserved',
      expires_at: null,
    });
    expect(await stockLevel(t.db, v.id)).toMatchObject({ reserved: (before?.reserved ?? 0) + 2 });
    expect(((await getCart(t, user.token)).body as { cart_items: unknown[] }).cart_items).toEqual([]);
    const mail = await waitForMail(t.outboxDir, user.email);
    expect(mail.headers.subject).toBe(`Your GharBazaar order #${id} is confirmed`);
    const again = await cod(user.token, [{ variant_id: v.id, quantity: 2 }], {
      address: 'ignored',
      address_id: addressId,
    });
    expect((again.body as { id: number }).id).toBe(id);
    const seen = await t.call('GET', `/api/common/orders/${id}/`, { token: user.token });
    expect(seen.body).toMatchObject({
      state: 'placed',
      payment_method: 'cod',
      status: 'created',
      expected_delivery: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
  });

  test('delivered by staff, it is paid: stock sold and its tax invoice issued; cancelled before, its stock goes back', async () => {
    const user = await newUser(t);
    const [a, b] = await someVariants(t, 2, 4);
    const delivered = (await cod(user.token, [{ variant_id: a.id }], { address: line('560034') })).body as {
      id: number;
    };
    const cancelled = (await cod(user.token, [{ variant_id: b.id }], { address: line('560034') })).body as {
      id: number;
    };
    const stockA = await stockLevel(t.db, a.id);
    const ordering = staff();
    for (const state of ['packed', 'shipped', 'delivered'] as const)
      await ordering.staffMove(delivered.id, state, null);
    expect(await orderRow(t, delivered.id)).toMatchObject({
      state: 'delivered',
      stock_status: 'sold',
      paid_at: expect.any(String),
    });
    expect(await stockLevel(t.db, a.id)).toEqual({
      variant_id: a.id,
      on_hand: (stockA?.on_hand ?? 0) - 1,
      reserved: (stockA?.reserved ?? 0) - 1,
    });
    expect(
      await t.db.selectFrom('invoices').select('order_id').where('order_id', '=', delivered.id).execute(),
    ).toHaveLength(1);
    const seen = await t.call('GET', `/api/common/orders/${delivered.id}/`, { token: user.token });
    expect(seen.body).toMatchObject({ status: 'paid', state: 'delivered' });

    const stockB = await stockLevel(t.db, b.id);
    const res = await t.call('POST', `/api/common/orders/${cancelled.id}/cancel`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'cancelled', refund: null });
    expect(await stockLevel(t.db, b.id)).toMatchObject({ reserved: (stockB?.reserved ?? 0) - 1 });
    // Nothing to pay online: Pay now is refused.
    const pay = await t.call('POST', `/api/common/orders/${delivered.id}/pay`, { token: user.token });
    expect(pay.status).toBe(409);
  });

  test.each([
    [
      'a zone without cash on delivery (the North East)',
      line('781001'),
      1,
      'Cash on delivery is not available for this pincode.',
    ],
    ['a pincode the shop does not serve', line('744101'), 1, 'Not deliverable to this pincode yet'],
    // The one delivery check of every order: cash on delivery is refused as an online order is.
    ['an address without a pincode', 'Asha Verma, somewhere', 1, 'Valid 6-digit pincode is required'],
  ])('refused for %s, with the message, and nothing stored', async (_, address, quantity, message) => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 6);
    const res = await cod(user.token, [{ variant_id: v.id, quantity }], { address });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, error: message });
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('refused above the limit (₹5,000 here) with the limit named', async () => {
    const user = await newUser(t);
    const variants = await t.db
      .selectFrom('variants')
      .select(['id', 'final_price_paise'])
      .orderBy('final_price_paise', 'desc')
      .limit(1)
      .execute();
    const [dear] = variants;
    const quantity = Math.min(10, Math.ceil(500_001 / (dear?.final_price_paise ?? 1)));
    await t.db
      .updateTable('stock_levels')
      .set({ on_hand: 50, reserved: 0 })
      .where('variant_id', '=', dear?.id ?? 0)
      .execute();
    expect(quantity * (dear?.final_price_paise ?? 0)).toBeGreaterThan(500_000);
    const res = await cod(user.token, [{ variant_id: dear?.id ?? 0, quantity }], { address: line('560001') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Cash on delivery is available for orders up to ₹5,000.' });
  });

  test('online orders are refused for a pincode not served too; another shopper’s saved address is not found', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const [v] = await someVariants(t, 1, 7);
    const unserved = await createOrder(t, user.token, [{ variant_id: v.id }], line('744101'));
    expect(unserved.status).toBe(400);
    expect(unserved.body).toMatchObject({ error: 'Not deliverable to this pincode yet' });
    const theirs = await savedAddress(other.token);
    const res = await t.call('POST', '/api/common/create_order/', {
      token: user.token,
      json: { products: [{ variant_id: v.id }], address: 'x', address_id: theirs },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Please select a delivery address!' });
    const bad = await t.call('POST', '/api/common/create_order/', {
      token: user.token,
      json: { products: [{ variant_id: v.id }], address: line('560001'), payment_method: 'cash' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('payment_method must be online or cod.');
  });
});
