import { describe, expect, test } from 'vitest';
import type { DeliveryAnswer } from '../../../contract/types';
import type { PincodeCheck } from '../delivery/pincode-check';
import { codChoice, COD_CHECKING_MESSAGE, effectiveMethod } from './payment-choice';

const answer = (over: Partial<DeliveryAnswer> = {}): PincodeCheck => ({
  state: 'answered',
  pincode: '560034',
  answer: {
    pincode: '560034',
    deliverable: true,
    days: 2,
    delivery_by: '2026-11-26',
    message: 'Delivery by Thu, 26 Nov',
    cod_available: true,
    cod_limit: 5000,
    ...over,
  },
});

describe('codChoice', () => {
  test.each<[string, PincodeCheck, number, ReturnType<typeof codChoice>]>([
    ['a COD zone, under the limit', answer(), 1299, { allowed: true }],
    ['exactly the limit', answer(), 5000, { allowed: true }],
    [
      'a paisa over the limit',
      answer(),
      5000.01,
      { allowed: false, reason: 'Cash on delivery is available for orders up to ₹5,000.' },
    ],
    [
      'a zone without COD',
      answer({ cod_available: false }),
      100,
      { allowed: false, reason: 'Cash on delivery is not available for this pincode.' },
    ],
    [
      'a pincode not served',
      answer({ deliverable: false, cod_available: false }),
      100,
      { allowed: false, reason: 'Cash on delivery is not available for this pincode.' },
    ],
    ['still checking', { state: 'checking', pincode: '560034' }, 100, { allowed: false, reason: COD_CHECKING_MESSAGE }],
    [
      'not checked',
      { state: 'idle' },
      100,
      { allowed: false, reason: 'Cash on delivery is not available for this pincode.' },
    ],
  ])('%s', (_, check, total, expected) => {
    expect(codChoice(check, total)).toEqual(expected);
  });

  test('the method placed is COD only while COD can be chosen', () => {
    expect(effectiveMethod('cod', { allowed: true })).toBe('cod');
    expect(effectiveMethod('cod', { allowed: false, reason: 'x' })).toBe('online');
    expect(effectiveMethod('online', { allowed: true })).toBe('online');
  });
});
