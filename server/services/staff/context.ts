import type { Db } from '../../db';
import type { TrustProxy } from '../../shared/proxy-trust';
import type { Accounts, AccountsOptions } from '../auth/accounts';
import type { TokenConfig } from '../auth/tokens';
import type { DeliveryOptions } from '../delivery/serviceability';
import type { Invoices } from '../invoices/issuing';
import type { Mailer } from '../mail/mailer';
import type { Ordering } from '../orders/ordering';
import { NO_THROTTLE, RateLimiter, type Allowance, type Throttle } from '../rate-limit';
import { DEFAULT_STAFF_TOKEN_TTL_SECONDS } from './tokens';

/**
 * How often staff may try to sign in, counted as shoppers' logins are (services/auth/accounts.ts):
 * per address, per (account, address) and per account a day for browsers without the account's
 * device cookie, and per device cookie for the one that has it, so a stranger's failures lock
 * strangers out and never the staff member's own browser.
 */
export interface StaffLimits {
  /** Login attempts from one address, whatever the e-mails (a back office has few people per address). */
  loginAttemptsPerAddress: Allowance;
  /** Failed logins of one account from one address without its device cookie. */
  loginFailuresPerAccountAndAddress: Allowance;
  /** Failed logins of one account from all browsers without its device cookie, a day. */
  loginFailuresPerAccountDaily: Allowance;
  /** Failed logins presenting one device cookie. */
  loginFailuresPerDevice: Allowance;
  /** Invitations tried from one address (tokens are 256 random bits: this bounds the load, not luck). */
  inviteAcceptsPerAddress: Allowance;
}

const MINUTES_15 = 15 * 60;
const DAY = 24 * 3600;

export const DEFAULT_STAFF_LIMITS: StaffLimits = {
  loginAttemptsPerAddress: { limit: 20, windowSeconds: MINUTES_15 },
  loginFailuresPerAccountAndAddress: { limit: 5, windowSeconds: MINUTES_15 },
  loginFailuresPerAccountDaily: { limit: 20, windowSeconds: DAY },
  loginFailuresPerDevice: { limit: 5, windowSeconds: MINUTES_15 },
  inviteAcceptsPerAddress: { limit: 10, windowSeconds: MINUTES_15 },
};

export type StaffThrottles = Record<keyof StaffLimits, Throttle>;

/** Staff sign-in and sessions: what checking a staff call needs. */
export interface StaffAccess {
  db: Db;
  /** Staff tokens: the shop's secret, the staff lifetime, the app's clock. */
  tokens: TokenConfig;
  mailer: Mailer;
  now: () => number;
  throttles: StaffThrottles;
  /** The shop's secret (device cookies are signed with a key derived from it). */
  secret: Uint8Array;
  trustProxy: TrustProxy;
  /** The shop's public address, for the links in invitations. */
  siteUrl: string;
}

/** What the back office uses of the rest of the shop, made once per app. */
export interface StaffShop {
  /** Orders as the shop moves them (staff moves, cancellations with refunds). */
  ordering: Ordering;
  /** Tax invoices, for printing an order's. */
  invoices: Invoices;
  /** Where the shop delivers: the date promised to each order's pincode. */
  delivery?: DeliveryOptions;
  /** Folder of uploaded media (catalogue photos are stored below it, as profile pictures are). */
  mediaDir: string;
  /**
   * Call after a committed catalogue change (which recorded its pages with `recordSiteChange` in
   * its transaction): empties every process's catalogue answers and wakes the page refresher.
   */
  catalogueChanged: () => void;
}

/** Everything the back office's routes share, built once per app. */
export type StaffContext = StaffAccess & StaffShop;

/**
 * The back office's context, from the shoppers' one (database, secret, mailer, clock) and the
 * account options (staff token lifetime, throttle store; no throttles at all when RATE_LIMITS=off).
 */
export function createStaff(
  accounts: Accounts,
  options: AccountsOptions,
  siteUrl: string,
  shop: StaffShop,
): StaffContext {
  return { ...createStaffAccess(accounts, options, siteUrl), ...shop };
}

/** Staff sign-in and sessions alone, from the shoppers' context and the account options. */
export function createStaffAccess(accounts: Accounts, options: AccountsOptions, siteUrl: string): StaffAccess {
  const throttles = Object.fromEntries(
    (Object.keys(DEFAULT_STAFF_LIMITS) as (keyof StaffLimits)[]).map((name) => [
      name,
      options.limits === false
        ? NO_THROTTLE
        : // Guessing throttles fail closed (503) while a shared store is away, as shoppers' logins do.
          new RateLimiter(`staff_${name}`, DEFAULT_STAFF_LIMITS[name], options.throttleStore, 'refuse'),
    ]),
  ) as StaffThrottles;
  return {
    db: accounts.db,
    tokens: {
      secret: accounts.secret,
      ttlSeconds: options.staffTokenTtlSeconds ?? DEFAULT_STAFF_TOKEN_TTL_SECONDS,
      now: accounts.now,
    },
    mailer: accounts.mailer,
    now: accounts.now,
    throttles,
    secret: accounts.secret,
    trustProxy: accounts.trustProxy,
    siteUrl: siteUrl.replace(/\/+$/, ''),
  };
}
