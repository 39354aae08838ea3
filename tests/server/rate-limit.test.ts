import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { consumeAll, RateLimiter, type ThrottleStore } from '../../server/services/rate-limit';

// rate-limiter-flexible reads Date.now and expires keys with setTimeout: fake both.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => vi.advanceTimersByTime(ms);
let serial = 0;
const limiter = (limit: number, windowSeconds: number) => new RateLimiter(`t${++serial}`, { limit, windowSeconds });

describe('RateLimiter (fixed window from the first event)', () => {
  test('allows `limit` events, then refuses with the seconds until the window closes', async () => {
    const l = limiter(3, 60);
    expect(await l.consume('k')).toBe(0);
    advance(10_000);
    expect(await l.consume('k')).toBe(0);
    advance(10_000);
    expect(await l.consume('k')).toBe(0);
    // Window opened at t=0, now t=20 s: free again at t=60 s.
    expect(await l.consume('k')).toBe(40);
    expect(await l.retryAfter('k')).toBe(40);
    advance(40_000);
    expect(await l.consume('k')).toBe(0);
  });

  test('refused events are not counted (a blocked key is not blocked longer)', async () => {
    const l = limiter(1, 10);
    await l.consume('k');
    for (let i = 0; i < 5; i++) expect(await l.consume('k')).toBeGreaterThan(0);
    advance(10_000);
    expect(await l.consume('k')).toBe(0);
  });

  test('retry-after is at least one second, rounded up', async () => {
    const l = limiter(1, 10);
    await l.consume('k');
    advance(9_999);
    expect(await l.retryAfter('k')).toBe(1);
    advance(1);
    expect(await l.retryAfter('k')).toBe(0);
  });

  test('keys are independent', async () => {
    const l = limiter(1, 60);
    expect(await l.consume('a')).toBe(0);
    expect(await l.consume('a')).toBeGreaterThan(0);
    expect(await l.consume('b')).toBe(0);
  });

  test('reset forgets a key; refund takes back one event', async () => {
    const l = limiter(2, 60);
    await l.consume('a');
    await l.consume('a');
    expect(await l.retryAfter('a')).toBeGreaterThan(0);
    await l.refund('a');
    expect(await l.consume('a')).toBe(0);
    expect(await l.consume('a')).toBeGreaterThan(0);
    await l.reset('a');
    expect(await l.consume('a')).toBe(0);
  });

  test('refunding an expired window changes nothing (no credit for later)', async () => {
    const l = limiter(1, 10);
    await l.consume('a');
    advance(11_000);
    await l.refund('a');
    expect(await l.consume('a')).toBe(0);
    expect(await l.consume('a')).toBeGreaterThan(0);
  });

  test('the store is pluggable: every limiter is built by the store given, with its name, allowance and failure mode', async () => {
    const made: unknown[] = [];
    const store: ThrottleStore = ({ whenStoreDown, ...options }) => {
      made.push({ ...options, whenStoreDown });
      return new RateLimiterMemory(options);
    };
    const l = new RateLimiter('login', { limit: 5, windowSeconds: 900 }, store);
    new RateLimiter('contact', { limit: 2, windowSeconds: 60 }, store, 'count-locally');
    expect(made).toEqual([
      { keyPrefix: 'login', points: 5, duration: 900, whenStoreDown: 'refuse' },
      { keyPrefix: 'contact', points: 2, duration: 60, whenStoreDown: 'count-locally' },
    ]);
    expect(await l.consume('k')).toBe(0);
  });
});

describe('consumeAll', () => {
  test('a refusal by one takes back what the others counted, and answers the longest wait', async () => {
    const short = limiter(1, 60);
    const first = limiter(5, 60);
    const daily = limiter(1, 86_400);
    await daily.consume('k');
    await short.consume('k');
    expect(
      await consumeAll([
        [first, 'k'],
        [short, 'k'],
        [daily, 'k'],
      ]),
    ).toBe(86_400);
    // `first` was refunded: all 5 of its events are still free.
    for (let i = 0; i < 5; i++) expect(await first.consume('k')).toBe(0);
  });

  test('parallel calls never exceed a limit', async () => {
    const l = limiter(5, 60);
    const waits = await Promise.all(Array.from({ length: 12 }, () => consumeAll([[l, 'k']])));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });
});
