/**
 * The product's one rating (products.rating_count and rating_total, kept by triggers on ratings):
 * right after a review is written, edited, hidden, shown again or deleted, by whatever writes it;
 * the same figures in every answer that carries the product; a new review names its product's
 * pages for the static site's refresher, as a staff change does. Runs on SQLite, and again on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, test } from 'vitest';
import { productRating } from '../../server/repositories/catalogue';
import { itemAt } from '../lists';
import { appPerFile, buy, buyDelivered, makeTestApp, newUser, restock, type TestApp } from './helpers';
import { teamOnce } from './staff-helpers';

const t = appPerFile(() => makeTestApp(24));
const staff = teamOnce(t);

interface Figures {
  average_rating: number;
  rating_count: number;
}
interface AnsweredProduct extends Figures {
  id: number;
  name: string;
  variants: ({ id: number } & Figures)[];
}

let serial = 0;

/**
 * A product of this test's own: a seeded one with at least two variants (the `nth` such), its
 * seeded reviews removed, its stock filled; answers its id and variant ids.
 */
async function ownProduct(nth: number): Promise<{ id: number; variants: number[] }> {
  const rows = await t.db
    .selectFrom('variants')
    .select(['id', 'product_id'])
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  const byProduct = new Map<number, number[]>();
  for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r.id]);
  const [id, variants] = itemAt(
    [...byProduct.entries()].filter(([, v]) => v.length >= 2),
    nth,
    'products with two variants',
  );
  await restock(t, variants);
  const seeded = t.db.selectFrom('ratings').select('id').where('product_id', '=', id);
  await t.db.deleteFrom('rating_images').where('rating_id', 'in', seeded).execute();
  await t.db.deleteFrom('ratings').where('product_id', '=', id).execute();
  return { id, variants };
}

