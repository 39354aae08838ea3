/**
 * The API security suite: each hole an attacker found against a running shop (issue 32), tried
 * again as they tried it. Every test here failed on the code before its fix. The invoice, delivery
 * and payment checks run on SQLite and PostgreSQL like every API test.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { HSN_REQUIRED } from '../../contract/schemas/admin-catalogue';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';
import {
  addToCart,
  appPerFile,
  buy,
  createOrder,
  HOME_ADDRESS,
  makeTestApp,
  newPaymentId,
  newUser,
  orderRow,
  pay,
  paymentEvent,
  placeOrder,
  restock,
  sendWebhook,
  signup,
  someVariants,
  userFields,
  type CreatedOrderBody,
  type TestApp,
} from './helpers';
import { signedInStaff } from './staff-helpers';

const t = appPerFile(() => makeTestApp(12));

const PINCODE = 'Valid 6-digit pincode is required';
const NOT_SERVED = 'Not deliverable to this pincode yet';
const STATE = 'Valid Indian state or union territory is required';
const NOT_ALLOWED = 'Contains characters that are not allowed.';

/** A variant of the seeded catalogue with plenty on the shelf (each test its own, by offset). */
async function stockedVariant(offset: number): Promise<number> {
  const [v] = await someVariants(t, 1, offset);
  await restock(t, [v.id]);
  return v.id;
}

/** The orders of one shopper as stored. */
function ordersOf(userId: number) {
  return t.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
}

