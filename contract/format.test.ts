import { describe, expect, test } from 'vitest';
import { formatQuantity, formatRating, formatRupees } from './format';

describe('formatRupees', () => {
  test.each([
    [0, '₹0'],
    [5, '₹5'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [99999, '₹99,999'],
    [100000, '₹1,00,000'],
    [123456, '₹1,23,456'],
    [12345678, '₹1,23,45,678'],
    [99.5, '₹99.50'],
    [1234.05, '₹1,234.05'],
    [0.1, '₹0.10'],
    [NaN, '₹0'],
    [Infinity, '₹0'],
    [-Infinity, '₹0'],
  ])('%s → %s', (amount, expected) => {
    expect(formatRupees(amount)).toBe(expected);
  });

  test('whole rupees never show paise', () => {
    expect(formatRupees(250)).not.toContain('.');
  });
});

describe('formatRating', () => {
  test.each<[number | null | undefined, string]>([
    [undefined, '0.0'],
    [null, '0.0'],
    [NaN, '0.0'],
    [0, '0.0'],
    [4, '4.0'],
    [4.25, '4.3'],
    [4.24, '4.2'],
    [3.96, '4.0'],
    [5, '5.0'],
    [1.05, '1.1'],
  ])('%s → %s', (average, expected) => {
    expect(formatRating(average)).toBe(expected);
  });
});

describe('formatQuantity', () => {
  test.each<[number, string, string]>([
    [500, 'g', '500 g'],
    [1, 'kg', '1 kg'],
    [1.5, 'l', '1.5 l'],
    [0.333333, 'kg', '0.33 kg'],
    [2.1, 'ml', '2.1 ml'],
    [2.999, 'kg', '3 kg'],
  ])('(%s, %s) → %s', (value, unit, expected) => {
    expect(formatQuantity(value, unit)).toBe(expected);
  });
});
