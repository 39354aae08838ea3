import { describe, expect, test } from 'vitest';
import { PAISE_PER_RUPEE, discountPercent, paiseToRupees, rupeesToPaise } from './pricing';

describe('paiseToRupees', () => {
  test.each([
    [0, 0],
    [1, 0.01],
    [100, 1],
    [12345, 123.45],
    [99950, 999.5],
  ])('%s paise → %s rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  test('one rupee is 100 paise', () => {
    expect(PAISE_PER_RUPEE).toBe(100);
  });
});

describe('rupeesToPaise', () => {
  test.each([
    [0, 0],
    [1, 100],
    [123.45, 12345],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [999.5, 99950],
    [0.004, 0],
    [0.005, 1],
  ])('%s rupees → %s paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  test.each([1, 19.99, 123.45, 4999.01])('round-trips %s rupees', (rupees) => {
    expect(paiseToRupees(rupeesToPaise(rupees))).toBe(rupees);
  });
});

describe('discountPercent', () => {
  test.each<[number, number, number]>([
    [100, 80, 20],
    [200, 150, 25],
    [999, 499, 50],
    [300, 200, 33],
    [300, 100, 67],
    [1000, 995, 1],
    [1000, 996, 0],
    [100, 0, 100],
    [100, 100, 0],
    [100, 120, 0],
    [0, 0, 0],
    [0, 50, 0],
    [-100, -50, 0],
    [NaN, 50, 0],
    [undefined as unknown as number, 50, 0],
  ])('price %s, final %s → %s%%', (price, finalPrice, expected) => {
    expect(discountPercent(price, finalPrice)).toBe(expected);
  });

  test('paise and rupees give the same percent', () => {
    expect(discountPercent(49900, 37425)).toBe(discountPercent(499, 374.25));
    expect(discountPercent(499, 374.25)).toBe(25);
  });
});