describe('1. every paid order has its invoice', () => {
  test('a product cannot be created without HSN code or GST rate (was 201 without hsn_code)', async () => {
    const manager = await signedInStaff(t, 'manager');
    const [v] = await someVariants(t, 1, 0);
    const subcategory = await t.db
      .selectFrom('products')
      .select('subcategory_id')
      .where('id', '=', v.product_id)
      .executeTakeFirstOrThrow();
    const body = {
      name: 'Steel tiffin, untaxed',
      subcategory_id: subcategory.subcategory_id,
      weight: 400,
      unit: 'piece',
      variants: [
        {
          name: 'Two tier',
          sku: `GB-NOHSN-${process.pid}`,
          unit: 'piece',
          unit_value: 1,
          price: 499,
          final_price: 449,
        },
      ],
    };
    for (const json of [body, { ...body, hsn_code: null, gst_rate: 12 }, { ...body, hsn_code: '  ', gst_rate: 12 }]) {
      const res = await t.call('POST', '/api/admin/catalogue/products', { token: manager.token, json });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body as ErrorBody).errors?.hsn_code).toEqual([HSN_REQUIRED]);
    }
    const noRate = await t.call('POST', '/api/admin/catalogue/products', {
      token: manager.token,
      json: { ...body, hsn_code: '7323' },
    });
    expect(noRate.status).toBe(400);
    expect((noRate.body as ErrorBody).errors?.gst_rate).toBeDefined();
    expect(
      await t.db.selectFrom('products').select('id').where('name', '=', 'Steel tiffin, untaxed').execute(),
    ).toEqual([]);
  });

  test('a product of before the rule, without HSN code, is not shown again without one, nor sold', async () => {
    const manager = await signedInStaff(t, 'manager');
    const [v] = await someVariants(t, 1, 1);
    await restock(t, [v.id]);
    await t.db.updateTable('products').set({ hsn_code: null }).where('id', '=', v.product_id).execute();
    // Ordering it is refused before any order (and any invoice number) exists.
    const user = await newUser(t);
    const res = await createOrder(t, user.token, [{ variant_id: v.id }]);
    expect(res.status).toBe(409);
    expect((res.body as ErrorBody).message).toMatch(/cannot be ordered yet: the shop has not given it its tax details/);
    expect(await ordersOf(user.id)).toEqual([]);
    // Hidden, it cannot be shown again until it has one.
    const hide = await t.call('PATCH', `/api/admin/catalogue/products/${v.product_id}`, {
      token: manager.token,
      json: { hidden: true },
    });
    expect(hide.status).toBe(200);
    const show = await t.call('PATCH', `/api/admin/catalogue/products/${v.product_id}`, {
      token: manager.token,
      json: { hidden: false },
    });
    expect(show.status).toBe(400);
    expect((show.body as ErrorBody).errors?.hsn_code).toEqual([HSN_REQUIRED]);
    const fixed = await t.call('PATCH', `/api/admin/catalogue/products/${v.product_id}`, {
      token: manager.token,
      json: { hidden: false, hsn_code: '7323' },
    });
    expect(fixed.status).toBe(200);
    expect((await createOrder(t, user.token, [{ variant_id: v.id }])).status).toBe(201);
  });

  test.each([
    [
      'no state at all (was paid and numbered, then 500 for its invoice)',
      'Asha Verma, 9876543210, 12 Hill Road, Bandra West, Mumbai 400050',
      PINCODE,
    ],
    ['a city where the state goes', 'Asha Verma, 9876543210, 12 Hill Road, Bandra West, Mumbai, 400050', STATE],
    ['a misspelt state', 'Asha Verma, 9876543210, 12 Hill Road, Bandra West, Mumbai, Maharastra, 400050', STATE],
  ])('an order to an address with %s is refused; nothing is stored', async (_, address, message) => {
    const user = await newUser(t);
    const variant = await stockedVariant(2);
    for (const payment_method of ['online', 'cod']) {
      const res = await createOrder(t, user.token, [{ variant_id: variant }], address, { payment_method });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, error: message });
    }
    expect(await ordersOf(user.id)).toEqual([]);
  });

  test('an order takes its state and pincode from a saved address, or from the address form’s fields', async () => {
    const user = await newUser(t);
    const variant = await stockedVariant(3);
    const saved = await t.call('POST', '/api/common/addresses/', {
      token: user.token,
      json: { ...HOME_ADDRESS, state: 'tamil nadu', pincode: '600002', city: 'Chennai' },
    });
    expect(saved.status).toBe(201);
    const id = (saved.body as { id: number }).id;
    const bySaved = await createOrder(t, user.token, [{ variant_id: variant }], 'ignored, as the saved one is used', {
      address_id: id,
    });
    expect(bySaved.status, JSON.stringify(bySaved.body)).toBe(201);
    expect(await orderRow(t, (bySaved.body as CreatedOrderBody).id)).toMatchObject({
      delivery_state: 'Tamil Nadu',
      delivery_pincode: '600002',
    });
    const byFields = await createOrder(t, user.token, [{ variant_id: variant, quantity: 2 }], 'ignored too', {
      delivery_address: { ...HOME_ADDRESS, state: 'Orissa', pincode: '751001', city: 'Bhubaneswar' },
    });
    expect(byFields.status, JSON.stringify(byFields.body)).toBe(201);
    expect(await orderRow(t, (byFields.body as CreatedOrderBody).id)).toMatchObject({
      delivery_state: 'Odisha',
      delivery_pincode: '751001',
      address: expect.stringMatching(/Bhubaneswar, Orissa, 751001$/),
    });
    const badFields = await createOrder(t, user.token, [{ variant_id: variant }], 'x', {
      delivery_address: { ...HOME_ADDRESS, state: 'Bombay' },
    });
    expect(badFields.status).toBe(400);
    expect((badFields.body as ErrorBody).errors).toMatchObject({ 'delivery_address.state': [STATE] });
  });

  test('a saved address of before the state rule, whose state is none, is refused at checkout', async () => {
    const user = await newUser(t);
    const variant = await stockedVariant(4);
    const saved = await t.call('POST', '/api/common/addresses/', { token: user.token, json: HOME_ADDRESS });
    const id = (saved.body as { id: number }).id;
    await t.db.updateTable('addresses').set({ state: 'Bangalore' }).where('id', '=', id).execute();
    const res = await createOrder(t, user.token, [{ variant_id: variant }], 'x', { address_id: id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: STATE, error: STATE });
  });

  test('a saved address must name an Indian state or union territory', async () => {
    const user = await newUser(t);
    for (const state of ['Bombay', '29', 'Maharastra']) {
      const res = await t.call('POST', '/api/common/addresses/', {
        token: user.token,
        json: { ...HOME_ADDRESS, state },
      });
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).errors?.state).toEqual([STATE]);
    }
  });

  test('a payment of an order whose invoice cannot be made is refunded: no invoice number without its invoice', async () => {
    const user = await newUser(t);
    const variant = await stockedVariant(5);
    const order = await placeOrder(t, user.token, [{ variant_id: variant }]);
    // As an order placed before the rules: a line without HSN code.
    await t.db.updateTable('order_items').set({ hsn_code: null }).where('order_id', '=', order.id).execute();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { res } = await pay(t, user.token, order);
      expect(res.status).toBe(409);
      expect((res.body as ErrorBody).message).toMatch(
        /cannot make its tax invoice. Your payment will be refunded in full/,
      );
    } finally {
      errors.mockRestore();
    }
    expect(await orderRow(t, order.id)).toMatchObject({ state: 'cancelled' });
    expect(await t.db.selectFrom('invoices').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('refunds').select('order_id').where('order_id', '=', order.id).execute()).toHaveLength(
      1,
    );
  });
});

