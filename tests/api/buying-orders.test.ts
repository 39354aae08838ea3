import { describe, expect, test } from 'vitest';
import { itemAt } from '../lists';
import {
  ADDRESS,
  addToCart,
  createOrder,
  makeTestApp,
  newUser,
  orderRow,
  pay,
  placeOrder,
  someVariants,
  appPerFile,
} from './helpers';

const t = appPerFile(() => makeTestApp(30));

interface OrderBody {
  id: number;
  razorpay_order_id: string;
  amount: number;
  status: string;
  delivery_status: string;
  created_at: string;
  address: string;
  items: {
    product_name: string;
    product_image: string | null;
    quantity: number;
    price: number;
    variant: number;
    product: number;
  }[];
}
type ErrorBody = { message: string; error?: string; errors?: Record<string, string[]> };

const ORDER_FIELDS = [
  'id',
  'razorpay_order_id',
  'amount',
  'status',
  'delivery_status',
  'state',
  'payment_method',
  'created_at',
  'paid_at',
  'expires_at',
  'expected_delivery',
  'address',
  'items',
  'timeline',
  'refund',
  'shipment',
];
const ITEM_FIELDS = ['product_name', 'product_image', 'quantity', 'price', 'variant', 'product', 'size', 'color'];

const countOrders = async () =>
  Number(
    (
      await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const history = (token: string) => t.call('GET', '/api/common/orders_history/', { token });
const one = (token: string, id: number | string) => t.call('GET', `/api/common/orders/${id}/`, { token });

describe('create_order', () => {
  test('needs a session', async () => {
    const res = await t.call('POST', '/api/common/create_order/', { json: { products: [], address: ADDRESS } });
    expect(res.status).toBe(401);
  });

  test('prices the order from the catalogue, in paise, ignoring any price or amount sent', async () => {
    const user = await newUser(t);
    const [a, b, c] = await someVariants(t, 3, 1);
    const res = await createOrder(
      t,
      user.token,
      [
        { variant_id: a.id, quantity: 3, price: 1, final_price: 0.01, amount: 1 },
        { variant_id: b.id, quantity: 1, price: 999999 },
        { variant_id: c.id },
      ],
      ADDRESS,
      { amount: 100, total_price: 1, price: 1, currency: 'USD' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const expected = 3 * a.final_price_paise + b.final_price_paise + c.final_price_paise;
    expect(res.body).toEqual({
      id: expect.any(Number),
      order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      razorpay_key: 'rzp_test_local',
      currency: 'INR',
      amount: expected,
      checkout_script: '/api/payments/local/checkout.js',
    });
    const body = res.body as { id: number; order_id: string };
    const row = await orderRow(t, body.id);
    expect(row).toMatchObject({
      user_id: user.id,
      provider: 'local',
      provider_order_id: body.order_id,
      amount_paise: expected,
      currency: 'INR',
      state: 'awaiting_payment',
      payment_method: 'online',
      stock_status: 'reserved',
      address: ADDRESS,
      payment_id: null,
      paid_at: null,
    });
    expect(row.receipt.length).toBeLessThanOrEqual(40);
    const items = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', body.id)
      .orderBy('id')
      .execute();
    expect(items.map((i) => [i.variant_id, i.quantity, i.unit_price_paise])).toEqual(
      (
        [
          [a.id, 3, a.final_price_paise],
          [b.id, 1, b.final_price_paise],
          [c.id, 1, c.final_price_paise],
        ] satisfies [number, number, number][]
      ).sort((x, y) => x[0] - y[0]),
    );
  });

  test('the same variant twice is merged into one line', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 4);
    const order = await placeOrder(t, user.token, [
      { variant_id: v.id, quantity: 2 },
      { variant_id: v.id, quantity: 3 },
    ]);
    expect(order.amount).toBe(5 * v.final_price_paise);
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    expect(items).toMatchObject([{ variant_id: v.id, quantity: 5 }]);
    // Merged past 10 is too many.
    const res = await createOrder(t, user.token, [
      { variant_id: v.id, quantity: 6 },
      { variant_id: v.id, quantity: 6 },
    ]);
    expect(res.status).toBe(400);
  });

  test('an empty or missing product list is refused with the shop’s message under message and error', async () => {
    const user = await newUser(t);
    const before = await countOrders();
    for (const products of [[], undefined, null, 'all', {}]) {
      const res = await createOrder(t, user.token, products);
      expect(res.status, JSON.stringify(products)).toBe(400);
      expect(res.body).toEqual({ error: 'Product list is required', message: 'Product list is required' });
    }
    expect(await countOrders()).toBe(before);
  });

  test('an unknown variant is 404 and nothing is stored', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    const before = await countOrders();
    const res = await createOrder(t, user.token, [{ variant_id: v.id }, { variant_id: 9_999_999 }]);
    expect(res.status).toBe(404);
    expect((res.body as ErrorBody).message).toBe('Product not found.');
    expect(await countOrders()).toBe(before);
  });

  test.each([0, -1, 11, 1.5, 'two', null])('quantity %s is refused with a 400', async (quantity) => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    const before = await countOrders();
    const res = await createOrder(t, user.token, [{ variant_id: v.id, quantity }]);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).message).toMatch(/quantity/i);
    expect(await countOrders()).toBe(before);
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['not text', 42],
    ['over 1000 characters', 'x'.repeat(1001)],
  ])('an address that is %s is refused', async (_name, address) => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    const before = await countOrders();
    const res = await t.call('POST', '/api/common/create_order/', {
      token: user.token,
      json: { products: [{ variant_id: v.id, quantity: 1 }], ...(address === undefined ? {} : { address }) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Please select a delivery address!',
      message: 'Please select a delivery address!',
    });
    expect(await countOrders()).toBe(before);
  });

  test('an address of exactly 1000 characters is accepted', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 2);
    const end = ', Bengaluru, Karnataka, 560001';
    const address = `Asha Verma, ${'a'.repeat(1000 - end.length - 12)}${end}`;
    expect(address.length).toBe(1000);
    expect((await createOrder(t, user.token, [{ variant_id: v.id }], address)).status).toBe(201);
  });

  test('a total under ₹1 is refused', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 3);
    const cheap = await t.db
      .insertInto('variants')
      .values({
        product_id: v.product_id,
        position: 99,
        name: 'Sample sachet',
        color: null,
        size: null,
        sku: 'TEST-SACHET-1',
        unit: 'piece',
        unit_value: 1,
        price_paise: 50,
        final_price_paise: 45,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('stock_levels').values({ variant_id: cheap.id, on_hand: 50 }).execute();
    const before = await countOrders();
    const res = await createOrder(t, user.token, [{ variant_id: cheap.id, quantity: 2 }]);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).message).toBe('The order total must be at least ₹1.');
    expect(await countOrders()).toBe(before);
    // Three of them come to ₹1.35: enough.
    const ok = await createOrder(t, user.token, [{ variant_id: cheap.id, quantity: 3 }]);
    expect(ok.status).toBe(201);
    expect((ok.body as { amount: number }).amount).toBe(135);
  });

  test('a malformed line is a 400 naming the field, never a 500', async () => {
    const user = await newUser(t);
    for (const products of [[{}], [{ variant_id: 'abc' }], [1, 2], [{ variant_id: -5 }], [null]]) {
      const res = await createOrder(t, user.token, products);
      expect(res.status, JSON.stringify(products)).toBe(400);
    }
    const text = await t.call('POST', '/api/common/create_order/', { token: user.token, body: 'products=1' });
    expect(text.status).toBe(415);
  });
});

