import { beforeAll, describe, expect, test } from 'vitest';
import { BrowsePageSchema, type BrowsePage } from '../../contract/api/browse';
import { appPerFile, makeTestApp, newUser } from './helpers';

/**
 * GET /api/common/browse over a category of its own: twelve products whose prices, brands,
 * variants, stock and reviews the file sets, so every filter, count and sort is checked against a
 * brute-force reading of the same facts.
 */
const t = appPerFile(() => makeTestApp(20));

interface Spec {
  name: string;
  brand: string | null;
  /** Variants: [mrp, selling price] in rupees, size, colour, unit, unit value, on hand. */
  variants: {
    mrp: number;
    price: number;
    size?: string;
    color?: string;
    unit?: string;
    value?: number;
    stock: number;
  }[];
  ratings: number[];
  sub: 0 | 1;
  hidden?: boolean;
}

const SPECS: Spec[] = [
  {
    name: 'Steel tumbler',
    brand: 'Amul',
    sub: 0,
    ratings: [5, 4],
    variants: [{ mrp: 100, price: 90, unit: 'piece', value: 1, size: 'M', color: 'Silver', stock: 5 }],
  },
  {
    name: 'Brass lota',
    brand: 'Tata',
    sub: 0,
    ratings: [3],
    variants: [{ mrp: 400, price: 200, size: 'L', color: 'Gold', unit: 'piece', value: 1, stock: 0 }],
  },
  {
    name: 'Basmati rice',
    brand: 'Tata',
    sub: 1,
    ratings: [],
    variants: [
      { mrp: 120, price: 120, unit: 'kg', value: 1, stock: 3 },
      { mrp: 550, price: 500, unit: 'kg', value: 5, stock: 0 },
    ],
  },
  {
    name: 'Atta "chakki" NEAR fresh',
    brand: 'Aashirvaad',
    sub: 1,
    ratings: [4, 4, 5],
    variants: [{ mrp: 300, price: 240, unit: 'kg', value: 5, stock: 0 }],
  },
  {
    name: 'Copper bottle',
    brand: null,
    sub: 0,
    ratings: [2],
    variants: [{ mrp: 1000, price: 700, color: 'Copper', unit: 'piece', value: 1, stock: 1 }],
  },
  {
    name: 'Cotton towel',
    brand: 'Bombay Dyeing',
    sub: 0,
    ratings: [5],
    variants: [
      { mrp: 500, price: 450, size: 'M', color: 'Navy', unit: 'piece', value: 1, stock: 0 },
      { mrp: 500, price: 450, size: 'XL', color: 'White', unit: 'piece', value: 1, stock: 9 },
    ],
  },
  {
    name: 'Toor dal',
    brand: 'Tata',
    sub: 1,
    ratings: [4],
    variants: [{ mrp: 160, price: 150, unit: 'kg', value: 1, stock: 7 }],
  },
  {
    name: 'Kadai',
    brand: 'Prestige',
    sub: 0,
    ratings: [],
    variants: [{ mrp: 2000, price: 999, size: 'L', color: 'Black', unit: 'piece', value: 1, stock: 2 }],
  },
  {
    name: 'Hidden pan',
    brand: 'Prestige',
    sub: 0,
    ratings: [],
    hidden: true,
    variants: [{ mrp: 800, price: 400, unit: 'piece', value: 1, stock: 2 }],
  },
];

let categoryId = 0;
let hiddenCategoryId = 0;
const subIds: number[] = [];
const ids = new Map<string, number>();

async function browse(query: string) {
  return t.get(`/api/common/browse?${query}`);
}

async function page(query: string): Promise<BrowsePage> {
  const res = await browse(query);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return BrowsePageSchema.parse(res.body);
}

const names = (p: BrowsePage) => p.results.map((r) => r.name);
const facet = (p: BrowsePage, key: string) => p.facets.find((f) => f.key === key);

