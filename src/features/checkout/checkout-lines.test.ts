import { describe, expect, test } from 'vitest';
import { priceDetails, type CheckoutLine } from './checkout-lines';

const line = (price: number, final: number, quantity: number): CheckoutLine => ({
  variant_id: 1,
  product_id: 1,
  name: 'x',
  image: null,
  size: null,
  quantity,
  price,
  final_price: final,
});

describe('priceDetails', () => {
  test.each([
    [[], { price: 0, discount: 0, total: 0 }],
    [[line(100, 80, 1)], { price: 100, discount: 20, total: 80 }],
    [[line(100, 80, 3), line(49.99, 49.99, 2)], { price: 399.98, discount: 60, total: 339.98 }],
    // Paise arithmetic: 0.1 + 0.2 style errors never show.
    [[line(0.1, 0.1, 1), line(0.2, 0.2, 1)], { price: 0.3, discount: 0, total: 0.3 }],
    [[line(1299, 999, 2)], { price: 2598, discount: 600, total: 1998 }],
  ])('%j', (lines, expected) => {
    expect(priceDetails(lines)).toEqual(expected);
  });
});
