import { describe, expect, test } from 'vitest';
import type { SearchProduct, SearchVariant } from '../../../contract/types';
import {
  parseSearchQuery,
  sameSearchQuery,
  searchHref,
  sellingPrice,
  sortByPrice,
  type PriceOrder,
  type SearchQuery,
} from './search';

function result(id: number, price: number | null): SearchProduct {
  const variants: SearchVariant[] =
    price === null
      ? []
      : [
          {
            id: id * 10,
            name: '',
            color: null,
            size: null,
            sku: '',
            unit: 'g',
            unit_value: 1,
            price: price + 10,
            final_price: price,
            selling_price: price,
            discount_percent: 0,
            average_rating: 0,
            rating_count: 0,
            images: [],
            is_wishlisted: false,
          },
        ];
  return { id, title: `Product ${id}`, average_rating: 0, rating_count: 0, variants };
}

describe('searchHref', () => {
  test.each<[string, string | null]>([
    ['rice', '/searchproductlist?search=rice'],
    ['  rice  ', '/searchproductlist?search=rice'],
    ['basmati rice', '/searchproductlist?search=basmati%20rice'],
    ['milk & curd', '/searchproductlist?search=milk%20%26%20curd'],
    ['50% off?', '/searchproductlist?search=50%25%20off%3F'],
    ['a/b#c', '/searchproductlist?search=a%2Fb%23c'],
    ['दूध', '/searchproductlist?search=%E0%A4%A6%E0%A5%82%E0%A4%A7'],
    ['', null],
    ['   ', null],
    ['\t\n', null],
  ])('%j → %s', (text, expected) => {
    expect(searchHref(text)).toBe(expected);
  });
});

describe('sellingPrice', () => {
  test.each<[SearchProduct, number]>([
    [result(1, 250), 250],
    [result(2, null), 0],
  ])('product %# → %s', (p, expected) => {
    expect(sellingPrice(p)).toBe(expected);
  });
});

describe('sortByPrice', () => {
  // Ties at 100 (ids 2 and 4) and a product without variants (id 5, price 0).
  const products = [result(1, 300), result(2, 100), result(3, 500), result(4, 100), result(5, null)];

  test.each<[PriceOrder, number[]]>([
    ['relevance', [1, 2, 3, 4, 5]],
    ['asc', [5, 2, 4, 1, 3]],
    ['desc', [3, 1, 2, 4, 5]],
  ])('%s', (order, expected) => {
    expect(sortByPrice(products, order).map((p) => p.id)).toEqual(expected);
  });

  test.each<PriceOrder>(['asc', 'desc'])('%s keeps equal prices in API order (stable)', (order) => {
    const ties = [result(7, 50), result(3, 50), result(9, 50), result(1, 50)];
    expect(sortByPrice(ties, order).map((p) => p.id)).toEqual([7, 3, 9, 1]);
  });

  test.each<PriceOrder>(['asc', 'desc', 'relevance'])('%s does not mutate its input', (order) => {
    const input = [result(1, 300), result(2, 100), result(3, 500)];
    const before = input.map((p) => p.id);
    sortByPrice(input, order);
    expect(input.map((p) => p.id)).toEqual(before);
  });

  test('sorting gives a new array', () => {
    const input = [result(1, 300), result(2, 100)];
    expect(sortByPrice(input, 'asc')).not.toBe(input);
  });
});

describe('parseSearchQuery', () => {
  test.each<[string, SearchQuery]>([
    ['?search=milk', { kind: 'search', text: 'milk' }],
    ['?search=%20%20basmati%20rice%20', { kind: 'search', text: 'basmati rice' }],
    ['?q=ghee', { kind: 'search', text: 'ghee' }],
    ['?search=dal&sub_category=3', { kind: 'search', text: 'dal' }],
    ['?search=%20&sub_category=3', { kind: 'subcategory', id: 3 }],
    ['?id=7&sub_category=4', { kind: 'subcategory', id: 4 }],
    ['?id=7', { kind: 'subcategory', id: 7 }],
    ['?sub_category=0', { kind: 'none' }],
    ['?sub_category=-2', { kind: 'none' }],
    ['?sub_category=2.5', { kind: 'none' }],
    ['?sub_category=abc', { kind: 'none' }],
    ['', { kind: 'none' }],
  ])('%s → %o', (search, expected) => {
    expect(parseSearchQuery(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('sameSearchQuery', () => {
  test.each<[SearchQuery, SearchQuery, boolean]>([
    [{ kind: 'search', text: 'milk' }, { kind: 'search', text: 'milk' }, true],
    [{ kind: 'search', text: 'milk' }, { kind: 'search', text: 'Milk' }, false],
    [{ kind: 'subcategory', id: 2 }, { kind: 'subcategory', id: 2 }, true],
    [{ kind: 'subcategory', id: 2 }, { kind: 'subcategory', id: 3 }, false],
    [{ kind: 'none' }, { kind: 'none' }, true],
    [{ kind: 'none' }, { kind: 'search', text: 'milk' }, false],
    [{ kind: 'search', text: '2' }, { kind: 'subcategory', id: 2 }, false],
  ])('%o and %o → %s', (a, b, expected) => {
    expect(sameSearchQuery(a, b)).toBe(expected);
  });
});