beforeAll(async () => {
  const db = t.db;
  const cat = await db
    .insertInto('categories')
    .values({ name: 'Browse test', position: 99, image: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  categoryId = cat.id;
  const hidden = await db
    .insertInto('categories')
    .values({ name: 'Browse hidden', position: 100, image: null, hidden_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  hiddenCategoryId = hidden.id;
  for (const name of ['Vessels', 'Grocery']) {
    const s = await db
      .insertInto('subcategories')
      .values({ category_id: categoryId, name, position: 1, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    subIds.push(s.id);
  }
  const shoppers = [await newUser(t), await newUser(t), await newUser(t)];
  let n = 0;
  for (const spec of SPECS) {
    n += 1;
    const p = await db
      .insertInto('products')
      .values({
        subcategory_id: subIds[spec.sub] ?? 0,
        name: spec.name,
        description: `Browse product ${n}`,
        weight_grams: 100,
        unit: spec.variants[0]?.unit ?? 'piece',
        length_cm: 1,
        width_cm: 1,
        height_cm: 1,
        big_deal: 0,
        popular: 0,
        brand: spec.brand,
        hidden_at: spec.hidden ? new Date().toISOString() : null,
        // One second apart: newest first is the reverse of this order.
        created_at: `2026-01-01 00:00:${String(n).padStart(2, '0')}`,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(spec.name, p.id);
    let position = 0;
    for (const v of spec.variants) {
      const row = await db
        .insertInto('variants')
        .values({
          product_id: p.id,
          position: position++,
          name: `${spec.name} ${position}`,
          color: v.color ?? null,
          size: v.size ?? null,
          sku: `BROWSE-${n}-${position}`,
          unit: v.unit ?? 'piece',
          unit_value: v.value ?? 1,
          price_paise: v.mrp * 100,
          final_price_paise: v.price * 100,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('stock_levels').values({ variant_id: row.id, on_hand: v.stock, reserved: 0 }).execute();
      if (position === 1) {
        for (const [i, rating] of spec.ratings.entries()) {
          await db
            .insertInto('ratings')
            .values({
              user_id: shoppers[i]?.id ?? 0,
              product_id: p.id,
              variant_id: row.id,
              rating,
              review: 'Fine.',
            } as never)
            .execute();
        }
      }
    }
  }
});

describe('a category', () => {
  test('lists its shown products, with the product shape of /products and every group of the panel', async () => {
    const p = await page(`category=${categoryId}`);
    expect(p.count).toBe(8);
    expect(names(p)).not.toContain('Hidden pan');
    expect(p.page).toBe(1);
    expect(p.page_size).toBe(50);
    expect(p.sort).toBe('relevance');
    expect(p.price_span).toEqual({ min: 90, max: 999 });
    expect(p.facets.map((f) => f.key)).toEqual([
      'price',
      'brand',
      'rating',
      'discount',
      'availability',
      'size',
      'colour',
      'pack',
    ]);
    expect(facet(p, 'brand')?.options.map((o) => [o.value, o.count])).toEqual([
      ['Aashirvaad', 1],
      ['Amul', 1],
      ['Bombay Dyeing', 1],
      ['Prestige', 1],
      ['Tata', 3],
    ]);
    expect(facet(p, 'pack')?.options.map((o) => o.value)).toEqual(['1 kg', '5 kg']);
    expect(facet(p, 'size')?.options.map((o) => o.value)).toEqual(['M', 'L', 'XL']);
    const product = await t.get(`/api/common/products/${ids.get('Kadai')}`);
    expect(p.results.find((r) => r.name === 'Kadai')).toEqual(product.body);
  });
});

/** What the file's products are, as the filters read them (the first variant's prices). */
function facts() {
  return SPECS.filter((s) => !s.hidden).map((s) => {
    const first = s.variants[0] ?? { mrp: 0, price: 0 };
    const avg = s.ratings.length ? s.ratings.reduce((a, b) => a + b, 0) / s.ratings.length : 0;
    return {
      name: s.name,
      price: first.price,
      brand: s.brand,
      discount: Math.floor(((first.mrp - first.price) * 100) / first.mrp),
      rating: avg,
      inStock: s.variants.some((v) => v.stock > 0),
      sizes: s.variants.flatMap((v) => (v.size ? [v.size] : [])),
      colours: s.variants.flatMap((v) => (v.color ? [v.color] : [])),
      packs: s.variants.flatMap((v) => (v.unit === 'kg' ? [`${v.value} kg`] : [])),
    };
  });
}
type Fact = ReturnType<typeof facts>[number];
interface Chosen {
  price?: [number | null, number | null];
  brand?: string[];
  rating?: number;
  discount?: number;
  instock?: boolean;
  size?: string[];
}
const GROUP_TESTS: Record<string, (f: Fact, c: Chosen) => boolean> = {
  price: (f, c) =>
    !c.price || ((c.price[0] === null || f.price >= c.price[0]) && (c.price[1] === null || f.price < c.price[1])),
  brand: (f, c) => !c.brand?.length || (f.brand !== null && c.brand.includes(f.brand)),
  rating: (f, c) => c.rating === undefined || f.rating >= c.rating,
  discount: (f, c) => c.discount === undefined || f.discount >= c.discount,
  availability: (f, c) => !c.instock || f.inStock,
  size: (f, c) => !c.size?.length || f.sizes.some((s) => c.size?.includes(s)),
};
function optionChosen(key: string, value: string): Chosen {
  switch (key) {
    case 'price': {
      const [a = '', b = ''] = value.split('-');
      return { price: [a ? Number(a) : null, b ? Number(b) : null] };
    }
    case 'brand':
      return { brand: [value] };
    case 'rating':
      return { rating: Number(value) };
    case 'discount':
      return { discount: Number(value) };
    case 'availability':
      return { instock: true };
    default:
      return { size: [value] };
  }
}
/** Brute force: the products matching every other group's choice and this option. */
function expectedCount(chosen: Chosen, key: string, value: string): number {
  const withOption = { ...chosen, ...optionChosen(key, value) };
  return facts().filter((f) => Object.values(GROUP_TESTS).every((ok) => ok(f, withOption))).length;
}

describe('filters', () => {
  test('one brand, several brands (any), and different filters together (all)', async () => {
    expect(names(await page(`category=${categoryId}&brand=Tata&sort=price_asc`))).toEqual([
      'Basmati rice',
      'Toor dal',
      'Brass lota',
    ]);
    expect(names(await page(`category=${categoryId}&brand=Tata&brand=Amul&instock=1&sort=price_asc`))).toEqual([
      'Steel tumbler',
      'Basmati rice',
      'Toor dal',
    ]);
  });

  test.each([
    ['price=100-250', ['Basmati rice', 'Toor dal', 'Brass lota', 'Atta "chakki" NEAR fresh']],
    ['price=500-', ['Copper bottle', 'Kadai']],
    ['price=-100', ['Steel tumbler']],
    ['price_min=400&price_max=800', ['Cotton towel', 'Copper bottle']],
    ['rating=4', ['Toor dal', 'Atta "chakki" NEAR fresh', 'Steel tumbler', 'Cotton towel']],
    ['rating=3', ['Brass lota', 'Toor dal', 'Atta "chakki" NEAR fresh', 'Steel tumbler', 'Cotton towel']],
    ['discount=25', ['Brass lota', 'Copper bottle', 'Kadai']],
    ['discount=50', ['Brass lota', 'Kadai']],
    [
      'discount=10',
      ['Brass lota', 'Steel tumbler', 'Atta "chakki" NEAR fresh', 'Cotton towel', 'Copper bottle', 'Kadai'],
    ],
    ['instock=1', ['Steel tumbler', 'Basmati rice', 'Toor dal', 'Cotton towel', 'Copper bottle', 'Kadai']],
    ['size=L', ['Brass lota', 'Kadai']],
    ['size=M&size=XL', ['Steel tumbler', 'Cotton towel']],
    ['colour=White', ['Cotton towel']],
    ['pack=5%20kg', ['Basmati rice', 'Atta "chakki" NEAR fresh']],
    ['pack=1%20kg&instock=1', ['Basmati rice', 'Toor dal']],
  ])('%s', async (query, expected) => {
    const p = await page(`category=${categoryId}&${query}&sort=price_asc`);
    const byPrice = facts()
      .filter((f) => expected.includes(f.name))
      .sort((a, b) => a.price - b.price)
      .map((f) => f.name);
    expect(names(p)).toEqual(byPrice);
    expect(p.count).toBe(expected.length);
  });

  test('a discount of 50.05 % counts as 50, one of 6.25 % as 6 (rounded down)', async () => {
    expect(names(await page(`category=${categoryId}&discount=50&sort=price_asc`))).toEqual(['Brass lota', 'Kadai']);
  });

  test('a subcategory lists its own products only', async () => {
    expect(names(await page(`sub_category=${subIds[1]}&sort=price_asc`))).toEqual([
      'Basmati rice',
      'Toor dal',
      'Atta "chakki" NEAR fresh',
    ]);
  });

  test('stock is read afresh: a product sold out leaves the in-stock list at once', async () => {
    const before = await page(`category=${categoryId}&instock=1`);
    expect(names(before)).toContain('Kadai');
    const variant = await t.db
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', ids.get('Kadai') ?? 0)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('stock_levels').set({ on_hand: 0 }).where('variant_id', '=', variant.id).execute();
    const after = await page(`category=${categoryId}&instock=1`);
    expect(names(after)).not.toContain('Kadai');
    expect(after.count).toBe(before.count - 1);
    await t.db.updateTable('stock_levels').set({ on_hand: 2 }).where('variant_id', '=', variant.id).execute();
    // Back in stock: listed again at once.
    expect(names(await page(`category=${categoryId}&instock=1`))).toContain('Kadai');
    // Its last pieces held by unpaid orders: not buyable now, so not listed; let go, listed again.
    await t.db.updateTable('stock_levels').set({ reserved: 2 }).where('variant_id', '=', variant.id).execute();
    expect(names(await page(`category=${categoryId}&instock=1`))).not.toContain('Kadai');
    await t.db.updateTable('stock_levels').set({ reserved: 0 }).where('variant_id', '=', variant.id).execute();
    expect(names(await page(`category=${categoryId}&instock=1`))).toContain('Kadai');
  });

  test('a piece sold that leaves others to buy moves nothing: the stock set is kept', async () => {
    const variant = await t.db
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', ids.get('Kadai') ?? 0)
      .executeTakeFirstOrThrow();
    const flips = async () => Number((await t.db.selectFrom('stock_flips').select('n').executeTakeFirstOrThrow()).n);
    const before = await flips();
    await t.db.updateTable('stock_levels').set({ reserved: 1 }).where('variant_id', '=', variant.id).execute();
    expect(await flips()).toBe(before);
    await t.db.updateTable('stock_levels').set({ reserved: 2 }).where('variant_id', '=', variant.id).execute();
    expect(await flips()).toBe(before + 1);
    await t.db.updateTable('stock_levels').set({ reserved: 0 }).where('variant_id', '=', variant.id).execute();
    expect(await flips()).toBe(before + 2);
  });
});

describe('the panel', () => {
  test.each<[string, Chosen]>([
    ['', {}],
    ['brand=Tata', { brand: ['Tata'] }],
    ['brand=Tata&brand=Amul&instock=1', { brand: ['Tata', 'Amul'], instock: true }],
    ['price=100-250&rating=4', { price: [100, 250], rating: 4 }],
    ['discount=10&size=M', { discount: 10, size: ['M'] }],
    ['rating=3&discount=25&instock=1&brand=Prestige', { rating: 3, discount: 25, instock: true, brand: ['Prestige'] }],
  ])('counts are disjunctive, checked by brute force: %s', async (query, chosen) => {
    const p = await page(`category=${categoryId}&${query}`);
    for (const group of p.facets.filter((f) => f.key in GROUP_TESTS)) {
      for (const option of group.options) {
        expect(option.count, `${group.key}=${option.value}`).toBe(expectedCount(chosen, group.key, option.value));
      }
    }
    expect(p.count).toBe(facts().filter((f) => Object.values(GROUP_TESTS).every((ok) => ok(f, chosen))).length);
  });

  test('price buckets fit the list, options are labelled, and selected ones are marked', async () => {
    const p = await page(`category=${categoryId}&price=100-250&rating=4`);
    expect(facet(p, 'price')?.options.map((o) => [o.value, o.label, o.selected])).toEqual([
      ['-100', 'Under ₹100', false],
      ['100-250', '₹100 – ₹250', true],
      ['250-500', '₹250 – ₹500', false],
      ['500-', '₹500 & above', false],
    ]);
    expect(facet(p, 'rating')?.options.map((o) => [o.value, o.label, o.selected])).toEqual([
      ['4', '4★ & up', true],
      ['3', '3★ & up', false],
    ]);
    expect(facet(p, 'availability')?.options).toEqual([
      { value: '1', label: 'In stock only', count: expect.any(Number), selected: false },
    ]);
  });

  test('an option that would leave nothing is listed with count 0', async () => {
    const p = await page(`category=${categoryId}&rating=4`);
    expect(facet(p, 'discount')?.options.find((o) => o.value === '50')).toMatchObject({ count: 0, selected: false });
  });

  test('a selected value the list does not have stays listed, selected, with count 0', async () => {
    const p = await page(`category=${categoryId}&brand=Nirma&price=1000-2000`);
    expect(p.count).toBe(0);
    expect(facet(p, 'brand')?.options.find((o) => o.value === 'Nirma')).toEqual({
      value: 'Nirma',
      label: 'Nirma',
      count: 0,
      selected: true,
    });
    expect(facet(p, 'price')?.options.find((o) => o.value === '1000-2000')).toMatchObject({ selected: true });
  });
});

describe('sorts', () => {
  test.each([
    [
      'relevance',
      [
        'Atta "chakki" NEAR fresh',
        'Steel tumbler',
        'Cotton towel',
        'Toor dal',
        'Brass lota',
        'Copper bottle',
        'Basmati rice',
        'Kadai',
      ],
    ],
    [
      'price_asc',
      [
        'Steel tumbler',
        'Basmati rice',
        'Toor dal',
        'Brass lota',
        'Atta "chakki" NEAR fresh',
        'Cotton towel',
        'Copper bottle',
        'Kadai',
      ],
    ],
    [
      'price_desc',
      [
        'Kadai',
        'Copper bottle',
        'Cotton towel',
        'Atta "chakki" NEAR fresh',
        'Brass lota',
        'Toor dal',
        'Basmati rice',
        'Steel tumbler',
      ],
    ],
    [
      'newest',
      [
        'Kadai',
        'Toor dal',
        'Cotton towel',
        'Copper bottle',
        'Atta "chakki" NEAR fresh',
        'Basmati rice',
        'Brass lota',
        'Steel tumbler',
      ],
    ],
    [
      'rating',
      [
        'Cotton towel',
        'Steel tumbler',
        'Atta "chakki" NEAR fresh',
        'Toor dal',
        'Brass lota',
        'Copper bottle',
        'Basmati rice',
        'Kadai',
      ],
    ],
    [
      'discount',
      [
        'Brass lota',
        'Kadai',
        'Copper bottle',
        'Atta "chakki" NEAR fresh',
        'Steel tumbler',
        'Cotton towel',
        'Toor dal',
        'Basmati rice',
      ],
    ],
  ])('%s', async (sort, expected) => {
    const p = await page(`category=${categoryId}&sort=${sort}`);
    expect(p.sort).toBe(sort);
    expect(names(p)).toEqual(expected);
  });

  test('pages: the count is of all pages, page 2 follows page 1', async () => {
    const p = await page(`category=${categoryId}&sort=price_asc&page_size=3&page=2`);
    expect(p.count).toBe(8);
    expect(p.page).toBe(2);
    expect(p.page_size).toBe(3);
    expect(names(p)).toEqual(['Brass lota', 'Atta "chakki" NEAR fresh', 'Cotton towel']);
    expect((await page(`category=${categoryId}&page_size=3&page=4`)).results).toEqual([]);
  });
});

describe('search', () => {
  test('search with filters, and query syntax searched for literally', async () => {
    expect(names(await page('search=chakki'))).toEqual(['Atta "chakki" NEAR fresh']);
    expect((await page('q=chakki&instock=1')).count).toBe(0);
    for (const text of [
      '"chakki"',
      'chakki*',
      '-chakki',
      'chakki:',
      'NEAR(chakki',
      'chakki NEAR fresh',
      'chakki OR zzz',
    ]) {
      const res = await browse(`search=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
    }
    expect(names(await page(`search=${encodeURIComponent('"chakki" NEAR')}`))).toContain('Atta "chakki" NEAR fresh');
  });
});

describe('bad input', () => {
  test.each([
    ['', 'category'],
    [`category=${1}&search=x`, 'category'],
    ['category=abc', 'category'],
    ['sub_category=0', 'sub_category'],
    ['CATEGORY&price=abc', 'price'],
    ['CATEGORY&price=500-100', 'price'],
    ['CATEGORY&price=-', 'price'],
    ['CATEGORY&price_min=x', 'price_min'],
    ['CATEGORY&sort=drop%20table', 'sort'],
    ['CATEGORY&rating=5', 'rating'],
    ['CATEGORY&discount=15', 'discount'],
    ['CATEGORY&instock=yes', 'instock'],
    ['CATEGORY&page=0', 'page'],
    ['CATEGORY&page=1001', 'page'],
    ['CATEGORY&page_size=101', 'page_size'],
    ['CATEGORY&sort=price_asc&sort=newest', 'sort'],
    [`search=${'a'.repeat(201)}`, 'search'],
    ['search=%E2%80%AEevil', 'search'],
    ['q=ab%00c', 'q'],
    ['search=%20%20', 'search'],
    [`CATEGORY&brand=${'b'.repeat(81)}`, 'brand'],
  ])('%s → 400 naming %s', async (query, param) => {
    const res = await browse(query.replace('CATEGORY', `category=${categoryId}`));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const body = res.body as { message: string; errors?: Record<string, string[]> };
    expect(body.message).toContain(param);
    expect(Object.keys(body.errors ?? {})).toEqual([param]);
  });

  test('an unknown or hidden category or subcategory is a 404', async () => {
    for (const query of ['category=999999', `category=${hiddenCategoryId}`, 'sub_category=999999']) {
      const res = await browse(query);
      expect(res.status, query).toBe(404);
      expect((res.body as { message: string }).message).toMatch(/not found/);
    }
  });

  test('unknown parameter names are ignored', async () => {
    const plain = await page(`category=${categoryId}`);
    const extra = await page(`category=${categoryId}&utm_source=mail&foo=bar`);
    expect(extra).toEqual(plain);
  });
});
