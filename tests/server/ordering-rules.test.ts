import { describe, expect, test } from 'vitest';
import {
  cartFingerprint,
  mergeLines,
  MIN_ORDER_PAISE,
  totalPaise,
  withinLineLimit,
} from '../../server/services/orders/orders';
import { isPaymentId, isProviderOrderId } from '../../server/services/payments/ids';
import { sizeLabel, weightLabel } from '../../server/services/catalogue/variant-labels';
import { inListSlices, isUniqueViolation } from '../../server/repositories/dialect';

const line = (variant_id: number, quantity: number) => ({ variant_id, quantity });

describe('order lines', () => {
  test.each([
    ['nothing', [], []],
    ['one line', [line(3, 2)], [line(3, 2)]],
    ['repeats added together', [line(3, 2), line(3, 5)], [line(3, 7)]],
    ['sorted by variant', [line(9, 1), line(2, 1), line(5, 1)], [line(2, 1), line(5, 1), line(9, 1)]],
    ['mixed', [line(4, 1), line(1, 2), line(4, 3)], [line(1, 2), line(4, 4)]],
  ])('mergeLines: %s', (_name, lines, merged) => {
    expect(mergeLines(lines)).toEqual(merged);
  });

  test.each([
    [[line(1, 10)], true],
    [[line(1, 1), line(2, 10)], true],
    [[line(1, 11)], false],
    [[line(1, 1), line(2, 11)], false],
  ])('withinLineLimit(%j) is %s', (lines, ok) => {
    expect(withinLineLimit(lines)).toBe(ok);
  });

  test.each([
    [[], 0],
    [[{ unitPaise: 4999, quantity: 1 }], 4999],
    [[{ unitPaise: 4999, quantity: 3 }], 14_997],
    [
      [
        { unitPaise: 45, quantity: 3 },
        { unitPaise: 100_000, quantity: 2 },
      ],
      200_135,
    ],
  ])('totalPaise(%j) = %i', (lines, total) => {
    expect(totalPaise(lines)).toBe(total);
  });

  test('an order must come to at least ₹1', () => {
    expect(MIN_ORDER_PAISE).toBe(100);
  });

  test.each([
    ['the same lines in another order', [line(1, 2), line(5, 1)], [line(5, 1), line(1, 2)], 'Home', 'Home', true],
    ['a repeated line and its sum', [line(1, 1), line(1, 2)], [line(1, 3)], 'Home', 'Home', true],
    ['another quantity', [line(1, 2)], [line(1, 3)], 'Home', 'Home', false],
    ['another variant', [line(1, 2)], [line(2, 2)], 'Home', 'Home', false],
    ['another address', [line(1, 2)], [line(1, 2)], 'Home', 'Work', false],
  ])('cartFingerprint: %s → same cart %s', (_name, a, b, addressA, addressB, same) => {
    expect(cartFingerprint(a, addressA) === cartFingerprint(b, addressB)).toBe(same);
    expect(cartFingerprint(a, addressA)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('payment provider ids', () => {
  test.each([
    ['order_AbC123', true, false],
    ['pay_AbC123', false, true],
    [`order_${'a'.repeat(40)}`, true, false],
    [`order_${'a'.repeat(41)}`, false, false],
    ['order_', false, false],
    ['order_ab-c', false, false],
    ['ORDER_abc', false, false],
    [' order_abc', false, false],
    [42, false, false],
    [undefined, false, false],
  ])('%j: order id %s, payment id %s', (value, order, payment) => {
    expect(isProviderOrderId(value)).toBe(order);
    expect(isPaymentId(value)).toBe(payment);
  });
});

describe('variant labels', () => {
  test.each([
    [{ size: 'M', unit: 'piece', unit_value: 1 }, null, 'M'],
    [{ size: null, unit: 'piece', unit_value: 1 }, null, null],
    [{ size: null, unit: 'pair', unit_value: 1 }, null, null],
    [{ size: null, unit: 'g', unit_value: 500 }, '500 g', '500 g'],
    [{ size: null, unit: 'g', unit_value: 0 }, null, null],
    [{ size: '6', unit: 'l', unit_value: 1.5 }, '1.5 L', '6'],
  ])('%j: weight %s, size %s', (variant, weight, size) => {
    expect(weightLabel(variant)).toBe(weight);
    expect(sizeLabel(variant)).toBe(size);
  });
});

describe('what differs between databases', () => {
  test.each([
    [{ code: 'SQLITE_CONSTRAINT_UNIQUE' }, true],
    [{ code: '23505' }, true],
    [{ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }, false],
    [{ code: '23503' }, false],
    [new Error('unique'), false],
    [null, false],
  ])('isUniqueViolation(%j) is %s', (error, unique) => {
    expect(isUniqueViolation(error)).toBe(unique);
  });

  test.each([
    [0, []],
    [1, [1]],
    [900, [900]],
    [901, [900, 1]],
    [2000, [900, 900, 200]],
  ])('%i ids make IN lists of %j', (count, sizes) => {
    const ids = Array.from({ length: count }, (_, i) => i);
    const slices = inListSlices(ids);
    expect(slices.map((s) => s.length)).toEqual(sizes);
    expect(slices.flat()).toEqual(ids);
  });
});