describe('2. one delivery check for every order', () => {
  test.each([
    [
      'the pincode inside the last part (was 201, pincode NULL)',
      'Asha Verma, 9876543210, Aberdeen Bazar, Port Blair 744101 Andaman',
      PINCODE,
    ],
    [
      'a full stop after the pincode (was 201, pincode NULL)',
      'Asha Verma, 9876543210, Aberdeen Bazar, Andaman and Nicobar Islands, Port Blair, 744101.',
      PINCODE,
    ],
    [
      'the pincode last, as the storefront writes it',
      'Asha Verma, 9876543210, Aberdeen Bazar, Port Blair, Andaman and Nicobar Islands, 744101',
      NOT_SERVED,
    ],
  ])('an online or cash-on-delivery order with %s is refused', async (_, address, message) => {
    const user = await newUser(t);
    const variant = await stockedVariant(6);
    for (const payment_method of ['online', 'cod']) {
      const res = await createOrder(t, user.token, [{ variant_id: variant }], address, { payment_method });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, error: message });
    }
    expect(await ordersOf(user.id)).toEqual([]);
  });

  test('a saved address to a pincode the shop does not serve is refused alike', async () => {
    const user = await newUser(t);
    const variant = await stockedVariant(6);
    const saved = await t.call('POST', '/api/common/addresses/', {
      token: user.token,
      json: { ...HOME_ADDRESS, pincode: '744101', city: 'Port Blair', state: 'Andaman and Nicobar Islands' },
    });
    const res = await createOrder(t, user.token, [{ variant_id: variant }], 'x', {
      address_id: (saved.body as { id: number }).id,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: NOT_SERVED, error: NOT_SERVED });
  });
});

describe('3. no trivial password', () => {
  test.each([
    ['six spaces', '      ', 'Password must be at least 8 characters.'],
    ['eight spaces', '        ', 'Password cannot be only spaces.'],
    ['aaaaaa', 'aaaaaa', 'Password must be at least 8 characters.'],
    ['aaaaaaaa', 'aaaaaaaa', 'Password cannot be one character repeated.'],
    ['a common one', 'baseball', 'This password is too common and easy to guess. Choose another one.'],
  ])('sign-up with %s is refused (was 201 for six spaces and aaaaaa)', async (_, password, message) => {
    const res = await signup(t, userFields({ password }));
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.password).toEqual([message]);
  });

  test('sign-up with the e-mail as the password is refused', async () => {
    const fields = userFields();
    const res = await signup(t, { ...fields, password: fields.email.toUpperCase() });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.password).toEqual([
      'Password cannot be your email address or the part before @.',
    ]);
  });

  test.each([
    ['six spaces (was 201)', '      ', 'Password must be at least 8 characters.'],
    ['ten spaces', '          ', 'Password cannot be only spaces.'],
    ['the invited e-mail', null, 'Password cannot be your email address or the part before @.'],
  ])('a staff invitation accepted with %s is refused; the invitation still works', async (_, password, message) => {
    const owner = await signedInStaff(t, 'owner');
    const email = `invited-${process.pid}-${Math.random().toString(36).slice(2, 8)}@staff.gharbazaar.in`;
    const invite = await t.call('POST', '/api/admin/staff/invites', {
      token: owner.token,
      json: { email, role: 'support' },
    });
    expect(invite.status).toBe(201);
    const token = (invite.body as { token: string }).token;
    const refused = await t.call('POST', '/api/admin/invites/accept', {
      json: { token, name: 'Ravi', password: password ?? email },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).errors?.password).toEqual([message]);
    const accepted = await t.call('POST', '/api/admin/invites/accept', {
      json: { token, name: 'Ravi', password: 'steel dabba 42' },
    });
    expect(accepted.status).toBe(201);
  });

  test('a profile cannot move the account to an e-mail that is its password', async () => {
    const user = await newUser(t, { password: 'ravi.kumar.home@example.in' });
    const json = {
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: user.phone_number,
      email: 'ravi.kumar.home@example.in',
      current_password: user.password,
    };
    const res = await t.call('PATCH', '/api/common/profile/', { token: user.token, json });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.email).toEqual([
      'Your password is this email address, or its part before @: change your password first, then your email.',
    ]);
    const other = await t.call('PATCH', '/api/common/profile/', {
      token: user.token,
      json: { ...json, email: `ravi-${process.pid}@example.in` },
    });
    expect(other.status).toBe(200);
  });
});

