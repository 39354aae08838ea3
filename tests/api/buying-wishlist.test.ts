import { describe, expect, test } from 'vitest';
import { first } from '../lists';
import { makeTestApp, newUser, someVariants, appPerFile } from './helpers';

const t = appPerFile(() => makeTestApp(20));

interface ToggleBody {
  message: string;
  is_wishlisted: boolean;
  wishlist_count: number;
}
interface WishlistBody {
  wishlist_count: number;
  results: {
    id: number;
    variant_id: number;
    product: {
      id: number;
      variant_id: number;
      name: string;
      size: string | null;
      final_price: number;
      price: number;
      images: { image: string }[];
    };
  }[];
}

const toggle = (token: string, id: number | string) => t.call('POST', `/api/common/wishlist_toggle/${id}/`, { token });
const list = (token: string) => t.call('GET', '/api/common/wishlist', { token });

describe('wishlist', () => {
  test('needs a session', async () => {
    const [v] = await someVariants(t, 1);
    expect((await list('')).status).toBe(401);
    expect((await t.call('GET', '/api/common/wishlist')).status).toBe(401);
    expect((await t.call('POST', `/api/common/wishlist_toggle/${v.id}/`)).status).toBe(401);
  });

  test('a new shopper has an empty wishlist', async () => {
    const user = await newUser(t);
    const res = await list(user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ wishlist_count: 0, results: [] });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('toggling adds, then removes; the message says which and the count follows', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1);
    const added = await toggle(user.token, v.id);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'Product added to wishlist', is_wishlisted: true, wishlist_count: 1 });
    expect((added.body as ToggleBody).message).toContain('added');
    const removed = await toggle(user.token, v.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Product removed from wishlist', is_wishlisted: false, wishlist_count: 0 });
    expect((removed.body as ToggleBody).message).not.toContain('added');
    expect(((await list(user.token)).body as WishlistBody).wishlist_count).toBe(0);
  });

  test('the list shows each variant with its product, prices from the catalogue and pictures, newest first', async () => {
    const user = await newUser(t);
    const variants = await someVariants(t, 3, 2);
    for (const v of variants) await toggle(user.token, v.id);
    const res = await list(user.token);
    const body = res.body as WishlistBody;
    expect(body.wishlist_count).toBe(3);
    expect(body.results.map((e) => e.variant_id)).toEqual(variants.map((v) => v.id).reverse());
    for (const entry of body.results) {
      const v = variants.find((x) => x.id === entry.variant_id)!;
      const product = (await t.get(`/api/common/products/${v.product_id}/`)).body as {
        name: string;
        variants: { id: number; images: { image: string }[] }[];
      };
      expect(entry).toEqual({
        id: expect.any(Number),
        variant_id: v.id,
        product: {
          id: v.product_id,
          variant_id: v.id,
          name: product.name,
          size: expect.toSatisfy((s: unknown) => s === null || (typeof s === 'string' && s.length > 0)),
          color: expect.toSatisfy((s: unknown) => s === null || (typeof s === 'string' && s.length > 0)),
          final_price: v.final_price_paise / 100,
          price: v.price_paise / 100,
          images: [{ image: first(product.variants.find((pv) => pv.id === v.id)!.images, 'the pictures').image }],
        },
      });
    }
  });

  test('a variant sold by weight or volume shows that as its size', async () => {
    const user = await newUser(t);
    const measured = await t.db
      .selectFrom('variants')
      .select(['id', 'unit', 'unit_value'])
      .where('unit', 'in', ['g', 'kg', 'ml', 'l'])
      .where('size', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await toggle(user.token, measured.id);
    const entry = first(((await list(user.token)).body as WishlistBody).results, 'the wishlist');
    expect(entry.product.size).toMatch(new RegExp(`^\\d+(\\.\\d+)? ${measured.unit}$`));
  });

  test('unknown or malformed variants are 404 and add nothing', async () => {
    const user = await newUser(t);
    for (const id of [9_999_999, 0, 'abc', '-1', '1.5']) {
      const res = await toggle(user.token, id);
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ message: 'Product not found.' });
    }
    expect(((await list(user.token)).body as WishlistBody).wishlist_count).toBe(0);
  });

  test('each shopper has their own wishlist', async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const [a, b] = await someVariants(t, 2, 5);
    await toggle(owner.token, a.id);
    expect(((await list(other.token)).body as WishlistBody).results).toEqual([]);
    // The other shopper toggling the same variant adds it to theirs, not removes the owner's.
    expect((await toggle(other.token, a.id)).body).toMatchObject({ is_wishlisted: true, wishlist_count: 1 });
    await toggle(other.token, b.id);
    expect(((await list(owner.token)).body as WishlistBody).results.map((e) => e.variant_id)).toEqual([a.id]);
    expect(((await list(other.token)).body as WishlistBody).wishlist_count).toBe(2);
  });

  test('quick repeated toggles never leave a duplicate', async () => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 7);
    await Promise.all([toggle(user.token, v.id), toggle(user.token, v.id), toggle(user.token, v.id)]);
    const rows = await t.db.selectFrom('wishlist_items').selectAll().where('user_id', '=', user.id).execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(((await list(user.token)).body as WishlistBody).wishlist_count).toBe(rows.length);
  });
});
