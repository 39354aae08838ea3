import { describe, expect, test } from 'vitest';
import { countMessage, nextActive, suggestionOptions } from './suggestion-options';

describe('nextActive', () => {
  test.each([
    [-1, 3, 'ArrowDown', 0],
    [0, 3, 'ArrowDown', 1],
    [2, 3, 'ArrowDown', -1],
    [-1, 3, 'ArrowUp', 2],
    [0, 3, 'ArrowUp', -1],
    [1, 3, 'ArrowUp', 0],
    [-1, 0, 'ArrowDown', -1],
    [-1, 0, 'ArrowUp', -1],
  ] as const)('from %i of %i, %s → %i', (current, count, key, expected) => {
    expect(nextActive(current, count, key)).toBe(expected);
  });
});

describe('countMessage', () => {
  test.each([
    [0, 'No suggestions'],
    [1, '1 suggestion'],
    [5, '5 suggestions'],
  ])('%i → %s', (n, text) => {
    expect(countMessage(n)).toBe(text);
  });
});

test('products first with their price in rupees, then categories with where they sit', () => {
  const options = suggestionOptions({
    query: 'tur',
    products: [
      { id: 4, name: 'Turmeric Powder', image: '/media/x.webp', selling_price: 1234, link: '/product-details/4' },
    ],
    categories: [
      { id: 2, name: 'Turkish Towels', kind: 'subcategory', parent: 'Home', link: '/subcategories/1?sub_category=2' },
      { id: 3, name: 'Turnips', kind: 'category', parent: null, link: '/subcategories/3' },
    ],
    did_you_mean: null,
    popular_categories: [],
  });
  expect(options.map((o) => [o.label, o.detail, o.link])).toEqual([
    ['Turmeric Powder', '₹1,234', '/product-details/4'],
    ['Turkish Towels', 'in Home', '/subcategories/1?sub_category=2'],
    ['Turnips', 'Category', '/subcategories/3'],
  ]);
});
