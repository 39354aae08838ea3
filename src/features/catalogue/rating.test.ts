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
  // Counts and percents listed 5 stars first, as the bars are drawn
  test.each<[string, number[], number[], number[]]>([
    ['counts each star value and its share, 5 first', [5, 5, 4, 3, 5, 1, 4, 5], [4, 2, 1, 0, 1], [50, 25, 13, 0, 13]],
    ['thirds round to whole percents', [5, 4, 4], [1, 2, 0, 0, 0], [33, 67, 0, 0, 0]],
    ['a single rating is 100%', [2], [0, 0, 0, 1, 0], [0, 0, 0, 100, 0]],
    ['no ratings: zeros everywhere, no division by zero', [], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]],
  ])('%s', (_, ratings, counts, percents) => {
    expect(ratingBars(ratings)).toEqual(
      [5, 4, 3, 2, 1].map((stars, i) => ({ stars, count: counts[i], percent: percents[i] })),
    );
  });

  test('counts sum to the number of ratings in range', () => {
    const ratings = [1, 2, 3, 4, 5, 5, 4, 3];
    expect(ratingBars(ratings).reduce((n, b) => n + b.count, 0)).toBe(ratings.length);
  });
});
