/** How many events a key may have within a window. */
export interface Allowance {
  limit: number;
  windowSeconds: number;
}

export interface RateLimiterOptions extends Allowance {
  /** Keys remembered at most; the least recently used go first (bounded memory). */
  maxKeys?: number;
  /** Clock in milliseconds. */
  now?: () => number;
}

/**
 * A sliding-window limiter kept in memory: each key remembers the times of its last `limit`
 * events, so a key is refused exactly until its oldest event in the window leaves it.
 */
export class RateLimiter {
  private readonly events = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: RateLimiterOptions) {
    this.limit = Math.max(1, Math.floor(options.limit));
    this.windowMs = options.windowSeconds * 1000;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** Seconds until `key` may act again (0 when it may now); counts nothing. */
  retryAfter(key: string): number {
    const now = this.now();
    const times = this.recent(key, now);
    if (times.length < this.limit) return 0;
    return Math.max(1, Math.ceil((times[0] + this.windowMs - now) / 1000));
  }

  /** Counts one event for `key` unless it is refused; answers seconds to wait (0 = allowed, counted). */
  consume(key: string): number {
    const wait = this.retryAfter(key);
    if (wait > 0) return wait;
    const times = this.events.get(key) ?? [];
    times.push(this.now());
    // Re-inserting moves the key to the end: Map order is then least recently used first.
    this.events.delete(key);
    this.events.set(key, times);
    while (this.events.size > this.maxKeys) {
      this.events.delete(this.events.keys().next().value as string);
    }
    return 0;
  }

  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): void {
    this.events.delete(key);
  }

  /** Keys currently remembered (for tests of the memory bound). */
  get size(): number {
    return this.events.size;
  }

  private recent(key: string, now: number): number[] {
    const times = this.events.get(key);
    if (!times) return [];
    const from = now - this.windowMs;
    let drop = 0;
    while (drop < times.length && times[drop] <= from) drop++;
    if (drop) times.splice(0, drop);
    if (!times.length) this.events.delete(key);
    return times;
  }
}
