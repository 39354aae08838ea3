import { describe, expect, test } from 'vitest';
import { first } from '../lists';
import { discountPercent } from '../../contract/pricing';
import { addToCart, getCart, makeTestApp, newUser, someVariants, appPerFile } from './helpers';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';

const t = appPerFile(() => makeTestApp(20));

interface CartItemBody {
  product_variant_id: number;
  product_id: number;
  product_name: string;
  product_image: string | null;
  size: string | null;
  weight: string | null;
  quantity: number;
  final_price: number;
  product_price: number;
  discount_percent: number;
}
interface CartBody {
  cart_items: CartItemBody[];
  total_price: number;
  count: number;
}

const CART_ITEM_FIELDS = [
  'product_variant_id',
  'product_id',
  'product_name',
  'product_image',
  'size',
  'color',
  'weight',
  'quantity',
  'final_price',
  'product_price',
  'discount_percent',
  'available',
].sort();

const setQuantity = (token: string, id: number | string, json: unknown) =>
  t.call('PATCH', `/api/common/cart/${id}/`, { token, json });
const remove = (token: string, id: number | string) => t.call('DELETE', `/api/common/cart_delete/${id}/`, { token });

describe('cart', () => {
  test('every cart call needs a session', async () => {
    expect((await t.call('GET', '/api/common/cart/')).status).toBe(401);
    expect((await t.call('POST', '/api/common/cart/add/', { json: { variant_id: 1 } })).status).toBe(401);
    expect((await t.call('PATCH', '/api/common/cart/1/', { json: { quantity: 2 } })).status).toBe(401);
    expect((await t.call('DELETE', '/api/common/cart_delete/1/')).status).toBe(401);
  });

  test('a new shopper has an empty cart', async () => {
    const user = await newUser(t);
    const res = await getCart(t, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cart_items: [], total_price: 0, count: 0 });
  });

  test('add answers 201; the cart shows the line with the catalogue’s prices and the total', async () => {
    const user = await newUser(t);
    const [a, b] = await someVariants(t, 2, 3);
    const res = await addToCart(t, user.token, a.id, 1);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Added to cart' });
    // Quantity defaults to 1.
    expect((await addToCart(t, user.token, b.id)).status).toBe(201);
    const cart = (await getCart(t, user.token)).body as CartBody;
    expect(cart.count).toBe(2);
    expect(cart.cart_items.map((i) => i.product_variant_id)).toEqual([a.id, b.id]);
    for (const item of cart.cart_items) {
      expect(Object.keys(item).sort()).toEqual(CART_ITEM_FIELDS);
      const v = [a, b].find((x) => x.id === item.product_variant_id)!;
      const product = (await t.get(`/api/common/products/${v.product_id}/`)).body as {
        name: string;
        variants: { id: number; size: string | null; images: { image: string }[] }[];
      };
      const pv = product.variants.find((x) => x.id === v.id)!;
      expect(item).toMatchObject({
        product_id: v.product_id,
        product_name: product.name,
        product_image: first(pv.images, "the variant's pictures").image,
        size: pv.size,
        quantity: 1,
        final_price: v.final_price_paise / 100,
        product_price: v.price_paise / 100,
        discount_percent: discountPercent(v.price_paise, v.final_price_paise),
        available: 10,
      });
    }
    expect(cart.total_price).toBe((a.final_price_paise + b.final_price_paise) / 100);
  });

  test('a variant sold by weight or volume carries it as weight', async () => {
    const user = await newUser(t);
    const measured = await t.db
      .selectFrom('variants')
      .select(['id', 'unit'])
      .where('unit', 'in', ['g', 'kg', 'ml', 'l'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await addToCart(t, user.token, measured.id);
    const item = first(((await getCart(t, user.token)).body as CartBody).cart_items, 'the cart');
    expect(item.weight).toMatch(new RegExp(`^\\d+(\\.\\d+)? ${measured.unit}$`));
  });

  test('adding what is already in the cart is refused with the shop’s message and changes nothing', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 4);
    await addToCart(t, user.token, v.id, 3);
    const res = await addToCart(t, user.token, v.id, 1);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'This product is already in your cart.' });
    const cart = (await getCart(t, user.token)).body as CartBody;
    expect(cart.cart_items).toHaveLength(1);
    expect(first(cart.cart_items, 'the cart').quantity).toBe(3);
  });

  test('two adds of one variant at once store one line', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 6);
    const answers = await Promise.all([addToCart(t, user.token, v.id), addToCart(t, user.token, v.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(((await getCart(t, user.token)).body as CartBody).count).toBe(1);
  });

  test('an unknown variant is 404 Product not found.', async () => {
    const user = await newUser(t);
    const res = await addToCart(t, user.token, 9_999_999);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Product not found.' });
  });

  test.each([
    ['no variant', { quantity: 1 }, 'variant_id'],
    ['a text variant', { variant_id: 'abc' }, 'variant_id'],
    ['a negative variant', { variant_id: -3 }, 'variant_id'],
    ['quantity 0', { quantity: 0 }, 'quantity'],
    ['quantity 11', { quantity: 11 }, 'quantity'],
    ['quantity 1.5', { quantity: 1.5 }, 'quantity'],
    ['quantity as words', { quantity: 'two' }, 'quantity'],
    ['quantity null', { quantity: null }, 'quantity'],
  ])('a bad body (%s) is a 400 naming the field', async (name, fields, field) => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    const json = name === 'no variant' ? fields : { variant_id: v.id, ...fields };
    const res = await t.call('POST', '/api/common/cart/add/', { token: user.token, json });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors).toHaveProperty(field);
    expect(((await getCart(t, user.token)).body as CartBody).count).toBe(0);
  });

  test('non-JSON and broken JSON bodies are refused, never a 500', async () => {
    const user = await newUser(t);
    const headers = { 'content-type': 'application/json' };
    const broken = await t.call('POST', '/api/common/cart/add/', { token: user.token, body: '{"variant', headers });
    expect(broken.status).toBe(400);
    const text = await t.call('POST', '/api/common/cart/add/', { token: user.token, body: 'variant_id=1' });
    expect(text.status).toBe(415);
    const list = await t.call('POST', '/api/common/cart/add/', { token: user.token, json: [1, 2] });
    expect(list.status).toBe(400);
  });

  test('PATCH changes a line’s quantity within 1..10 and answers the updated line', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 8);
    await addToCart(t, user.token, v.id);
    const res = await setQuantity(user.token, v.id, { quantity: 4 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object).sort()).toEqual(CART_ITEM_FIELDS);
    expect(res.body).toMatchObject({ product_variant_id: v.id, quantity: 4, final_price: v.final_price_paise / 100 });
    const cart = (await getCart(t, user.token)).body as CartBody;
    expect(first(cart.cart_items, 'the cart').quantity).toBe(4);
    expect(cart.total_price).toBe((4 * v.final_price_paise) / 100);
    expect((await setQuantity(user.token, v.id, { quantity: 10 })).status).toBe(200);
    expect((await setQuantity(user.token, v.id, { quantity: 1 })).status).toBe(200);
  });

  test.each([0, -1, 11, 2.5, 'many', null])('PATCH quantity %s is a 400 and changes nothing', async (quantity) => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 9);
    await addToCart(t, user.token, v.id, 2);
    const res = await setQuantity(user.token, v.id, { quantity });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors).toHaveProperty('quantity');
    expect(first(((await getCart(t, user.token)).body as CartBody).cart_items, 'the cart').quantity).toBe(2);
  });

  test('PATCH of a variant not in the caller’s cart is 404', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 10);
    expect((await setQuantity(user.token, v.id, { quantity: 2 })).status).toBe(404);
    expect((await setQuantity(user.token, 'abc', { quantity: 2 })).status).toBe(404);
  });

  test('DELETE removes the line: 200 with the shop’s message, then 404', async () => {
    const user = await newUser(t);
    const [a, b] = await someVariants(t, 2, 11);
    await addToCart(t, user.token, a.id);
    await addToCart(t, user.token, b.id);
    const res = await remove(user.token, a.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Product removed from cart.' });
    const cart = (await getCart(t, user.token)).body as CartBody;
    expect(cart.cart_items.map((i) => i.product_variant_id)).toEqual([b.id]);
    expect((await remove(user.token, a.id)).status).toBe(404);
    expect((await remove(user.token, 'x')).status).toBe(404);
  });

  test('another shopper’s cart line is 404 for PATCH and DELETE, exactly like a missing one, and survives', async () => {
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const [v] = await someVariants(t, 1, 12);
    await addToCart(t, owner.token, v.id, 2);
    const patched = await setQuantity(stranger.token, v.id, { quantity: 5 });
    const missing = await setQuantity(stranger.token, 9_999_999, { quantity: 5 });
    expect(patched.status).toBe(404);
    expect(patched.body).toEqual(missing.body);
    const deleted = await remove(stranger.token, v.id);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual((await remove(stranger.token, 9_999_999)).body);
    expect(((await getCart(t, stranger.token)).body as CartBody).count).toBe(0);
    const cart = (await getCart(t, owner.token)).body as CartBody;
    expect(cart.cart_items).toMatchObject([{ product_variant_id: v.id, quantity: 2 }]);
  });
});
