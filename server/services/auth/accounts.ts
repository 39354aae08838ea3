import type { Db } from '../../db';
import type { Mailer } from '../mail/mailer';
import { RateLimiter, type Allowance } from '../rate-limit';
import type { TokenConfig } from './tokens';

/** How often each account action may be tried (SPEC.md leaves the numbers to the server). */
export interface AuthLimits {
  /** Login attempts per e-mail without a success (a success clears them). */
  loginAttemptsPerEmail: Allowance;
  loginAttemptsPerAddress: Allowance;
  signupsPerAddress: Allowance;
  resetRequestsPerEmail: Allowance;
  /** A second, daily cap: with 4-digit PINs the number of PINs an e-mail can get bounds guessing. */
  resetRequestsPerEmailDaily: Allowance;
  resetRequestsPerAddress: Allowance;
  resetVerificationsPerAddress: Allowance;
}

const MINUTES_15 = 15 * 60;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginAttemptsPerEmail: { limit: 5, windowSeconds: MINUTES_15 },
  loginAttemptsPerAddress: { limit: 30, windowSeconds: MINUTES_15 },
  signupsPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  resetRequestsPerEmail: { limit: 3, windowSeconds: MINUTES_15 },
  resetRequestsPerEmailDaily: { limit: 10, windowSeconds: 24 * 60 * 60 },
  resetRequestsPerAddress: { limit: 10, windowSeconds: MINUTES_15 },
  resetVerificationsPerAddress: { limit: 20, windowSeconds: MINUTES_15 },
};

/** A counter that can refuse: seconds to wait, 0 when allowed. */
export interface Throttle {
  retryAfter(key: string): number;
  consume(key: string): number;
  reset(key: string): void;
}

const NO_THROTTLE: Throttle = { retryAfter: () => 0, consume: () => 0, reset: () => undefined };

export type Throttles = Record<keyof AuthLimits, Throttle>;

/** What the account routes are given by `createApp`. */
export interface AccountsOptions {
  /** HS256 key of session tokens, at least 32 bytes. */
  secret: Uint8Array;
  tokenTtlSeconds: number;
  mailer: Mailer;
  /** Clock in milliseconds (tests move it to expire tokens and PINs). */
  now?: () => number;
  /** Throttle allowances to change, or false for none at all (RATE_LIMITS=off). */
  limits?: Partial<AuthLimits> | false;
}

/** Everything the account routes share, built once per app. */
export interface Accounts {
  db: Db;
  tokens: TokenConfig;
  mailer: Mailer;
  now: () => number;
  throttles: Throttles;
  /** HMAC key for reset PINs (the token secret: one secret to keep). */
  secret: Uint8Array;
  mediaDir: string;
  trustProxy: boolean;
}

/** Builds the shared account context: token settings, throttles and clock. */
export function createAccounts(db: Db, options: AccountsOptions, mediaDir: string, trustProxy: boolean): Accounts {
  if (options.secret.byteLength < 32) throw new Error('The token secret must be at least 32 bytes.');
  const now = options.now ?? Date.now;
  const limits = options.limits;
  const throttles = Object.fromEntries(
    (Object.keys(DEFAULT_AUTH_LIMITS) as (keyof AuthLimits)[]).map((name) => [
      name,
      limits === false ? NO_THROTTLE : new RateLimiter({ ...DEFAULT_AUTH_LIMITS[name], ...limits?.[name], now }),
    ]),
  ) as Throttles;
  return {
    db,
    tokens: { secret: options.secret, ttlSeconds: options.tokenTtlSeconds, now },
    mailer: options.mailer,
    now,
    throttles,
    secret: options.secret,
    mediaDir,
    trustProxy,
  };
}

/**
 * Counts one event in each throttle under its key, or none of them when any refuses: then the
 * longest wait is answered, so being refused by one does not use up another.
 */
export function consumeAll(checks: [Throttle, string][]): number {
  const wait = Math.max(0, ...checks.map(([throttle, key]) => throttle.retryAfter(key)));
  if (wait > 0) return wait;
  for (const [throttle, key] of checks) throttle.consume(key);
  return 0;
}
