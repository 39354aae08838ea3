import { describe, expect, test } from 'vitest';
import { RateLimiter } from '../../server/services/rate-limit';

function limiter(limit: number, windowSeconds: number, maxKeys?: number) {
  let now = 1_000_000;
  const l = new RateLimiter({ limit, windowSeconds, maxKeys, now: () => now });
  return { l, advance: (ms: number) => void (now += ms) };
}

describe('RateLimiter (sliding window)', () => {
  test('allows `limit` events, then refuses with the seconds until the oldest leaves the window', () => {
    const { l, advance } = limiter(3, 60);
    expect(l.consume('k')).toBe(0);
    advance(10_000);
    expect(l.consume('k')).toBe(0);
    advance(10_000);
    expect(l.consume('k')).toBe(0);
    // Oldest event at t=0, now t=20 s: free again at t=60 s.
    expect(l.consume('k')).toBe(40);
    expect(l.retryAfter('k')).toBe(40);
    advance(40_000);
    expect(l.consume('k')).toBe(0);
    // The second event (t=10 s) is now the oldest of three in the window.
    expect(l.consume('k')).toBe(10);
  });

  test('refused events are not counted (a blocked key is not blocked longer)', () => {
    const { l, advance } = limiter(1, 10);
    l.consume('k');
    for (let i = 0; i < 5; i++) l.consume('k');
    advance(10_000);
    expect(l.consume('k')).toBe(0);
  });

  test('retry-after is at least one second, rounded up', () => {
    const { l, advance } = limiter(1, 10);
    l.consume('k');
    advance(9_999);
    expect(l.retryAfter('k')).toBe(1);
    advance(1);
    expect(l.retryAfter('k')).toBe(0);
  });

  test('keys are independent', () => {
    const { l } = limiter(1, 60);
    expect(l.consume('a')).toBe(0);
    expect(l.consume('a')).toBeGreaterThan(0);
    expect(l.consume('b')).toBe(0);
  });

  test('reset forgets a key', () => {
    const { l } = limiter(1, 60);
    l.consume('a');
    l.reset('a');
    expect(l.consume('a')).toBe(0);
  });

  test('memory is bounded: the least recently used keys are evicted first', () => {
    const { l } = limiter(1, 60, 3);
    for (const key of ['a', 'b', 'c']) l.consume(key);
    l.consume('a'); // refused; 'a' is still the oldest touched by a counted event
    l.consume('d');
    expect(l.size).toBe(3);
    // 'a' was evicted, so it may act again; 'c' and 'd' are still remembered.
    expect(l.retryAfter('a')).toBe(0);
    expect(l.retryAfter('c')).toBeGreaterThan(0);
    expect(l.retryAfter('d')).toBeGreaterThan(0);
  });

  test('keys whose events all left the window are dropped when looked at', () => {
    const { l, advance } = limiter(2, 1);
    l.consume('a');
    advance(1500);
    expect(l.retryAfter('a')).toBe(0);
    expect(l.size).toBe(0);
  });
});
