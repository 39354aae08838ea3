import { describe, expect, test } from 'vitest';
import { hasDimensions } from './ProductTabs';

describe('a product’s dimensions are shown only when given', () => {
  test.each([
    [{ length: 30, width: 20, height: 12.5 }, true],
    [{ length: 0, width: 0, height: 0 }, false],
    [{ length: 30, width: 20, height: 0 }, false],
  ])('%j → %s', (sides, shown) => {
    expect(hasDimensions(sides)).toBe(shown);
  });
});
