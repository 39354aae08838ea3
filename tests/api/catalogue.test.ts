import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { itemAt } from '../lists';
import { makeTestApp, type TestApp } from './helpers';

type Json = Record<string, unknown>;
interface ApiVariant extends Json {
  id: number;
  price: number;
  final_price: number;
  discount_percent: number;
  images: { id: number; image: string }[];
}
interface ApiProduct extends Json {
  id: number;
  name: string;
  category: number;
  sub_category: number;
  big_deal: boolean;
  variants: ApiVariant[];
}

const PRODUCT_FIELDS = [
  'id',
  'name',
  'description',
  'weight',
  'unit',
  'length',
  'width',
  'height',
  'category',
  'category_name',
  'sub_category',
  'sub_category_name',
  'big_deal',
  'brand',
  'average_rating',
  'rating_count',
  'variants',
].sort();
const VARIANT_FIELDS = [
  'id',
  'name',
  'color',
  'size',
  'sku',
  'unit',
  'unit_value',
  'price',
  'final_price',
  'discount_percent',
  'average_rating',
  'rating_count',
  'images',
  'is_wishlisted',
].sort();

let t: TestApp;
let all: ApiProduct[];

beforeAll(async () => {
  t = await makeTestApp(60);
  const res = await t.get('/api/common/products/');
  all = res.body as ApiProduct[];
});

afterAll(async () => {
  await t.close();
});

const product = (index: number) => itemAt(all, index, 'the catalogue');
const ids = (list: unknown) => (list as { id: number }[]).map((p) => p.id);

describe('categories', () => {
  test.each(['/api/common/product_categories/', '/api/common/product_categories'])(
    '%s lists {id, name, image}',
    async (path) => {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const list = res.body as Json[];
      expect(list.length).toBeGreaterThanOrEqual(5);
      for (const c of list) {
        expect(Object.keys(c).sort()).toEqual(['id', 'image', 'name']);
        expect(Number.isInteger(c.id)).toBe(true);
        expect(typeof c.name).toBe('string');
        expect(c.image).toMatch(/^\/media\/images\/[0-9a-f]{16}-\d+x\d+-[0-9a-f]{6}\.jpg$/);
      }
      expect(list.map((c) => c.name)).toEqual(
        expect.arrayContaining(['Milks & Dairies', 'Clothing', 'Pet Foods', 'Baking material', 'Fresh Fruit']),
      );
      expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
    },
  );
});