describe('4. exact input', () => {
  test('a lone UTF-16 surrogate in a name is refused, not stored as replacement characters', async () => {
    const res = await signup(t, userFields({ first_name: 'Asha\ud800' }));
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.first_name).toEqual([NOT_ALLOWED]);
    const user = await newUser(t);
    const address = await t.call('POST', '/api/common/addresses/', {
      token: user.token,
      json: { ...HOME_ADDRESS, name: '\udc00Asha' },
    });
    expect(address.status).toBe(400);
    expect((address.body as ErrorBody).errors?.name).toEqual([NOT_ALLOWED]);
    // A pair of surrogates is one character (an emoji), and fine.
    const emoji = await t.call('POST', '/api/common/addresses/', {
      token: user.token,
      json: { ...HOME_ADDRESS, name: 'Asha \ud83d\ude42' },
    });
    expect(emoji.status).toBe(201);
  });

  describe('a webhook’s payment must carry the order’s amount and currency', () => {
    let warn: ReturnType<typeof vi.spyOn>;
    beforeAll(() => {
      warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    });
    afterAll(() => warn.mockRestore());

    /** A payment.captured event for the order with the payment entity changed by `change`. */
    function captured(order: CreatedOrderBody, change: (payment: Record<string, unknown>) => void): string {
      const event = JSON.parse(paymentEvent('payment.captured', order.order_id, newPaymentId(), order.amount)) as {
        payload: { payment: { entity: Record<string, unknown> } };
      };
      change(event.payload.payment.entity);
      return JSON.stringify(event);
    }

    test.each([
      ['without an amount (was: marked paid)', (p: Record<string, unknown>) => delete p.amount],
      ['without a currency', (p: Record<string, unknown>) => delete p.currency],
      ['in another currency', (p: Record<string, unknown>) => (p.currency = 'USD')],
      ['with an amount that is not a number', (p: Record<string, unknown>) => (p.amount = '49900')],
      ['for one paisa less', (p: Record<string, unknown>) => (p.amount = Number(p.amount) - 1)],
    ])('a signed payment.captured %s is ignored and logged', async (_, change) => {
      const user = await newUser(t);
      const variant = await stockedVariant(7);
      const order = await placeOrder(t, user.token, [{ variant_id: variant }]);
      warn.mockClear();
      const res = await sendWebhook(t, captured(order, change));
      expect(res.body).toEqual({ status: 'ignored' });
      expect(await orderRow(t, order.id)).toMatchObject({ state: 'awaiting_payment', payment_id: null });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/does not match order/));
    });

    test('the same event with the amount and currency marks the order paid', async () => {
      const user = await newUser(t);
      const variant = await stockedVariant(7);
      const order = await placeOrder(t, user.token, [{ variant_id: variant }]);
      const res = await sendWebhook(
        t,
        captured(order, () => undefined),
      );
      expect(res.body).toEqual({ status: 'processed' });
      expect(await orderRow(t, order.id)).toMatchObject({ state: 'paid' });
    });
  });
});

