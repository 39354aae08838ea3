import { describe, expect, test } from 'vitest';
import { LOW_STOCK_THRESHOLD, stockBadge, stockShortMessage } from './stock';

describe('stockBadge', () => {
  test.each([
    [0, 'Out of stock'],
    [-2, 'Out of stock'],
    [1, 'Only 1 left'],
    [3, 'Only 3 left'],
    [LOW_STOCK_THRESHOLD - 1, `Only ${LOW_STOCK_THRESHOLD - 1} left`],
    [LOW_STOCK_THRESHOLD, null],
    [120, null],
  ])('%i available: %s', (available, badge) => {
    expect(stockBadge(available)).toBe(badge);
  });
});

describe('stockShortMessage', () => {
  test.each([
    [0, 'Sorry, Steel Tumbler is out of stock. Please remove it from your cart.'],
    [1, 'Sorry, only 1 of Steel Tumbler is left. Please reduce the quantity.'],
    [2, 'Sorry, only 2 of Steel Tumbler are left. Please reduce the quantity.'],
  ])('%i left', (available, message) => {
    expect(stockShortMessage('Steel Tumbler', available)).toBe(message);
  });
});
