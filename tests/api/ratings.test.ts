import { describe, expect, test } from 'vitest';
import type { Review } from '../../contract/api/buying';
import { makeTestApp, appPerFile } from './helpers';

const REVIEW_FIELDS = [
  'id',
  'variant',
  'variant_id',
  'product',
  'user',
  'rating',
  'review',
  'images',
  'created_at',
  'user_first_name',
  'user_last_name',
  'product_name',
  'verified_purchase',
  'reply',
].sort();

const t = appPerFile(() => makeTestApp(60));

/** A product with at least two reviews, and the stored counts per product. */
async function reviewedProduct(): Promise<{ id: number; count: number }> {
  const rows = await t.db
    .selectFrom('ratings')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('product_id')
    .orderBy('product_id')
    .execute();
  const row = rows.find((r) => Number(r.n) >= 2);
  expect(row).toBeDefined();
  return { id: row!.product_id, count: Number(row!.n) };
}

describe('ratings', () => {
  test('?product=ID answers only that product’s reviews, in the review shape', async () => {
    const { id, count } = await reviewedProduct();
    const product = (await t.get(`/api/common/products/${id}/`)).body as { name: string; variants: { id: number }[] };
    const res = await t.get(`/api/common/ratings/?product=${id}`);
    expect(res.status).toBe(200);
    const list = res.body as Review[];
    expect(list).toHaveLength(count);
    const variantIds = product.variants.map((v) => v.id);
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(REVIEW_FIELDS);
      expect(r.product).toBe(id);
      expect(r.product_name).toBe(product.name);
      expect(r.variant).toBe(r.variant_id);
      expect(variantIds).toContain(r.variant);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.user_first_name.length).toBeGreaterThan(0);
      expect(r.user_last_name.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(r.created_at))).toBe(false);
      // The demo's reviews come with no order behind them: none is a verified purchase.
      expect(r.verified_purchase).toBe(false);
    }
  });

  test('newest first', async () => {
    const { id } = await reviewedProduct();
    const list = (await t.get(`/api/common/ratings/?product=${id}`)).body as Review[];
    const times = list.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('the reviewer names are the stored user’s', async () => {
    const { id } = await reviewedProduct();
    const list = (await t.get(`/api/common/ratings/?product=${id}`)).body as Review[];
    for (const r of list) {
      const user = await t.db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', r.user)
        .executeTakeFirstOrThrow();
      expect([r.user_first_name, r.user_last_name]).toEqual([user.first_name, user.last_name]);
    }
  });

  test('the product filter narrows the unfiltered list', async () => {
    const { id } = await reviewedProduct();
    const everything = (await t.get('/api/common/ratings/')).body as Review[];
    const filtered = (await t.get(`/api/common/ratings/?product=${id}`)).body as Review[];
    expect(new Set(everything.map((r) => r.product)).size).toBeGreaterThan(1);
    expect(filtered.map((r) => r.id).sort()).toEqual(
      everything
        .filter((r) => r.product === id)
        .map((r) => r.id)
        .sort(),
    );
  });

  test.each(['variant', 'variant_id'])('?%s=ID answers only that variant’s reviews', async (param) => {
    const row = await t.db.selectFrom('ratings').select(['variant_id']).orderBy('id').executeTakeFirstOrThrow();
    const list = (await t.get(`/api/common/ratings/?${param}=${row.variant_id}`)).body as Review[];
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) expect(r.variant_id).toBe(row.variant_id);
  });

  test('a product without reviews answers []', async () => {
    const res = await t.get('/api/common/ratings/?product=999999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  test.each(['abc', '0', '-1', '2.5'])('?product=%s → 400 naming product', async (value) => {
    const res = await t.get(`/api/common/ratings/?product=${value}`);
    expect(res.status).toBe(400);
    const body = res.body as { message: string; errors: Record<string, string[]> };
    expect(body.message.length).toBeGreaterThan(0);
    expect(Object.keys(body.errors)).toContain('product');
  });
});