describe('5. throttles an attacker cannot dodge', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await makeTestApp(1, { trustProxy: true, accounts: { limits: {} } });
  });
  afterAll(() => limited.close());

  test('probing one e-mail for an account from many addresses is stopped after 5 an hour', async () => {
    const victim = userFields();
    expect((await signup(limited, victim)).status).toBe(201);
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await limited.call('POST', '/api/common/signup', {
        json: userFields({ email: victim.email }),
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      answers.push(res.status);
    }
    // The first probes are told the e-mail is taken (the specification's message); then no more.
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);
  });

  test('probing one phone number from many addresses is stopped alike', async () => {
    const victim = userFields();
    expect((await signup(limited, victim)).status).toBe(201);
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await limited.call('POST', '/api/common/signup', {
        json: userFields({ phone_number: victim.phone_number }),
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      answers.push(res.status);
    }
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });

  test('with TRUST_PROXY naming the proxy, a client reaching the port directly cannot choose its address', async () => {
    const shop = await makeTestApp(1, { trustProxy: ['10.0.0.5'], accounts: { limits: {} } });
    try {
      const direct = { incoming: { socket: { remoteAddress: '198.51.100.66' } } };
      const answers: number[] = [];
      // Each login claims another client address; the shop counts the socket's, and stops it at 30.
      for (let i = 0; i < 31; i += 1) {
        const res = await shop.app.request(
          '/api/common/userlogin',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i + 1}` },
            body: JSON.stringify({ email: `nobody-${i}@example.in`, password: 'whatever-it-is' }),
          },
          direct,
        );
        answers.push(res.status);
      }
      expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(answers[30]).toBe(429);
    } finally {
      await shop.close();
    }
  });
});

describe('the invoice of every paid order of a shop’s history can be produced', () => {
  test('online, cash on delivery, paid again after a failure, confirmed by webhook, to saved and typed addresses', async () => {
    const user = await newUser(t);
    const [a, b, c] = await someVariants(t, 3, 8);
    await restock(t, [a.id, b.id, c.id]);
    const manager = await signedInStaff(t, 'manager');

    // Online, paid at checkout.
    await buy(t, user.token, [a.id, b.id]);
    // Cash on delivery, delivered (numbered then).
    const cod = await createOrder(t, user.token, [{ variant_id: c.id }], undefined, { payment_method: 'cod' });
    expect(cod.status).toBe(201);
    const codId = (cod.body as { id: number }).id;
    for (const json of [{ to: 'packed' }, { to: 'shipped', note: 'Delhivery 1234567890' }, { to: 'delivered' }]) {
      const moved = await t.call('POST', `/api/admin/orders/${codId}/move`, { token: manager.token, json });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    // Paid again after a failed payment.
    const again = await placeOrder(t, user.token, [{ variant_id: a.id, quantity: 2 }]);
    await t.call('POST', '/api/payments/local/fail', { token: user.token, json: { order_id: again.order_id } });
    expect((await t.call('POST', `/api/common/orders/${again.id}/pay`, { token: user.token })).status).toBe(200);
    expect((await pay(t, user.token, again)).res.status).toBe(200);
    // Confirmed by the provider's webhook only.
    const hooked = await placeOrder(t, user.token, [{ variant_id: b.id, quantity: 2 }]);
    const event = paymentEvent('payment.captured', hooked.order_id, newPaymentId(), hooked.amount);
    expect((await sendWebhook(t, event)).body).toEqual({ status: 'processed' });
    // To a saved address (another state), and to the address form's fields.
    const saved = await t.call('POST', '/api/common/addresses/', {
      token: user.token,
      json: { ...HOME_ADDRESS, city: 'Pune', state: 'Maharashtra', pincode: '411001' },
    });
    const toSaved = await createOrder(t, user.token, [{ variant_id: c.id, quantity: 2 }], 'x', {
      address_id: (saved.body as { id: number }).id,
    });
    expect((await pay(t, user.token, toSaved.body as CreatedOrderBody)).res.status).toBe(200);
    await addToCart(t, user.token, a.id);
    const toFields = await createOrder(t, user.token, [{ variant_id: a.id, quantity: 3 }], 'x', {
      delivery_address: { ...HOME_ADDRESS, city: 'Kolkata', state: 'WB', pincode: '700001' },
    });
    expect((await pay(t, user.token, toFields.body as CreatedOrderBody)).res.status).toBe(200);

    const orders = await ordersOf(user.id);
    const sold = orders.filter((o) => o.payment_id !== null || (o.payment_method === 'cod' && o.state === 'delivered'));
    expect(sold).toHaveLength(6);
    for (const order of sold) {
      const invoice = await t.db
        .selectFrom('invoices')
        .select('number')
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      expect(invoice?.number, `order ${order.id} has an invoice number`).toMatch(/^GB\/\d{2}-\d{2}\/\d{6}$/);
      const res = await t.call('GET', `/api/common/orders/${order.id}/invoice`, { token: user.token });
      expect(res.status, `the invoice of order ${order.id}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    }
  });
});
