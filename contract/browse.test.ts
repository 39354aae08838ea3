import { describe, expect, test } from 'vitest';
import {
  browseQuery,
  DEFAULT_BROWSE,
  isFiltered,
  isNarrowed,
  parseBrowse,
  parsePriceRange,
  priceBuckets,
  priceRangeLabel,
  type BrowseState,
} from './browse';

const parse = (query: string) => parseBrowse(new URLSearchParams(query));

describe('the address of a narrowed list', () => {
  test('reads every filter and writes it back in one order', () => {
    const state = parse(
      'sort=price_asc&instock=1&brand=Tata&price=100-250&brand=Amul&rating=4&discount=25&size=M&colour=Navy&pack=1+kg&page=2',
    );
    expect(state).toEqual<BrowseState>({
      sort: 'price_asc',
      brand: ['Amul', 'Tata'],
      size: ['M'],
      colour: ['Navy'],
      pack: ['1 kg'],
      price: { min: 100, max: 250 },
      rating: 4,
      discount: 25,
      inStock: true,
      page: 2,
    });
    expect(browseQuery(state)).toBe(
      '?brand=Amul&brand=Tata&size=M&colour=Navy&pack=1+kg&price=100-250&rating=4&discount=25&instock=1&sort=price_asc&page=2',
    );
    expect(parse(browseQuery(state).slice(1))).toEqual(state);
  });

  test('the plain list has no query and is neither filtered nor narrowed', () => {
    expect(browseQuery(DEFAULT_BROWSE)).toBe('');
    expect(isFiltered(parse(''))).toBe(false);
    expect(isNarrowed(parse(''))).toBe(false);
    expect(isFiltered(parse('sort=newest'))).toBe(false);
    expect(isNarrowed(parse('sort=newest'))).toBe(true);
    expect(isFiltered(parse('instock=1'))).toBe(true);
  });

  test.each([
    ['sort=cheapest', { sort: 'relevance' }],
    ['rating=5', { rating: null }],
    ['discount=30', { discount: null }],
    ['instock=yes', { inStock: false }],
    ['page=0', { page: 1 }],
    ['page=1.5', { page: 1 }],
    ['page=1001', { page: 1 }],
    ['price=250-100', { price: null }],
    ['price=abc', { price: null }],
    ['price=-', { price: null }],
    ['brand=&brand=%20', { brand: [] }],
    [`brand=${'x'.repeat(81)}`, { brand: [] }],
    ['brand=Amul&brand=Amul', { brand: ['Amul'] }],
  ])('a value it cannot read is dropped: %s', (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });

  test.each([
    ['100-250', { min: 100, max: 250 }],
    ['500-', { min: 500, max: null }],
    ['-100', { min: null, max: 100 }],
    ['0-100', { min: null, max: 100 }],
    [' 10 - 20 ', { min: 10, max: 20 }],
    ['10-10', null],
    ['1e3-2000', null],
  ])('price %s', (text, range) => {
    expect(parsePriceRange(text)).toEqual(range);
  });

  test("the form's two boxes are one range", () => {
    expect(parse('price_min=200&price_max=').price).toEqual({ min: 200, max: null });
    expect(parse('price_min=&price_max=').price).toBeNull();
    expect(parse('price=100-250&price_min=1').price).toEqual({ min: 100, max: 250 });
  });
});

describe('price buckets', () => {
  test.each([
    [20, 400, ['Under ₹50', '₹50 – ₹100', '₹100 – ₹250', '₹250 & above']],
    [120, 2999, ['Under ₹250', '₹250 – ₹500', '₹500 – ₹1,000', '₹1,000 – ₹2,500', '₹2,500 & above']],
    [5, 200_000, ['Under ₹50', '₹50 – ₹500', '₹500 – ₹10,000', '₹10,000 – ₹1,00,000', '₹1,00,000 & above']],
    [99, 99, []],
    [60, 90, []],
  ])('from ₹%s to ₹%s', (lowest, highest, labels) => {
    const buckets = priceBuckets(lowest, highest);
    expect(buckets.map(priceRangeLabel)).toEqual(labels);
    expect(buckets.length).toBeLessThanOrEqual(5);
  });
});
