import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TemporarilyUnavailable } from './errors';

/** How many events a key may have within a window. */
export interface Allowance {
  limit: number;
  windowSeconds: number;
}

/**
 * What a throttle does when its store cannot be reached (Redis gone away):
 * - `refuse`: every request it guards answers 503 with a Retry-After until the store is back. For
 *   logins and password resets, where letting requests through would mean unlimited guesses.
 * - `count-locally`: each process counts in its own memory meanwhile (rate-limiter-flexible's
 *   insurance limiter), so N processes allow at most N times the limit. For sign-ups and contact
 *   messages, which guess nothing: a shop that cannot take a new customer or a question over a
 *   Redis hiccup loses more than a few extra messages could cost.
 */
export type WhenStoreDown = 'refuse' | 'count-locally';

/**
 * Where a throttle keeps its counts: memory when one process serves the shop, Redis when several
 * do (`redisStore`). Any rate-limiter-flexible limiter takes the same options and answers the
 * same way.
 */
export type ThrottleStore = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
  whenStoreDown: WhenStoreDown;
}) => RateLimiterAbstract;

export const memoryStore: ThrottleStore = ({ keyPrefix, points, duration }) =>
  new RateLimiterMemory({ keyPrefix, points, duration });

/**
 * Counts in Redis, shared by every process given the same client and prefix. The client must not
 * queue commands while disconnected (`enableOfflineQueue: false`): a count then fails at once
 * and `whenStoreDown` decides.
 */
export function redisStore(client: Redis, prefix: string): ThrottleStore {
  return ({ keyPrefix, points, duration, whenStoreDown }) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}throttle:${keyPrefix}`,
      points,
      duration,
      // Not ready (reconnecting): fail at once instead of trying a command that cannot go out.
      rejectIfRedisNotReady: true,
      insuranceLimiter:
        whenStoreDown === 'count-locally' ? new RateLimiterMemory({ keyPrefix, points, duration }) : undefined,
    });
}

/** Seconds a client is told to wait when a throttle's store is away. */
export const STORE_DOWN_RETRY_SECONDS = 30;

/** The answer of a request whose throttle cannot count (its store is away) and must not let it through. */
export function throttleUnavailable(): TemporarilyUnavailable {
  return new TemporarilyUnavailable(
    `Signing in and password resets are paused for a moment. Please try again in ${STORE_DOWN_RETRY_SECONDS} seconds.`,
    STORE_DOWN_RETRY_SECONDS,
  );
}

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

  /**
   * `whenStoreDown` applies to stores that can go away (Redis); a throttle that refuses throws
   * `throttleUnavailable()` (503) from every method while its store is away.
   */
  constructor(
    name: string,
    allowance: Allowance,
    store: ThrottleStore = memoryStore,
    whenStoreDown: WhenStoreDown = 'refuse',
  ) {
    this.limit = Math.max(1, Math.floor(allowance.limit));
    this.limiter = store({ keyPrefix: name, points: this.limit, duration: allowance.windowSeconds, whenStoreDown });
  }

  async retryAfter(key: string): Promise<number> {
    const res = await storeCall(this.limiter.get(key));
    if (!res || res.consumedPoints < this.limit || res.msBeforeNext <= 0) return 0;
    return seconds(res.msBeforeNext);
  }

  async consume(key: string): Promise<number> {
    try {
      await this.limiter.consume(key, 1);
      return 0;
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw storeDown(refused);
      // The store counted the refused event too; taking it back keeps a blocked key from being
      // blocked longer and keeps refused requests out of the count.
      await storeCall(this.limiter.reward(key, 1));
      return seconds(refused.msBeforeNext);
    }
  }

  /**
   * Taking back never fails a request: with the store away, the event stays counted until its
   * window closes, which errs on the side of fewer attempts (a password already changed must not
   * answer 503).
   */
  async refund(key: string): Promise<void> {
    try {
      const res = await this.limiter.get(key);
      // An expired window has nothing to take back (rewarding it would open one at -1).
      if (res && res.consumedPoints > 0 && res.msBeforeNext > 0) await this.limiter.reward(key, 1);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
    }
  }

  /** Like `refund`, never fails a request. */
  async reset(key: string): Promise<void> {
    try {
      await this.limiter.delete(key);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
    }
  }
}

/** A store's failure (Redis away, or too slow to answer) as the 503 of a throttle that fails closed. */
function storeDown(error: unknown): unknown {
  return error instanceof Error ? throttleUnavailable() : error;
}

async function storeCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw storeDown(error);
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
