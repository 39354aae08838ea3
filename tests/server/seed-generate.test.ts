import { describe, expect, it, test } from 'vitest';
import {
  DEFAULT_PRODUCT_COUNT,
  ILLUSTRATION_KINDS,
  generateCatalogue,
  type SeedProduct,
  type SeedVariant,
} from '../../server/demo/generate.js';

const catalogue = generateCatalogue({ products: 5000 });
const variants = catalogue.products.flatMap((p) => p.variants);

/** Grams or millilitres, so packs of one product compare on one scale. */
function baseAmount(v: SeedVariant): number {
  return v.unit === 'kg' || v.unit === 'l' ? v.unitValue * 1000 : v.unitValue;
}

function rupees(paise: number): number {
  return paise / 100;
}

describe('generateCatalogue: determinism', () => {
  it('returns the same catalogue for the same options', () => {
    expect(generateCatalogue({ products: 400, seed: 7 })).toEqual(generateCatalogue({ products: 400, seed: 7 }));
  });

  it('returns a different catalogue for a different seed', () => {
    const a = JSON.stringify(generateCatalogue({ products: 400, seed: 7 }).products);
    const b = JSON.stringify(generateCatalogue({ products: 400, seed: 8 }).products);
    expect(a).not.toBe(b);
  });

  it('uses seed 1 when none is given', () => {
    expect(generateCatalogue({ products: 50 })).toEqual(generateCatalogue({ products: 50, seed: 1 }));
  });

  it('makes a smaller catalogue a prefix of a larger one, so keys stay stable', () => {
    const small = generateCatalogue({ products: DEFAULT_PRODUCT_COUNT, seed: 3 });
    const large = generateCatalogue({ products: 2000, seed: 3 });
    expect(large.products.slice(0, DEFAULT_PRODUCT_COUNT)).toEqual(small.products);
  });
});

describe('generateCatalogue: size', () => {
  test.each([1, 320, 5000])('returns exactly %i products', (n) => {
    expect(generateCatalogue({ products: n }).products).toHaveLength(n);
  });

  test.each([0, -5, 100_001, Number.NaN])('rejects %s products', (n) => {
    expect(() => generateCatalogue({ products: n })).toThrow(RangeError);
  });

  it('defaults to 320 products', () => {
    expect(DEFAULT_PRODUCT_COUNT).toBe(320);
  });

  it('builds 100,000 products with unique keys and SKUs in well under 10 s', () => {
    // The limit is generous on purpose: generation takes about a second; 10 s is the contract.
    const started = performance.now();
    const huge = generateCatalogue({ products: 100_000 });
    const elapsed = performance.now() - started;
    expect(huge.products).toHaveLength(100_000);
    expect(new Set(huge.products.map((p) => p.key)).size).toBe(100_000);
    const skus = huge.products.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    expect(elapsed).toBeLessThan(10_000);
  });
});

