import { describe, expect, test } from 'vitest';
import { pageCount, pageLabel, pageOf } from './pagination';

describe('pageCount', () => {
  test.each([
    [0, 10, 1],
    [-5, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [20, 10, 2],
    [21, 20, 2],
    [101, 50, 3],
  ])('%s items, %s a page → %s pages', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 25 }, (_, i) => i + 1);

  test.each<[number, number[]]>([
    [1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [2, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
    [3, [21, 22, 23, 24, 25]],
    [4, [21, 22, 23, 24, 25]],
    [99, [21, 22, 23, 24, 25]],
    [0, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [-3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [NaN, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [2.7, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
  ])('page %s', (page, expected) => {
    expect(pageOf(items, page, 10)).toEqual(expected);
  });

  test('an empty list has one empty page', () => {
    expect(pageOf([], 1, 10)).toEqual([]);
  });

  test('does not change the list', () => {
    const copy = [...items];
    pageOf(items, 2, 10);
    expect(items).toEqual(copy);
  });
});

describe('pageLabel', () => {
  test.each([
    [1, 1, 'Page 1 of 1'],
    [2, 5, 'Page 2 of 5'],
  ])('%s of %s', (page, pages, expected) => {
    expect(pageLabel(page, pages)).toBe(expected);
  });
});
