import { describe, expect, test } from 'vitest';
import { appPerFile, makeTestApp } from './helpers';

/** The header search box's suggestions against the demo catalogue (320 products, seeded: the names are always there). */
const t = appPerFile(() => makeTestApp(320));

interface Suggestions {
  query: string;
  products: { id: number; name: string; image: string | null; selling_price: number; link: string }[];
  categories: { id: number; name: string; kind: string; parent: string | null; link: string }[];
  did_you_mean: string | null;
  popular_categories: { id: number; name: string; link: string }[];
}

async function suggest(q: string) {
  const res = await t.get(`/api/common/search_suggestions?q=${encodeURIComponent(q)}`);
  expect(res.status, `status of "${q}"`).toBe(200);
  return { res, body: res.body as Suggestions };
}

describe('search suggestions', () => {
  test('a prefix suggests products with picture, price and link, best first as search ranks them', async () => {
    const { body } = await suggest('tur');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    expect(body.products.slice(0, 3).some((p) => /Turmeric/.test(p.name))).toBe(true);
    const search = (await t.get('/api/common/products_search/?search=tur')).body as {
      id: number;
      variants: { final_price: number }[];
    }[];
    expect(body.products.map((p) => p.id)).toEqual(search.slice(0, 6).map((p) => p.id));
    for (const p of body.products) {
      const found = search.find((s) => s.id === p.id);
      expect(p.selling_price).toBe(found?.variants[0]?.final_price);
      expect(p.link).toBe(`/product-details/${p.id}`);
      expect(p.image).toMatch(/^\/media\//);
    }
    expect(body.did_you_mean).toBeNull();
    expect(body.popular_categories).toEqual([]);
  });

  test('categories and subcategories whose name has a word starting with the text', async () => {
    const categories = (await t.get('/api/common/product_categories/')).body as { id: number; name: string }[];
    const subcategories = (await t.get('/api/common/subcategories/')).body as {
      id: number;
      name: string;
      category: number;
    }[];
    const sub = subcategories.find((s) => s.name.split(/\W+/).some((w) => w.length >= 5));
    expect(sub, 'a subcategory with a long word').toBeDefined();
    const word = sub!.name.split(/\W+/).find((w) => w.length >= 5)!;
    const prefix = word.slice(0, 4);
    const { body } = await suggest(prefix);
    const starts = (name: string) =>
      name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .some((w) => w.startsWith(prefix.toLowerCase()));
    const expected = [
      ...categories.filter((c) => starts(c.name)).map((c) => `category:${c.id}`),
      ...subcategories.filter((s) => starts(s.name)).map((s) => `subcategory:${s.id}`),
    ].slice(0, 4);
    expect(body.categories.map((c) => `${c.kind}:${c.id}`)).toEqual(expected);
    const link = body.categories.find((c) => c.kind === 'subcategory' && c.id === sub!.id)?.link;
    if (expected.includes(`subcategory:${sub!.id}`))
      expect(link).toBe(`/subcategories/${sub!.category}?sub_category=${sub!.id}`);
  });

  test.each([
    ['tumeric', /Turmeric/],
    ['haldi', /Turmeric/],
    ['HALDI ', /Turmeric/],
  ])('"%s" suggests %s first (typo and synonym)', async (q, name) => {
    const { body } = await suggest(q);
    expect(body.products[0]?.name).toMatch(name);
  });

  test('no product: a corrected search that finds some, and categories to browse', async () => {
    const { body } = await suggest('tumeric qzxwv');
    expect(body.products).toEqual([]);
    expect(body.did_you_mean).toBe('turmeric');
    expect(body.popular_categories.length).toBeGreaterThan(0);
    const fixed = await suggest(body.did_you_mean!);
    expect(fixed.body.products[0]?.name).toMatch(/Turmeric/);
    const nothing = await suggest('qzxwv');
    expect(nothing.body.did_you_mean).toBeNull();
    expect(nothing.body.popular_categories.length).toBeGreaterThan(0);
  });

  test('at most 6 products and 4 categories', async () => {
    const { body } = await suggest('ma');
    expect(body.products).toHaveLength(6);
    expect(body.categories.length).toBeLessThanOrEqual(4);
  });

  test.each([
    ['', 'Type at least 2 characters.'],
    ['t', 'Type at least 2 characters.'],
    ['  t  ', 'Type at least 2 characters.'],
    ['x'.repeat(101), 'At most 100 characters.'],
    ['tur\u0000', 'Contains characters that are not allowed.'],
  ])('bad input %j: 400 with a message', async (q, message) => {
    const res = await t.get(`/api/common/search_suggestions?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  test('without q: 400', async () => {
    const res = await t.get('/api/common/search_suggestions');
    expect(res.status).toBe(400);
  });

  test('answers are cached by the words: the same text answers 304 to its etag, whatever its case', async () => {
    const first = await suggest('Turm');
    const etag = first.res.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.get('/api/common/search_suggestions?q=turm%20', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const other = await t.get('/api/common/search_suggestions?q=haldi', { headers: { 'if-none-match': etag! } });
    expect(other.status).toBe(200);
  });
});