/** A new shopper has `variant` delivered and reviews it with `stars`; answers the review's id. */
async function review(variant: number, stars: number): Promise<number> {
  serial += 1;
  const shopper = await newUser(t);
  await buyDelivered(t, shopper.token, [variant]);
  const res = await t.call('POST', '/api/common/ratings/', {
    token: shopper.token,
    json: { variant, rating: stars, review: `Review ${serial}: ${stars} stars` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

/** The product as its page's answer gives it. */
async function product(app: TestApp, id: number): Promise<AnsweredProduct> {
  const res = await app.get(`/api/common/products/${id}/`);
  expect(res.status).toBe(200);
  return res.body as AnsweredProduct;
}

/** The product's figures, checked against every variant's (which repeat them). */
async function figures(id: number): Promise<Figures> {
  const p = await product(t, id);
  for (const v of p.variants) {
    expect({ average_rating: v.average_rating, rating_count: v.rating_count }, `variant ${v.id}`).toEqual({
      average_rating: p.average_rating,
      rating_count: p.rating_count,
    });
  }
  return { average_rating: p.average_rating, rating_count: p.rating_count };
}

/** The figures stored on the product's row. */
async function stored(id: number): Promise<Figures> {
  const row = await t.db
    .selectFrom('products')
    .select(['rating_count', 'rating_total'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return productRating(row);
}

/** The figures as a recount of the visible reviews gives them. */
async function recount(id: number): Promise<Figures> {
  const rows = await t.db
    .selectFrom('ratings')
    .select('rating')
    .where('product_id', '=', id)
    .where('hidden_at', 'is', null)
    .execute();
  const total = rows.reduce((sum, r) => sum + r.rating, 0);
  return {
    average_rating: rows.length ? Math.round((total / rows.length) * 10) / 10 : 0,
    rating_count: rows.length,
  };
}

describe("the product's rating", () => {
  test('every seeded product’s figures equal a recount of its visible reviews', async () => {
    const rows = await t.db.selectFrom('products').select(['id', 'rating_count', 'rating_total']).execute();
    const reviewed = rows.filter((r) => r.rating_count > 0);
    expect(reviewed.length).toBeGreaterThan(2);
    for (const r of rows) {
      const visible = await t.db
        .selectFrom('ratings')
        .select('rating')
        .where('product_id', '=', r.id)
        .where('hidden_at', 'is', null)
        .execute();
      expect([r.id, r.rating_count, r.rating_total]).toEqual([
        r.id,
        visible.length,
        visible.reduce((sum, v) => sum + v.rating, 0),
      ]);
    }
  });

  test('counts the reviews of all its variants: added, hidden, shown again, edited, deleted', async () => {
    const { owner } = await staff();
    const { id, variants } = await ownProduct(0);
    expect(await figures(id)).toEqual({ average_rating: 0, rating_count: 0 });

    // A review of the second variant counts for the product (the first variant's page shows it too).
    const first = await review(itemAt(variants, 1, 'variants'), 2);
    expect(await figures(id)).toEqual({ average_rating: 2, rating_count: 1 });
    const second = await review(itemAt(variants, 0, 'variants'), 3);
    expect(await figures(id)).toEqual({ average_rating: 2.5, rating_count: 2 });
    const third = await review(itemAt(variants, 0, 'variants'), 5);
    expect(await figures(id)).toEqual({ average_rating: 3.3, rating_count: 3 });

    const hidden = await t.call('POST', `/api/admin/reviews/${third}/hide`, {
      token: owner.token,
      json: { reason: 'Names another seller' },
    });
    expect(hidden.status).toBe(200);
    expect(await figures(id)).toEqual({ average_rating: 2.5, rating_count: 2 });
    expect((await t.call('POST', `/api/admin/reviews/${third}/unhide`, { token: owner.token })).status).toBe(200);
    expect(await figures(id)).toEqual({ average_rating: 3.3, rating_count: 3 });

    // Edited and deleted as any tool of the shop would (the triggers keep step, whoever writes): read
    // from the product's row, as the next answer after the catalogue version moves will give it.
    await t.db.updateTable('ratings').set({ rating: 4 }).where('id', '=', first).execute();
    expect(await stored(id)).toEqual({ average_rating: 4, rating_count: 3 });
    // An edit of a hidden review changes nothing shown; it counts as edited once shown again.
    await t.db.updateTable('ratings').set({ hidden_at: new Date().toISOString() }).where('id', '=', second).execute();
    expect(await stored(id)).toEqual({ average_rating: 4.5, rating_count: 2 });
    await t.db.updateTable('ratings').set({ rating: 1 }).where('id', '=', second).execute();
    expect(await stored(id)).toEqual({ average_rating: 4.5, rating_count: 2 });
    await t.db.updateTable('ratings').set({ hidden_at: null }).where('id', '=', second).execute();
    expect(await stored(id)).toEqual({ average_rating: 3.3, rating_count: 3 });
    await t.db.deleteFrom('ratings').where('id', '=', third).execute();
    expect(await stored(id)).toEqual({ average_rating: 2.5, rating_count: 2 });
    // Deleting a hidden review leaves the figures as they were.
    await t.db.updateTable('ratings').set({ hidden_at: new Date().toISOString() }).where('id', '=', second).execute();
    await t.db.deleteFrom('ratings').where('id', '=', second).execute();
    expect(await stored(id)).toEqual({ average_rating: 4, rating_count: 1 });
    expect(await stored(id)).toEqual(await recount(id));
    await t.db.deleteFrom('ratings').where('id', '=', first).execute();
    expect(await stored(id)).toEqual({ average_rating: 0, rating_count: 0 });
  });

  test('two reviews of one product written at once both count', async () => {
    const { id, variants } = await ownProduct(1);
    const shoppers = await Promise.all([newUser(t), newUser(t)]);
    await buyDelivered(t, itemAt(shoppers, 0, 'shoppers').token, [itemAt(variants, 0, 'variants')]);
    await buyDelivered(t, itemAt(shoppers, 1, 'shoppers').token, [itemAt(variants, 1, 'variants')]);
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        t.call('POST', '/api/common/ratings/', {
          token: s.token,
          json: { variant: itemAt(variants, i, 'variants'), rating: i === 0 ? 5 : 4, review: 'Written at once' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await figures(id)).toEqual({ average_rating: 4.5, rating_count: 2 });
  });

  test('the list, the search and browsing answer the same figures as the product', async () => {
    const { id, variants } = await ownProduct(2);
    await review(itemAt(variants, 0, 'variants'), 4);
    await review(itemAt(variants, 1, 'variants'), 1);
    const own = await product(t, id);
    expect([own.average_rating, own.rating_count]).toEqual([2.5, 2]);
    const expected = { id, average_rating: 2.5, rating_count: 2 };
    const pick = (list: AnsweredProduct[]) => {
      const found = list.find((p) => p.id === id);
      return found && { id: found.id, average_rating: found.average_rating, rating_count: found.rating_count };
    };

    const all = await t.get('/api/common/products/');
    expect(pick(all.body as AnsweredProduct[])).toEqual(expected);
    const search = await t.get(`/api/common/products_search/?search=${encodeURIComponent(own.name)}`);
    expect(pick(search.body as AnsweredProduct[])).toEqual(expected);
    const row = await t.db
      .selectFrom('products')
      .select('subcategory_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const browse = await t.get(`/api/common/browse?sub_category=${row.subcategory_id}&page_size=100`);
    expect(browse.status, JSON.stringify(browse.body)).toBe(200);
    expect(pick((browse.body as { results: AnsweredProduct[] }).results)).toEqual(expected);
    // Browsing narrows by the same figure: 2.5 is under '3 stars and up'.
    const rated = await t.get(`/api/common/browse?sub_category=${row.subcategory_id}&rating=3&page_size=100`);
    expect(pick((rated.body as { results: AnsweredProduct[] }).results)).toBeUndefined();
  });
});

describe('a new review and the static pages', () => {
  test("a new review names its product's pages to render again, in its own transaction", async () => {
    const { id, variants } = await ownProduct(3);
    const before = await t.db.selectFrom('site_changes').select(['id']).orderBy('id', 'desc').executeTakeFirst();
    await review(itemAt(variants, 0, 'variants'), 5);
    const after = await t.db
      .selectFrom('site_changes')
      .select(['id', 'change'])
      .where('id', '>', before?.id ?? 0)
      .execute();
    expect(after.map((r) => JSON.parse(r.change))).toContainEqual({ products: [id] });
  });

  test('a review refused (not delivered yet) changes no figure and names no page', async () => {
    const { id, variants } = await ownProduct(4);
    const shopper = await newUser(t);
    const variant = itemAt(variants, 0, 'variants');
    await buy(t, shopper.token, [variant]);
    const changes = (await t.db.selectFrom('site_changes').select('id').execute()).length;
    const res = await t.call('POST', '/api/common/ratings/', {
      token: shopper.token,
      json: { variant, rating: 5, review: 'Not here yet' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'You can review a product once it has been delivered to you.',
      detail: 'You can review a product once it has been delivered to you.',
    });
    expect(await figures(id)).toEqual({ average_rating: 0, rating_count: 0 });
    expect(await t.db.selectFrom('site_changes').select('id').execute()).toHaveLength(changes);
  });
});