describe('the double-order guard', () => {
  test('placing the same cart twice hands out the same unpaid order', async () => {
    const user = await newUser(t);
    const [a, b] = await someVariants(t, 2, 5);
    const lines = [
      { variant_id: a.id, quantity: 2 },
      { variant_id: b.id, quantity: 1 },
    ];
    const first = await placeOrder(t, user.token, lines);
    // Same lines in another order are the same cart.
    const second = await placeOrder(t, user.token, [...lines].reverse());
    expect(second).toEqual(first);
    const rows = await t.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  test('placing it several times at once creates one order', async () => {
    const user = await newUser(t);
    const [a, b] = await someVariants(t, 2, 7);
    const lines = [
      { variant_id: a.id, quantity: 1 },
      { variant_id: b.id, quantity: 4 },
    ];
    const answers = await Promise.all(Array.from({ length: 6 }, () => createOrder(t, user.token, lines)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((r) => (r.body as { order_id: string }).order_id));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  test('a different cart, address, price or shopper is a new order', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const [v] = await someVariants(t, 1, 9);
    const base = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 1 }]);
    const more = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    const elsewhere = await placeOrder(
      t,
      user.token,
      [{ variant_id: v.id, quantity: 1 }],
      ADDRESS.replace('Indiranagar', 'Indiranagar, Flat 2'),
    );
    const theirs = await placeOrder(t, other.token, [{ variant_id: v.id, quantity: 1 }]);
    expect(new Set([base.id, more.id, elsewhere.id, theirs.id]).size).toBe(4);
    // The catalogue price changed: the old amount is not handed out again.
    await t.db
      .updateTable('variants')
      .set({ final_price_paise: v.final_price_paise - 100 })
      .where('id', '=', v.id)
      .execute();
    try {
      const repriced = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 1 }]);
      expect(repriced.id).not.toBe(base.id);
      expect(repriced.amount).toBe(v.final_price_paise - 100);
    } finally {
      await t.db
        .updateTable('variants')
        .set({ final_price_paise: v.final_price_paise })
        .where('id', '=', v.id)
        .execute();
    }
  });

  test('after 30 minutes, or once paid, the same cart is a new order', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 10);
    const lines = [{ variant_id: v.id, quantity: 1 }];
    const first = await placeOrder(t, user.token, lines);
    t.clock.advance(29 * 60_000);
    expect((await placeOrder(t, user.token, lines)).id).toBe(first.id);
    t.clock.advance(2 * 60_000);
    const later = await placeOrder(t, user.token, lines);
    expect(later.id).not.toBe(first.id);
    expect((await pay(t, user.token, later)).res.status).toBe(200);
    const afterPaying = await placeOrder(t, user.token, lines);
    expect(afterPaying.id).not.toBe(later.id);
  });
});

