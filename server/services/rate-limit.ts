import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How many events a key may have within a window. */
export interface Allowance {
  limit: number;
  windowSeconds: number;
}

/**
 * Where a throttle keeps its counts. The shop runs one process, so memory is enough; several
 * processes would share one store instead, e.g.
 * `(o) => new RateLimiterRedis({ ...o, storeClient: redis })` — any rate-limiter-flexible
 * limiter takes the same options and answers the same way.
 */
export type ThrottleStore = (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

export const memoryStore: ThrottleStore = (options) => new RateLimiterMemory(options);

/** A counter that can refuse: every method answers seconds to wait, 0 when allowed. */
export interface Throttle {
  /** Seconds until `key` may act again (0 when it may now); counts nothing. */
  retryAfter(key: string): Promise<number>;
  /** Counts one event for `key` unless it is refused; a refused event is not counted. */
  consume(key: string): Promise<number>;
  /** Takes back one counted event (an attempt that turned out not to be a failure). */
  refund(key: string): Promise<void>;
  /** Forgets `key` entirely. */
  reset(key: string): Promise<void>;
}

/** Seconds to wait, rounded up, at least one. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * A fixed-window counter per key (rate-limiter-flexible): the window opens at a key's first event
 * and `limit` events fit in it; a refused key waits until the window closes.
 */
export class RateLimiter implements Throttle {
  private readonly limiter: RateLimiterAbstract;
  private readonly limit: number;

  constructor(name: string, allowance: Allowance, store: ThrottleStore = memoryStore) {
    this.limit = Math.max(1, Math.floor(allowance.limit));
    this.limiter = store({ keyPrefix: name, points: this.limit, duration: allowance.windowSeconds });
  }

  async retryAfter(key: string): Promise<number> {
    const res = await this.limiter.get(key);
    if (!res || res.consumedPoints < this.limit || res.msBeforeNext <= 0) return 0;
    return seconds(res.msBeforeNext);
  }

  async consume(key: string): Promise<number> {
    try {
      await this.limiter.consume(key, 1);
      return 0;
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      // The store counted the refused event too; taking it back keeps a blocked key from being
      // blocked longer and keeps refused requests out of the count.
      await this.limiter.reward(key, 1);
      return seconds(refused.msBeforeNext);
    }
  }

  async refund(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    // An expired window has nothing to take back (rewarding it would open one at -1).
    if (res && res.consumedPoints > 0 && res.msBeforeNext > 0) await this.limiter.reward(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** A throttle that never refuses (RATE_LIMITS=off). */
export const NO_THROTTLE: Throttle = {
  retryAfter: () => Promise.resolve(0),
  consume: () => Promise.resolve(0),
  refund: () => Promise.resolve(),
  reset: () => Promise.resolve(),
};

/**
 * Counts one event in each throttle under its key, in order, or none of them: when one refuses,
 * the events already counted are taken back and its wait is answered, so being refused by one
 * does not use up another. Each count is atomic in the store, so parallel requests cannot slip
 * past a limit. Put the broadest throttle (per client address) first: a refused address then
 * creates no keys in the others, which bounds the memory a flood of new keys can take.
 */
export async function consumeAll(checks: [Throttle, string][]): Promise<number> {
  const counted: [Throttle, string][] = [];
  for (const [index, [throttle, key]] of checks.entries()) {
    const wait = await throttle.consume(key);
    if (wait > 0) {
      await Promise.all(counted.map(([t, k]) => t.refund(k)));
      // The longest wait of all is the honest Retry-After (a daily cap may stand behind a short one).
      const later = await Promise.all(checks.slice(index + 1).map(([t, k]) => t.retryAfter(k)));
      return Math.max(wait, ...later);
    }
    counted.push([throttle, key]);
  }
  return 0;
}
