import { describe, expect, test } from 'vitest';
import { first } from '../lists';
import { addToCart, makeTestApp, newUser, someVariants, HOME_ADDRESS, appPerFile } from './helpers';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';

const t = appPerFile(() => makeTestApp(5));

/** A raw key heading a message ('quantity: …', 'products.0.quantity: …') is what no shopper may read. */
const RAW_FIELD_PREFIX = /^\s*[A-Za-z_][\w.]*\s*:\s/;
/** Keys that are not words: nobody should read `variant_id` or `phone_number` in a message. */
const RAW_KEY = /\b[a-z]+_[a-z_]+\b/;

function expectShopperSentence(body: unknown) {
  const { message } = body as ErrorBody;
  expect(typeof message).toBe('string');
  expect(message.length).toBeGreaterThan(5);
  expect(message, message).not.toMatch(RAW_FIELD_PREFIX);
  expect(message, message).not.toMatch(RAW_KEY);
}

describe('validation messages read as sentences, never as `field: …`', () => {
  test('cart: add and change with bad quantities and variants', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    const adds: unknown[] = [11, 0, -1, 2.5, 'ten', null, true, 999999];
    for (const quantity of adds) {
      const res = await addToCart(t, user.token, v.id, quantity);
      expect(res.status, `add quantity ${String(quantity)}`).toBe(400);
      expectShopperSentence(res.body);
      expect((res.body as ErrorBody).message).toBe('Quantity must be a whole number from 1 to 10.');
    }
    for (const variant_id of [undefined, 'abc', 0, -3, 1.5, {}]) {
      const res = await t.call('POST', '/api/common/cart/add/', { token: user.token, json: { variant_id } });
      expect(res.status, `variant ${JSON.stringify(variant_id)}`).toBe(400);
      expectShopperSentence(res.body);
    }
    expect((await addToCart(t, user.token, v.id, 1)).status).toBe(201);
    for (const json of [{ quantity: 11 }, { quantity: 0 }, {}, { quantity: 'lots' }, []]) {
      const res = await t.call('PATCH', `/api/common/cart/${v.id}/`, { token: user.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expectShopperSentence(res.body);
    }
  });

  test('cart: the server caps a line at 10 and keeps the quantity it had', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 1);
    expect((await addToCart(t, user.token, v.id, 10)).status).toBe(201);
    const res = await t.call('PATCH', `/api/common/cart/${v.id}/`, { token: user.token, json: { quantity: 11 } });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).message).toBe('Quantity must be a whole number from 1 to 10.');
    const cart = await t.call('GET', '/api/common/cart/', { token: user.token });
    expect(first((cart.body as { cart_items: { quantity: number }[] }).cart_items, 'the cart').quantity).toBe(10);
  });

  test('addresses: each bad field, a missing field and a wrong type', async () => {
    const user = await newUser(t);
    const bad: Record<string, unknown>[] = [
      { name: '' },
      { phone_number: '12345' },
      { alternate_phone_number: '123' },
      { pincode: '56' },
      { locality: '' },
      { area: '' },
      { city: '' },
      { state: '' },
      { landmark: 'x'.repeat(500) },
      { address_type: 'office' },
      { name: 42 },
      { city: ['Bengaluru'] },
      { name: undefined },
      { landmark: 7 },
      { alternate_phone_number: 9876543210 },
    ];
    for (const change of bad) {
      const res = await t.call('POST', '/api/common/addresses/', {
        token: user.token,
        json: { ...HOME_ADDRESS, ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expectShopperSentence(res.body);
    }
    // The specified texts stay exactly as written.
    const phone = await t.call('POST', '/api/common/addresses/', {
      token: user.token,
      json: { ...HOME_ADDRESS, phone_number: '12' },
    });
    expect((phone.body as ErrorBody).message).toBe('Valid 10-digit phone number is required');
    const empty = await t.call('POST', '/api/common/addresses/', { token: user.token, json: {} });
    expect((empty.body as ErrorBody).message).toBe('Name is required');
  });

  test('orders: a bad line reads as a sentence too', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    for (const products of [[{ variant_id: v.id, quantity: 11 }], [{ variant_id: 'x' }], [{ quantity: 1 }]]) {
      const res = await t.call('POST', '/api/common/create_order/', {
        token: user.token,
        json: { products, address: 'Asha Verma, 9876543210, Bengaluru, 560001' },
      });
      expect(res.status, JSON.stringify(products)).toBe(400);
      const body = res.body as { message?: string; error?: string };
      expectShopperSentence({ message: body.message ?? body.error });
    }
  });
});