describe('subcategories', () => {
  test('lists {id, name, image, category} whose category exists', async () => {
    const [subs, cats] = await Promise.all([
      t.get('/api/common/subcategories/'),
      t.get('/api/common/product_categories/'),
    ]);
    expect(subs.status).toBe(200);
    const categoryIds = new Set(ids(cats.body));
    const list = subs.body as Json[];
    expect(list.length).toBeGreaterThan(categoryIds.size);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['category', 'id', 'image', 'name']);
      expect(typeof s.name).toBe('string');
      expect((s.name as string).length).toBeGreaterThan(0);
      expect(categoryIds.has(s.category as number)).toBe(true);
    }
    // Every category has at least one subcategory.
    expect(new Set(list.map((s) => s.category))).toEqual(categoryIds);
  });

  test('answers without the trailing slash too', async () => {
    const res = await t.get('/api/common/subcategories');
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('banners', () => {
  test('lists {id, title, subtitle, image, button_label, link}', async () => {
    const res = await t.get('/api/common/banners_api/');
    expect(res.status).toBe(200);
    const list = res.body as Json[];
    expect(list.length).toBeGreaterThan(0);
    for (const b of list) {
      expect(Object.keys(b).sort()).toEqual(['button_label', 'id', 'image', 'link', 'subtitle', 'title']);
      expect(typeof b.title).toBe('string');
      expect((b.title as string).length).toBeGreaterThan(0);
      expect(b.subtitle === null || typeof b.subtitle === 'string').toBe(true);
      expect(b.image).toMatch(/^\/media\/images\/[0-9a-f]{16}-\d+x\d+-[0-9a-f]{6}\.jpg$/);
    }
  });
});

describe('product list', () => {
  test('is a plain list of every product when not paged', async () => {
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(60);
    expect(ids(all)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  test('every product and variant carries exactly the fields of types.ts', () => {
    for (const p of all) {
      expect(Object.keys(p).sort()).toEqual(PRODUCT_FIELDS);
      expect(typeof p.big_deal).toBe('boolean');
      expect(p.variants.length).toBeGreaterThan(0);
      for (const v of p.variants) {
        expect(Object.keys(v).sort()).toEqual(VARIANT_FIELDS);
        expect(v.is_wishlisted).toBe(false);
        expect(v.images.length).toBeGreaterThan(0);
        for (const image of v.images) expect(Object.keys(image).sort()).toEqual(['id', 'image']);
      }
    }
  });

  test('prices are rupees: the stored paise divided by 100', async () => {
    const rows = await t.db.selectFrom('variants').select(['id', 'price_paise', 'final_price_paise']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const variants = all.flatMap((p) => p.variants);
    expect(variants).toHaveLength(rows.length);
    for (const v of variants) {
      const row = byId.get(v.id);
      expect(row).toBeDefined();
      expect(v.price).toBe(row!.price_paise / 100);
      expect(v.final_price).toBe(row!.final_price_paise / 100);
    }
  });

  test('final price never exceeds the price and the discount is the rounded percent', () => {
    const variants = all.flatMap((p) => p.variants);
    expect(variants.some((v) => v.discount_percent > 0)).toBe(true);
    for (const v of variants) {
      expect(v.price).toBeGreaterThan(0);
      expect(v.final_price).toBeLessThanOrEqual(v.price);
      expect(v.discount_percent).toBe(Math.round(((v.price - v.final_price) / v.price) * 100));
    }
  });

  test('a product has the names of its category and subcategory', async () => {
    const [cats, subs] = await Promise.all([
      t.get('/api/common/product_categories/'),
      t.get('/api/common/subcategories/'),
    ]);
    const catName = new Map((cats.body as Json[]).map((c) => [c.id, c.name]));
    const sub = new Map((subs.body as Json[]).map((s) => [s.id, s]));
    for (const p of all) {
      expect(p.category_name).toBe(catName.get(p.category));
      expect(p.sub_category_name).toBe(sub.get(p.sub_category)?.name);
      expect(sub.get(p.sub_category)?.category).toBe(p.category);
    }
  });
});

describe('product filters', () => {
  test.each(['category', 'category_id'])('%s=1 returns only that category', async (alias) => {
    const res = await t.get(`/api/common/products/?${alias}=1`);
    expect(res.status).toBe(200);
    const expected = all.filter((p) => p.category === 1).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(ids(res.body)).toEqual(expected);
  });

  test.each(['sub_category', 'sub_category_id', 'subcategory_id'])(
    '%s returns only that subcategory',
    async (alias) => {
      const sub = product(6).sub_category;
      const res = await t.get(`/api/common/products/?${alias}=${sub}`);
      expect(res.status).toBe(200);
      const expected = all.filter((p) => p.sub_category === sub).map((p) => p.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      expect(ids(res.body)).toEqual(expected);
    },
  );

  test('every category alias gives the same set for every category', async () => {
    const categories = [...new Set(all.map((p) => p.category))];
    for (const c of categories) {
      const [a, b] = await Promise.all([
        t.get(`/api/common/products/?category=${c}`),
        t.get(`/api/common/products/?category_id=${c}`),
      ]);
      expect(ids(a.body)).toEqual(ids(b.body));
      expect(ids(a.body)).toEqual(all.filter((p) => p.category === c).map((p) => p.id));
    }
  });

  test('the subcategory aliases agree', async () => {
    const sub = product(20).sub_category;
    const answer = (alias: string) => t.get(`/api/common/products/?${alias}=${sub}`);
    const [one, two, three] = await Promise.all([
      answer('sub_category'),
      answer('sub_category_id'),
      answer('subcategory_id'),
    ]);
    expect(ids(two.body)).toEqual(ids(one.body));
    expect(ids(three.body)).toEqual(ids(one.body));
  });

  test('category and subcategory combine', async () => {
    const p = product(10);
    const match = await t.get(`/api/common/products/?category=${p.category}&sub_category=${p.sub_category}`);
    expect(ids(match.body)).toEqual(all.filter((q) => q.sub_category === p.sub_category).map((q) => q.id));
    const otherCategory = all.find((q) => q.category !== p.category)!.category;
    const none = await t.get(`/api/common/products/?category=${otherCategory}&sub_category=${p.sub_category}`);
    expect(none.body).toEqual([]);
  });

  test.each(['category=9999', 'sub_category=9999', 'category_id=424242'])(
    'unknown %s gives an empty list',
    async (query) => {
      const res = await t.get(`/api/common/products/?${query}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    },
  );
});

describe('product paging', () => {
  test.each<[string, number, number]>([
    ['page=1&page_size=10', 0, 10],
    ['page=2&page_size=7', 7, 14],
    ['page=6&page_size=10', 50, 60],
    ['page=4&page_size=25', 75, 100],
    ['page_size=5', 0, 5],
  ])('%s answers {count, page, page_size, results} with the right slice', async (query, from, to) => {
    const res = await t.get(`/api/common/products/?${query}`);
    expect(res.status).toBe(200);
    const body = res.body as { count: number; page: number; page_size: number; results: ApiProduct[] };
    expect(Object.keys(body).sort()).toEqual(['count', 'page', 'page_size', 'results']);
    const params = new URLSearchParams(query);
    expect(body.count).toBe(60);
    expect(body.page).toBe(Number(params.get('page') ?? 1));
    expect(body.page_size).toBe(Number(params.get('page_size')));
    expect(ids(body.results)).toEqual(ids(all.slice(from, to)));
  });

  test('page alone uses the default page size of 50', async () => {
    const res = await t.get('/api/common/products/?page=2');
    const body = res.body as { count: number; page_size: number; results: ApiProduct[] };
    expect(body.page_size).toBe(50);
    expect(ids(body.results)).toEqual(ids(all.slice(50, 100)));
  });

  test('paging respects a filter and counts only its matches', async () => {
    const inCategory = all.filter((p) => p.category === 2);
    const res = await t.get('/api/common/products/?category=2&page=2&page_size=2');
    const body = res.body as { count: number; results: ApiProduct[] };
    expect(body.count).toBe(inCategory.length);
    expect(ids(body.results)).toEqual(ids(inCategory.slice(2, 4)));
  });

  test('a paged product equals the same product unpaged', async () => {
    const res = await t.get('/api/common/products/?page=3&page_size=3');
    expect((res.body as { results: ApiProduct[] }).results).toEqual(all.slice(6, 9));
  });
});

describe('product ids', () => {
  test('every product of the list, in its order, and how many', async () => {
    const res = await t.get('/api/common/product_ids/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: all.length, ids: ids(all) });
  });

  test('the filters of the list narrow them alike', async () => {
    const inCategory = all.filter((p) => p.category === 2);
    expect(inCategory.length).toBeGreaterThan(0);
    const res = await t.get('/api/common/product_ids/?category_id=2');
    expect(res.body).toEqual({ count: inCategory.length, ids: ids(inCategory) });
  });

  test.each(['category=abc', 'category=1&category_id=2'])('%s → 400', async (query) => {
    const res = await t.get(`/api/common/product_ids/?${query}`);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message.length).toBeGreaterThan(0);
  });
});

describe('bad product queries', () => {
  test.each<[string, string]>([
    ['category=abc', 'category'],
    ['category_id=1.5', 'category_id'],
    ['sub_category=-3', 'sub_category'],
    ['subcategory_id=0', 'subcategory_id'],
    ['page_size=1000', 'page_size'],
    ['page_size=0', 'page_size'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['category=1&category_id=2', 'category_id'],
  ])('%s → 400 naming %s', async (query, field) => {
    const res = await t.get(`/api/common/products/?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = res.body as { message: string; errors: Record<string, string[]> };
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.errors[field]?.length).toBeGreaterThan(0);
  });
});

describe('one product', () => {
  test.each(['/api/common/products/1/', '/api/common/products/1'])(
    '%s answers the product with its variants',
    async (path) => {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(all[0]);
    },
  );

  test('the last product too', async () => {
    const res = await t.get('/api/common/products/60/');
    expect((res.body as ApiProduct).id).toBe(60);
    expect(res.body).toEqual(all[59]);
  });

  test.each(['999999', '61', 'abc', '0', '-1', '1.5', '99999999999999999999'])(
    '/api/common/products/%s/ → 404 JSON',
    async (id) => {
      const res = await t.get(`/api/common/products/${id}/`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(typeof (res.body as { message: unknown }).message).toBe('string');
    },
  );
});

describe('featured products', () => {
  test('are exactly the products flagged big deal or popular, each with a boolean big_deal', async () => {
    const res = await t.get('/api/common/featured_products/');
    expect(res.status).toBe(200);
    const list = res.body as ApiProduct[];
    const flagged = await t.db
      .selectFrom('products')
      .select(['id', 'big_deal', 'popular'])
      .where((eb) => eb.or([eb('big_deal', '=', 1), eb('popular', '=', 1)]))
      .orderBy('id')
      .execute();
    expect(ids(list)).toEqual(flagged.map((r) => r.id));
    for (const p of list) {
      expect(typeof p.big_deal).toBe('boolean');
      expect(p.big_deal).toBe(flagged.find((r) => r.id === p.id)!.big_deal === 1);
      expect(Object.keys(p).sort()).toEqual(PRODUCT_FIELDS);
    }
  });

  test('hold both big deals and popular products that are not big deals', async () => {
    // The generator flags about 8% big deals and 10% popular: a full-size catalogue is sure to have both.
    const big = await makeTestApp(320);
    try {
      const list = (await big.get('/api/common/featured_products/')).body as ApiProduct[];
      expect(list.some((p) => p.big_deal)).toBe(true);
      expect(list.some((p) => !p.big_deal)).toBe(true);
      expect(list.length).toBeLessThan(320);
    } finally {
      await big.close();
    }
  });

  test('a 60-product catalogue has at least one big deal', async () => {
    const list = (await t.get('/api/common/featured_products/')).body as ApiProduct[];
    expect(list.some((p) => p.big_deal)).toBe(true);
  });

  test('big_deal in the featured list matches the product list', async () => {
    const list = (await t.get('/api/common/featured_products/')).body as ApiProduct[];
    for (const p of list) expect(p).toEqual(all.find((q) => q.id === p.id));
  });
});
