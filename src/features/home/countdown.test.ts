import { describe, expect, test } from 'vitest';
import { countdownParts, pad2 } from './countdown';
import { OFFER_COUNTDOWN_MS } from '../../lib/constants';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('countdownParts', () => {
  test.each<
    [string, number, { days: number; hours: number; minutes: number; seconds: number; centis: number; done: boolean }]
  >([
    ['the full seven days', OFFER_COUNTDOWN_MS, { days: 7, hours: 0, minutes: 0, seconds: 0, centis: 0, done: false }],
    [
      'one tick less',
      OFFER_COUNTDOWN_MS - 10,
      { days: 6, hours: 23, minutes: 59, seconds: 59, centis: 99, done: false },
    ],
    [
      'every part at once',
      2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND + 670,
      { days: 2, hours: 3, minutes: 4, seconds: 5, centis: 67, done: false },
    ],
    ['below a tick rounds down', 9, { days: 0, hours: 0, minutes: 0, seconds: 0, centis: 0, done: false }],
    ['exactly one tick', 10, { days: 0, hours: 0, minutes: 0, seconds: 0, centis: 1, done: false }],
    ['zero is done', 0, { days: 0, hours: 0, minutes: 0, seconds: 0, centis: 0, done: true }],
    [
      'past the end is done, never negative',
      -5 * SECOND,
      { days: 0, hours: 0, minutes: 0, seconds: 0, centis: 0, done: true },
    ],
  ])('%s', (_label, left, expected) => {
    const now = 1_700_000_000_000;
    expect(countdownParts(now + left, now)).toEqual(expected);
  });

  test('the offer lasts seven days', () => {
    expect(OFFER_COUNTDOWN_MS).toBe(604_800_000);
  });
});

describe('pad2', () => {
  test.each([
    [0, '00'],
    [7, '07'],
    [10, '10'],
    [99, '99'],
    [123, '123'],
  ])('%s → %s', (n, expected) => {
    expect(pad2(n)).toBe(expected);
  });
});
