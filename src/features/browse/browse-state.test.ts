import { describe, expect, test } from 'vitest';
import { DEFAULT_BROWSE, type BrowseState, type FacetKey } from '../../../contract/browse';
import { applyLabel, clearFilters, readBrowseAddress, toggleOption } from './browse-state';

const plain: BrowseState = { ...DEFAULT_BROWSE, brand: [], size: [], colour: [], pack: [] };

describe('readBrowseAddress', () => {
  test.each<[string, string, boolean]>([
    ['the plain list', '', false],
    ["the list's own keys ignored", '?search=atta&sub_category=4', false],
    [
      'a full, readable address',
      '?brand=Amul&brand=Tata&price=100-250&rating=4&discount=25&instock=1&sort=price_asc&page=2',
      false,
    ],
    ["the form's empty boxes", '?price_min=&price_max=&sort=relevance', false],
    ["the form's two boxes", '?price_min=100&price_max=300', false],
    ['an open lower box', '?price_min=0&price_max=300', false],
    ['a price that is not a range', '?price=abc', true],
    ['a sort that is not one', '?sort=drop%20table', true],
    ['a rating step that is not one', '?rating=5', true],
    ['a discount step that is not one', '?discount=33', true],
    ['instock other than 1', '?instock=yes', true],
    ['a page past the last', '?page=0', true],
    ['boxes the wrong way round', '?price_min=500&price_max=100', true],
    ['a box that is not a number', '?price_min=ten', true],
    ['a brand too long to be one', `?brand=${'x'.repeat(81)}`, true],
  ])('%s', (_name, search, malformed) => {
    expect(readBrowseAddress(search).malformed).toBe(malformed);
  });

  test('a malformed value is dropped and the rest applied', () => {
    const { state } = readBrowseAddress('?price=abc&brand=Amul&sort=drop%20table');
    expect(state).toEqual({ ...plain, brand: ['Amul'] });
  });
});

describe('toggleOption', () => {
  const narrowed: BrowseState = {
    ...plain,
    brand: ['Tata'],
    price: { min: 100, max: 250 },
    rating: 4,
    discount: 25,
    inStock: true,
    page: 3,
  };
  test.each<[string, FacetKey, string, Partial<BrowseState>]>([
    ['adds a brand in order', 'brand', 'Amul', { brand: ['Amul', 'Tata'] }],
    ['removes a chosen brand', 'brand', 'Tata', { brand: [] }],
    ['adds a colour', 'colour', 'Navy', { colour: ['Navy'] }],
    ['chooses another price bucket', 'price', '250-500', { price: { min: 250, max: 500 } }],
    ['clears the chosen price bucket', 'price', '100-250', { price: null }],
    ['an open-ended bucket', 'price', '500-', { price: { min: 500, max: null } }],
    ['chooses another rating', 'rating', '3', { rating: 3 }],
    ['clears the chosen rating', 'rating', '4', { rating: null }],
    ['a rating that is no step clears', 'rating', '5', { rating: null }],
    ['chooses another discount', 'discount', '50', { discount: 50 }],
    ['clears the chosen discount', 'discount', '25', { discount: null }],
    ['switches in-stock off', 'availability', '1', { inStock: false }],
  ])('%s', (_name, key, value, change) => {
    expect(toggleOption(narrowed, key, value)).toEqual({ ...narrowed, page: 1, ...change });
  });
});

test('clearFilters keeps the sort only', () => {
  const state: BrowseState = { ...plain, brand: ['Amul'], rating: 4, sort: 'price_desc', page: 2 };
  expect(clearFilters(state)).toEqual({ ...plain, sort: 'price_desc' });
});

test.each<[number, string]>([
  [0, 'Show 0 products'],
  [1, 'Show 1 product'],
  [37, 'Show 37 products'],
])('applyLabel(%i)', (count, label) => {
  expect(applyLabel(count)).toBe(label);
});
