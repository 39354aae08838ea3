import { describe, expect, test } from 'vitest';
import { isMomentaryFailure, MAX_RETRY_AFTER_MS, RETRY_DELAYS_MS, retryDelay } from './retry';

describe('retryDelay', () => {
  test.each([0, 502, 503, 504])('status %i is asked again, on the planned schedule', (status) => {
    expect(RETRY_DELAYS_MS.map((_, attempt) => retryDelay(attempt, status, null))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelay(RETRY_DELAYS_MS.length, status, null)).toBeNull();
  });

  test.each([400, 401, 403, 404, 409, 422, 429, 500, 501])('status %i is never asked again', (status) => {
    expect(retryDelay(0, status, '1')).toBeNull();
  });

  test("the server's Retry-After is followed, never shorter than planned nor longer than 5 s", () => {
    expect(retryDelay(0, 503, '2')).toBe(2000);
    expect(retryDelay(2, 503, '1')).toBe(2000);
    expect(retryDelay(0, 503, '120')).toBe(MAX_RETRY_AFTER_MS);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryDelay(0, 503, 'Sun, 22 Nov 2026 10:00:03 GMT', 0, now)).toBe(3000);
    expect(retryDelay(1, 503, 'not a date', 0, now)).toBe(1000);
    expect(retryDelay(0, 503, ' ', 0, now)).toBe(500);
  });

  test('no more than 10 s of waiting in all: the API busy with Retry-After 5 is asked three times', () => {
    expect(retryDelay(0, 503, '5', 0)).toBe(5000);
    expect(retryDelay(1, 503, '5', 5000)).toBe(5000);
    expect(retryDelay(2, 503, '5', 10_000)).toBeNull();
    // Without a Retry-After the whole schedule fits: 0.5 + 1 + 2 + 4 = 7.5 s.
    expect(retryDelay(3, 502, null, 3500)).toBe(4000);
  });

  test('momentary failures are the statuses asked again', () => {
    expect([0, 200, 429, 500, 502, 503, 504].filter(isMomentaryFailure)).toEqual([0, 502, 503, 504]);
  });
});
