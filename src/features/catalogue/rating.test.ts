import { describe, expect, test } from 'vitest';
import { ratingBars, starFill } from './rating';

describe('starFill', () => {
  test.each([
    [0, 0],
    [0.2, 0],
    [0.25, 10],
    [0.5, 10],
    [1, 20],
    [2.74, 50],
    [2.75, 60],
    [3.5, 70],
    [4.3, 90],
    [4.2, 80],
    [4.8, 100],
    [5, 100],
    [7, 100],
    [-2, 0],
    [NaN, 0],
    [Infinity, 0],
  ])('%s stars → %s%%', (average, expected) => {
    expect(starFill(average)).toBe(expected);
  });
});

describe('ratingBars', () => {
  test('counts each star value and its share, 5 first', () => {
    expect(ratingBars([5, 5, 4, 3, 5, 1, 4, 5])).toEqual([
      { stars: 5, count: 4, percent: 50 },
      { stars: 4, count: 2, percent: 25 },
      { stars: 3, count: 1, percent: 13 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 13 },
    ]);
  });

  test('thirds round to whole percents', () => {
    expect(ratingBars([5, 4, 4]).map((b) => b.percent)).toEqual([33, 67, 0, 0, 0]);
  });

  test('a single rating is 100%', () => {
    expect(ratingBars([2])).toEqual([
      { stars: 5, count: 0, percent: 0 },
      { stars: 4, count: 0, percent: 0 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 1, percent: 100 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  test('no ratings: zeros everywhere, no division by zero', () => {
    expect(ratingBars([])).toEqual([5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0, percent: 0 })));
  });

  test('counts sum to the number of ratings in range', () => {
    const ratings = [1, 2, 3, 4, 5, 5, 4, 3];
    expect(ratingBars(ratings).reduce((n, b) => n + b.count, 0)).toBe(ratings.length);
  });
});
