import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api/http';
import { BUSY_MESSAGE } from '../../../contract/shop';
import type { DeliveryAnswer } from '../../../contract/types';
import {
  CHECK_FAILED_MESSAGE,
  checkFailed,
  checkFor,
  checkLines,
  deliveryVerdict,
  IDLE_CHECK,
  refuseInvalid,
  typedPincode,
  type PincodeCheck,
} from './pincode-check';

const METRO: DeliveryAnswer = {
  pincode: '560001',
  deliverable: true,
  days: 2,
  delivery_by: '2026-11-30',
  message: 'Delivery by Mon, 30 Nov',
  cod_available: true,
  cod_limit: 5000,
};
const NORTH_EAST: DeliveryAnswer = {
  ...METRO,
  pincode: '781001',
  days: 6,
  delivery_by: '2026-12-04',
  message: 'Delivery by Fri, 4 Dec',
  cod_available: false,
};
const ISLANDS: DeliveryAnswer = {
  pincode: '744101',
  deliverable: false,
  days: null,
  delivery_by: null,
  message: 'Not deliverable to this pincode yet',
  cod_available: false,
  cod_limit: 5000,
};

const answered = (answer: DeliveryAnswer): PincodeCheck => ({ state: 'answered', pincode: answer.pincode, answer });
const invalid = (pincode: string): PincodeCheck => ({
  state: 'refused',
  pincode,
  reason: 'invalid',
  message: 'Valid 6-digit pincode is required',
});
const failed = (pincode: string): PincodeCheck => ({
  state: 'refused',
  pincode,
  reason: 'failed',
  message: CHECK_FAILED_MESSAGE,
});

describe('typedPincode and refuseInvalid', () => {
  test.each<[string, string, boolean]>([
    ['560001', '560001', true],
    [' 560001 ', '560001', true],
    ['560 001', '560 001', false],
    ['56000', '56000', false],
    ['056000', '056000', false],
    ['abcdef', 'abcdef', false],
    ['', '', false],
  ])('%j is checked as %j (a pincode: %s)', (typed, pincode, valid) => {
    expect(typedPincode(typed)).toBe(pincode);
    expect(refuseInvalid(pincode)).toEqual(valid ? null : invalid(pincode));
  });
});

describe('checkFailed', () => {
  test.each<[string, unknown, PincodeCheck]>([
    ['the API refuses the pincode', new ApiError(400, 'Valid 6-digit pincode is required'), invalid('560001')],
    ['no answer', new ApiError(0, "Could not reach the shop's API"), failed('560001')],
    ['a server failure', new ApiError(500, 'Something went wrong.'), failed('560001')],
    [
      'the shop is busy',
      new ApiError(503, BUSY_MESSAGE),
      { state: 'refused', pincode: '560001', reason: 'failed', message: BUSY_MESSAGE },
    ],
    ['not an API error', new TypeError('x is undefined'), failed('560001')],
  ])('%s', (_, error, expected) => {
    expect(checkFailed('560001', error)).toEqual(expected);
  });
});

describe('checkLines', () => {
  test.each<[string, PincodeCheck, ReturnType<typeof checkLines>]>([
    ['nothing asked yet', IDLE_CHECK, []],
    ['checking', { state: 'checking', pincode: '560001' }, [{ text: 'Checking delivery...', tone: 'quiet' }]],
    [
      'a metro with cash on delivery',
      answered(METRO),
      [
        { text: 'Delivery by Mon, 30 Nov', tone: 'good' },
        { text: 'Cash on delivery available', tone: 'good', detail: 'on orders up to ₹5,000' },
      ],
    ],
    [
      'a zone without cash on delivery',
      answered(NORTH_EAST),
      [
        { text: 'Delivery by Fri, 4 Dec', tone: 'good' },
        { text: 'Pay online: cash on delivery is not offered here', tone: 'quiet' },
      ],
    ],
    ['not deliverable', answered(ISLANDS), [{ text: 'Not deliverable to this pincode yet', tone: 'bad' }]],
    ['not a pincode', invalid('56000'), [{ text: 'Valid 6-digit pincode is required', tone: 'bad' }]],
    ['not checked', failed('560001'), [{ text: CHECK_FAILED_MESSAGE, tone: 'bad' }]],
  ])('%s', (_, check, lines) => {
    expect(checkLines(check)).toEqual(lines);
  });
});

describe('deliveryVerdict', () => {
  test.each<[string, PincodeCheck, string | null, 'go' | 'wait' | 'blocked']>([
    ['no address chosen', IDLE_CHECK, null, 'go'],
    ['not asked yet', IDLE_CHECK, '560001', 'wait'],
    ['checking', { state: 'checking', pincode: '560001' }, '560001', 'wait'],
    ['deliverable', answered(METRO), '560001', 'go'],
    ['deliverable, saved with spaces around', answered(METRO), ' 560001 ', 'go'],
    ['deliverable without cash on delivery', answered(NORTH_EAST), '781001', 'go'],
    ['not deliverable', answered(ISLANDS), '744101', 'blocked'],
    ['an answer about the address chosen before', answered(METRO), '744101', 'wait'],
    ['a saved pincode that is not one', invalid('056000'), '056000', 'blocked'],
    ['the check could not be made: the order’s own check decides', failed('560001'), '560001', 'go'],
  ])('%s', (_, check, pincode, verdict) => {
    expect(deliveryVerdict(check, pincode)).toBe(verdict);
  });
});

describe('checkFor', () => {
  test.each<[string, PincodeCheck, string, PincodeCheck]>([
    ['the check of this pincode', answered(ISLANDS), '744101', answered(ISLANDS)],
    ['a check of another pincode', answered(METRO), '744101', { state: 'checking', pincode: '744101' }],
    ['nothing asked yet', IDLE_CHECK, '560001', { state: 'checking', pincode: '560001' }],
  ])('%s', (_, check, pincode, shown) => {
    expect(checkFor(check, pincode)).toEqual(shown);
  });
});