describe('generateCatalogue: categories and subcategories', () => {
  const { categories, subcategories } = catalogue;

  it('has at least 14 categories and 45 subcategories', () => {
    expect(categories.length).toBeGreaterThanOrEqual(14);
    expect(subcategories.length).toBeGreaterThanOrEqual(45);
  });

  test.each(['Milks & Dairies', 'Clothing', 'Pet Foods', 'Baking material', 'Fresh Fruit'])(
    'has a category named exactly %s',
    (name) => {
      expect(categories.map((c) => c.name)).toContain(name);
    },
  );

  it('gives every category at least two subcategories', () => {
    for (const c of categories) {
      expect(subcategories.filter((s) => s.categoryKey === c.key).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('uses unique keys and links every subcategory to a category', () => {
    const categoryKeys = new Set(categories.map((c) => c.key));
    expect(categoryKeys.size).toBe(categories.length);
    expect(new Set(subcategories.map((s) => s.key)).size).toBe(subcategories.length);
    for (const s of subcategories) expect(categoryKeys.has(s.categoryKey)).toBe(true);
  });

  it('gives every tile a drawable kind and a hex background', () => {
    for (const t of [...categories, ...subcategories]) {
      expect(ILLUSTRATION_KINDS).toContain(t.kind);
      expect(t.background).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('has 4 to 6 banners with a title and a two-colour palette', () => {
    expect(catalogue.banners.length).toBeGreaterThanOrEqual(4);
    expect(catalogue.banners.length).toBeLessThanOrEqual(6);
    for (const b of catalogue.banners) {
      expect(b.title.length).toBeGreaterThan(0);
      expect(b.palette).toHaveLength(2);
      expect(ILLUSTRATION_KINDS).toContain(b.kind);
    }
  });
});

describe('generateCatalogue: products', () => {
  const { products, subcategories } = catalogue;

  it('uses unique product keys, product names and SKUs', () => {
    expect(new Set(products.map((p) => p.key)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
  });

  it('links every product to an existing subcategory', () => {
    const keys = new Set(subcategories.map((s) => s.key));
    expect(products.filter((p) => !keys.has(p.subcategoryKey))).toEqual([]);
  });

  it('stocks every subcategory once there are enough products', () => {
    expect(new Set(products.map((p) => p.subcategoryKey)).size).toBe(subcategories.length);
  });

  it('gives every product 1 to 6 variants and 0 to 6 reviews', () => {
    const counts = new Set(products.map((p) => p.variants.length));
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(6);
    expect(Math.max(...products.map((p) => p.reviews.length))).toBeLessThanOrEqual(6);
  });

  // Loops collect offenders and assert once: a failure names the bad rows, and 10,000 variants
  // do not cost 10,000 assertions.
  it('prices every variant in whole rupees between ₹20 and ₹25,000, at most 60% off', () => {
    const bad = variants.filter(
      (v) =>
        !Number.isInteger(v.pricePaise) ||
        !Number.isInteger(v.finalPricePaise) ||
        v.pricePaise % 100 !== 0 ||
        v.finalPricePaise % 100 !== 0 ||
        v.pricePaise < 2000 ||
        v.pricePaise > 2_500_000 ||
        v.finalPricePaise > v.pricePaise ||
        v.finalPricePaise < 2000 ||
        v.finalPricePaise < Math.floor(v.pricePaise * 0.4),
    );
    expect(bad).toEqual([]);
  });

  it('spans cheap everyday items and a few premium ones', () => {
    const prices = variants.map((v) => rupees(v.pricePaise));
    expect(Math.min(...prices)).toBeLessThanOrEqual(30);
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(15_000);
  });

  it('follows the unit rules: piece and pair have a colour, weights and volumes no size', () => {
    const bad = products.filter((p) => {
      const counted = p.unit === 'piece' || p.unit === 'pair';
      return p.variants.some((v) => {
        if (!/^#[0-9a-f]{6}$/i.test(v.colorHex ?? '')) return true;
        if (v.unit === 'piece' || v.unit === 'pair') {
          return !counted || v.unit !== p.unit || !v.color || v.unitValue !== 1;
        }
        return counted || v.size !== null || v.color !== null || !(v.unitValue > 0);
      });
    });
    expect(bad).toEqual([]);
  });

  it('gives each variant of a product a distinct name', () => {
    const bad = products.filter((p) => new Set(p.variants.map((v) => v.name)).size !== p.variants.length);
    expect(bad).toEqual([]);
  });

  it('charges more for bigger packs but less per gram', () => {
    const bad = products.filter((p) => {
      if (p.unit === 'piece' || p.unit === 'pair') return false;
      const sorted = [...p.variants].sort((a, b) => baseAmount(a) - baseAmount(b));
      return sorted.some((v, i) => {
        // The smallest pack has none before it to compare with.
        const prev = sorted[i - 1];
        if (!prev) return false;
        const perUnit = v.pricePaise / baseAmount(v);
        return v.pricePaise <= prev.pricePaise || perUnit > (prev.pricePaise / baseAmount(prev)) * 1.02;
      });
    });
    expect(bad).toEqual([]);
  });

  it('writes descriptions of 2 to 4 sentences and plausible dimensions', () => {
    const bad = products.filter((p) => {
      const sentences = p.description.split(/(?<=[.!?])\s+/).length;
      return (
        sentences < 2 ||
        sentences > 4 ||
        /lorem|ipsum|\bundefined\b|\bNaN\b|\[object/i.test(p.description) ||
        !(p.weightGrams > 0) ||
        ![p.lengthCm, p.widthCm, p.heightCm].every((d) => d > 0) ||
        !ILLUSTRATION_KINDS.includes(p.kind)
      );
    });
    expect(bad).toEqual([]);
  });

  it('flags about 8% big deals and about 10% popular products', () => {
    const share = (f: (p: SeedProduct) => boolean): number => products.filter(f).length / products.length;
    expect(share((p) => p.bigDeal)).toBeGreaterThan(0.05);
    expect(share((p) => p.bigDeal)).toBeLessThan(0.11);
    expect(share((p) => p.popular)).toBeGreaterThan(0.07);
    expect(share((p) => p.popular)).toBeLessThan(0.13);
  });

  it('skews reviews towards 4 and 5 stars while keeping some low ones', () => {
    const reviews = products.flatMap((p) => p.reviews.map((r) => ({ ...r, variants: p.variants.length })));
    const bad = reviews.filter(
      (r) =>
        ![1, 2, 3, 4, 5].includes(r.rating) ||
        r.variantIndex < 0 ||
        r.variantIndex >= r.variants ||
        r.daysAgo <= 0 ||
        !r.text ||
        !r.firstName ||
        !r.lastName,
    );
    expect(bad).toEqual([]);
    const mean = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
    const low = reviews.filter((r) => r.rating <= 3).length / reviews.length;
    expect(mean).toBeGreaterThan(3.8);
    expect(mean).toBeLessThan(4.6);
    expect(low).toBeGreaterThan(0.1);
  });
});

describe('generateCatalogue: realistic prices', () => {
  const any = (): boolean => true;
  test.each([
    {
      item: 'Toned Milk, 500 ml',
      name: /Toned Milk$/,
      which: (v: SeedVariant) => v.name === '500 ml',
      min: 20,
      max: 50,
    },
    { item: 'a 5 L pressure cooker', name: /Pressure Cooker 5 L$/, which: any, min: 1500, max: 4500 },
    { item: 'a King bedsheet', name: /Bedsheet$/, which: (v: SeedVariant) => v.size === 'King', min: 900, max: 3500 },
    {
      item: 'whole wheat atta, 5 kg',
      name: /Chakki Atta$/,
      which: (v: SeedVariant) => v.name === '5 kg',
      min: 220,
      max: 420,
    },
    { item: 'a round neck T-shirt', name: /Round Neck Cotton T-Shirt$/, which: any, min: 380, max: 800 },
  ])('prices $item between ₹$min and ₹$max', ({ name, which, min, max }) => {
    const matches = catalogue.products.filter((p) => name.test(p.name)).flatMap((p) => p.variants.filter(which));
    expect(matches.length).toBeGreaterThan(0);
    for (const v of matches) {
      expect(rupees(v.pricePaise)).toBeGreaterThanOrEqual(min);
      expect(rupees(v.pricePaise)).toBeLessThanOrEqual(max);
    }
  });
});
