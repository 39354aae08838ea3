import type { Db } from '../../db';
import type { TrustProxy } from '../../shared/proxy-trust';
import type { Mailer } from '../mail/mailer';
import { NO_THROTTLE, RateLimiter, type Allowance, type Throttle, type ThrottleStore } from '../rate-limit';
import type { TokenConfig } from './tokens';

/** How often each account action may be tried (the shop's own numbers: the specification names none). */
export interface AuthLimits {
  /** Login attempts from one client address, whatever the e-mails (spraying many accounts). */
  loginAttemptsPerAddress: Allowance;
  /** Failed logins of one account from one address without a device cookie. */
  loginFailuresPerAccountAndAddress: Allowance;
  /**
   * Failed logins of one account from all browsers without its device cookie: bounds online
   * guessing from many addresses. Reaching it locks out unknown browsers only, never the
   * owner's browser that holds a device cookie.
   */
  loginFailuresPerAccountDaily: Allowance;
  /** Failed logins presenting one device cookie (a stolen cookie buys no more guesses). */
  loginFailuresPerDevice: Allowance;
  signupsPerAddress: Allowance;
  /**
   * Sign-ups naming one e-mail, or one phone number, from anywhere. Sign-up says when an e-mail or
   * phone is taken (the specification's messages), so each is a probe for an account: these bound
   * how often one e-mail or phone can be probed, however many addresses the prober has.
   */
  signupsPerEmail: Allowance;
  signupsPerPhone: Allowance;
  resetRequestsPerAddress: Allowance;
  resetRequestsPerEmailAndAddress: Allowance;
  /** All browsers without the account's device cookie: bounds the mail one address can be sent. */
  resetRequestsPerEmailHourly: Allowance;
  resetRequestsPerDevice: Allowance;
  resetVerificationsPerAddress: Allowance;
  /**
   * Wrong PINs for one e-mail from anywhere, an hour. With 4-digit PINs this, not the number of
   * PINs sent, bounds guessing by many addresses at once: 5 an hour is at most 120 of 10,000 PINs
   * a day (1.2 %), and the owner's own mailbox hears of every PIN. It is hourly, never daily, so a
   * stranger can delay an owner's reset by an hour at most, not lock them out for a day.
   */
  resetWrongPinsPerEmailHourly: Allowance;
  contactMessagesPerAddress: Allowance;
  contactMessagesPerEmail: Allowance;
}

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginAttemptsPerAddress: { limit: 30, windowSeconds: MINUTES_15 },
  loginFailuresPerAccountAndAddress: { limit: 5, windowSeconds: MINUTES_15 },
  loginFailuresPerAccountDaily: { limit: 20, windowSeconds: DAY },
  loginFailuresPerDevice: { limit: 5, windowSeconds: MINUTES_15 },
  signupsPerAddress: { limit: 20, windowSeconds: HOUR },
  signupsPerEmail: { limit: 5, windowSeconds: HOUR },
  signupsPerPhone: { limit: 5, windowSeconds: HOUR },
  resetRequestsPerAddress: { limit: 10, windowSeconds: MINUTES_15 },
  resetRequestsPerEmailAndAddress: { limit: 3, windowSeconds: MINUTES_15 },
  resetRequestsPerEmailHourly: { limit: 5, windowSeconds: HOUR },
  resetRequestsPerDevice: { limit: 3, windowSeconds: MINUTES_15 },
  resetVerificationsPerAddress: { limit: 20, windowSeconds: MINUTES_15 },
  resetWrongPinsPerEmailHourly: { limit: 5, windowSeconds: HOUR },
  contactMessagesPerAddress: { limit: 5, windowSeconds: HOUR },
  contactMessagesPerEmail: { limit: 10, windowSeconds: DAY },
};

export type Throttles = Record<keyof AuthLimits, Throttle>;

/**
 * Throttles that count in each process's memory while a shared store (Redis) is away; every
 * other one (logins and password resets: guessing) refuses with 503 meanwhile. See WhenStoreDown.
 */
const COUNT_LOCALLY_WHEN_STORE_DOWN = new Set<keyof AuthLimits>([
  'signupsPerAddress',
  'signupsPerEmail',
  'signupsPerPhone',
  'contactMessagesPerAddress',
  'contactMessagesPerEmail',
]);

/** What the account routes are given by `createApp`. */
export interface AccountsOptions {
  /** HS256 key of session tokens, at least 32 bytes. */
  secret: Uint8Array;
  tokenTtlSeconds: number;
  /** How long a staff session lasts (STAFF_TOKEN_TTL_HOURS); 8 hours when unset. */
  staffTokenTtlSeconds?: number;
  mailer: Mailer;
  /**
   * Clock in milliseconds (tests move it to expire tokens and PINs). Throttles count on the
   * system clock (rate-limiter-flexible reads Date.now): tests move that one to expire them.
   */
  now?: () => number;
  /** Throttle allowances to change, or false for none at all (RATE_LIMITS=off). */
  limits?: Partial<AuthLimits> | false;
  /** Where the throttles keep their counts (memory unless another store is plugged in). */
  throttleStore?: ThrottleStore;
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
  trustProxy: TrustProxy;
}

/** Builds the shared account context: token settings, throttles and clock. */
export function createAccounts(db: Db, options: AccountsOptions, mediaDir: string, trustProxy: TrustProxy): Accounts {
  if (options.secret.byteLength < 32) throw new Error('The token secret must be at least 32 bytes.');
  const now = options.now ?? Date.now;
  const limits = options.limits;
  const throttles = Object.fromEntries(
    (Object.keys(DEFAULT_AUTH_LIMITS) as (keyof AuthLimits)[]).map((name) => [
      name,
      limits === false
        ? NO_THROTTLE
        : new RateLimiter(
            name,
            { ...DEFAULT_AUTH_LIMITS[name], ...limits?.[name] },
            options.throttleStore,
            COUNT_LOCALLY_WHEN_STORE_DOWN.has(name) ? 'count-locally' : 'refuse',
          ),
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