describe('orders_history and orders/{id}', () => {
  test('need a session', async () => {
    expect((await t.call('GET', '/api/common/orders_history/')).status).toBe(401);
    expect((await t.call('GET', '/api/common/orders/1/')).status).toBe(401);
  });

  test('list the caller’s orders newest first, in rupees, with what was bought', async () => {
    const user = await newUser(t);
    const stranger = await newUser(t);
    const [a, b] = await someVariants(t, 2, 12);
    await placeOrder(t, stranger.token, [{ variant_id: a.id }]);
    const first = await placeOrder(t, user.token, [{ variant_id: a.id, quantity: 2 }]);
    const second = await placeOrder(t, user.token, [
      { variant_id: a.id, quantity: 1 },
      { variant_id: b.id, quantity: 3 },
    ]);
    const res = await history(user.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const orders = res.body as OrderBody[];
    expect(orders.map((o) => o.id)).toEqual([second.id, first.id]);
    for (const o of orders) {
      expect(Object.keys(o).sort()).toEqual([...ORDER_FIELDS].sort());
      for (const item of o.items) expect(Object.keys(item).sort()).toEqual([...ITEM_FIELDS].sort());
    }
    const product = (await t.get(`/api/common/products/${b.product_id}/`)).body as {
      name: string;
      variants: { id: number; images: { image: string }[] }[];
    };
    expect(orders[0]).toEqual({
      id: second.id,
      razorpay_order_id: second.order_id,
      amount: (a.final_price_paise + 3 * b.final_price_paise) / 100,
      status: 'created',
      delivery_status: 'not shipped',
      state: 'awaiting_payment',
      payment_method: 'online',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      paid_at: null,
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // ADDRESS is in Bengaluru (560001): two delivery days, Sundays not counted.
      expected_delivery: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      timeline: [{ state: 'awaiting_payment', at: expect.stringMatching(/^\d{4}-/), actor: 'shopper', note: null }],
      refund: null,
      shipment: null,
      address: ADDRESS,
      items: expect.arrayContaining([
        {
          product_name: product.name,
          product_image: itemAt(product.variants.find((v) => v.id === b.id)!.images, 0, "the variant's pictures").image,
          quantity: 3,
          price: b.final_price_paise / 100,
          variant: b.id,
          product: b.product_id,
          size: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
          color: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
        },
      ]),
    });
    expect(itemAt(orders, 0, 'the order history').items).toHaveLength(2);
  });

  test('paying shows as status paid', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 14);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    await pay(t, user.token, order);
    expect(((await history(user.token)).body as OrderBody[])[0]).toMatchObject({ id: order.id, status: 'paid' });
  });

  test('an item keeps the name and price it was bought at', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 15);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id }]);
    const before = ((await one(user.token, order.id)).body as OrderBody).items[0];
    const { name } = await t.db
      .selectFrom('products')
      .select('name')
      .where('id', '=', v.product_id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ name: 'Renamed' }).where('id', '=', v.product_id).execute();
    await t.db
      .updateTable('variants')
      .set({ final_price_paise: v.final_price_paise + 500, price_paise: v.price_paise + 500 })
      .where('id', '=', v.id)
      .execute();
    try {
      const after = ((await one(user.token, order.id)).body as OrderBody).items[0];
      expect(after).toEqual(before);
      expect(after).toMatchObject({ product_name: name, price: v.final_price_paise / 100 });
    } finally {
      await t.db.updateTable('products').set({ name }).where('id', '=', v.product_id).execute();
      await t.db
        .updateTable('variants')
        .set({ final_price_paise: v.final_price_paise, price_paise: v.price_paise })
        .where('id', '=', v.id)
        .execute();
    }
  });

  test('orders/{id} answers one of the caller’s orders in the history’s shape', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 16);
    const order = await placeOrder(t, user.token, [{ variant_id: v.id, quantity: 2 }]);
    const res = await one(user.token, order.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(((await history(user.token)).body as OrderBody[])[0]);
    expect((await t.call('GET', `/api/common/orders/${order.id}`, { token: user.token })).status).toBe(200);
  });

  test('another shopper’s order is 404, exactly like a missing one', async () => {
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const [v] = await someVariants(t, 1, 17);
    const order = await placeOrder(t, owner.token, [{ variant_id: v.id }]);
    const theirs = await one(stranger.token, order.id);
    const missing = await one(stranger.token, 9_999_999);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: 'Order not found.' });
    expect(missing).toMatchObject({ status: 404, body: theirs.body });
    for (const id of ['abc', '0', '-1', order.order_id]) expect((await one(stranger.token, id)).status).toBe(404);
    expect(((await history(stranger.token)).body as OrderBody[]).map((o) => o.id)).not.toContain(order.id);
  });

  test('placing an order leaves the cart alone until it is paid', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 18);
    await addToCart(t, user.token, v.id);
    await placeOrder(t, user.token, [{ variant_id: v.id }]);
    const cart = await t.call('GET', '/api/common/cart/', { token: user.token });
    expect((cart.body as { count: number }).count).toBe(1);
  });
});
