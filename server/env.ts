import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_COD_LIMIT_RUPEES } from '../contract/delivery';
import { SQLITE_FILE_NAME } from './db/engine';
import { redactUrl } from './db/postgres';
import { DEMO_SELLER, sellerProblem, type Seller } from './services/invoices/issuing';
import { parseTrustProxy, type TrustProxy } from './shared/proxy-trust';

/** `name@host.tld` or `Display Name <name@host.tld>`; no line breaks or control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const MAILBOX = /^(?:[^\u0000-\u001f\u007f<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** An http(s) origin: scheme, host and optional port, nothing after (a trailing slash is tolerated). */
function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#@]+\/?$/i.test(value)) return false;
  try {
    return new URL(value).pathname === '/';
  } catch {
    return false;
  }
}

const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Razorpay key ids: `rzp_test_…` or `rzp_live_…`. */
const RAZORPAY_KEY_ID = /^rzp_(?:test|live)_[A-Za-z0-9]{6,40}$/;

const fields = z.object({
  PORT: whole(1, 65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  SITE_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(?:ql)?:\/\/\S+$/i, 'must be a postgres:// URL such as postgres://shop@127.0.0.1:5432/shop')
    .refine((url) => URL.canParse(url), 'must be a postgres:// URL such as postgres://shop@127.0.0.1:5432/shop')
    .optional(),
  DATABASE_POOL_SIZE: whole(1, 200).default(10),
  SEED_PRODUCTS: whole(1, 1_000_000).default(320),
  REBUILD_INTERVAL_MINUTES: whole(0, 7 * 24 * 60).default(0),
  SITE_BUILDS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  BUILD_WORKERS: whole(1, 16).optional(),
  PICTURE_ENCODING: z.enum(['on', 'on-demand', 'off'], { error: 'must be on, on-demand or off' }).default('on'),
  LOG_REQUESTS: z.enum(['0', '1']).default('0'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: whole(1, 24 * 365).default(48),
  // A staff session is a working day or less: the back office can change prices, orders and staff.
  STAFF_TOKEN_TTL_HOURS: whole(1, 24).default(8),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/i, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAILBOX, 'must be an address such as "Shop <no-reply@example.in>"')
    .default('GharBazaar <no-reply@gharbazaar.in>'),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `must be 0, 1 (the one proxy in front), a number of proxies, or proxy addresses and CIDR ranges separated by commas (${error instanceof Error ? error.message : String(error)})`,
        });
        return z.NEVER;
      }
    }),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RAZORPAY_KEY_ID: z.string().trim().regex(RAZORPAY_KEY_ID, 'must look like rzp_test_… or rzp_live_…').optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(8, 'must be the key secret Razorpay gave with the key id').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  LOCAL_PAYMENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STOREFRONT_ORIGIN: z
    .string()
    .trim()
    .refine(isOrigin, "must be the storefront's origin alone, such as https://shop.example.in (no path)")
    .optional(),
  PAYMENT_PROVIDER: z.enum(['razorpay', 'local'], { error: 'must be razorpay or local' }).optional(),
  REDIS_URL: z
    .string()
    .trim()
    .refine(isRedisUrl, 'must be a redis:// or rediss:// URL with a host, e.g. redis://127.0.0.1:6379')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('gharbazaar:'),
  WEB_CONCURRENCY: whole(1, 32).default(1),
  ORDER_PAYMENT_TIMEOUT_MINUTES: whole(5, 7 * 24 * 60).default(30),
  // The shop on its GST tax invoices; the demo shop's registration when unset.
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(200).optional(),
  SHOP_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine((v) => v.split('|').every((line) => line.trim()), 'must be address lines separated by |')
    .optional(),
  SHOP_GSTIN: z.string().trim().toUpperCase().optional(),
  SHOP_STATE: z.string().trim().min(1).max(100).optional(),
  DELIVERY_ZONES_FILE: z.string().trim().min(1).optional(),
  COD_LIMIT: whole(0, 1_000_000).default(DEFAULT_COD_LIMIT_RUPEES),
  // Read only to refuse a production shop that would silently take test payments.
  NODE_ENV: z.string().optional(),
});

/** `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS), with a database index of 0 to 15 when given. */
function isRedisUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return false;
  if (!url.hostname) return false;
  return /^\/?(?:[0-9]|1[0-5])?$/.test(url.pathname);
}

// A key id without its secret (or the reverse) would leave the shop half on Razorpay.
const schema = fields.superRefine((v, ctx) => {
  const sellerSet = [v.SHOP_LEGAL_NAME, v.SHOP_ADDRESS, v.SHOP_GSTIN, v.SHOP_STATE].filter(Boolean).length;
  if (sellerSet > 0 && sellerSet < 4) {
    ctx.addIssue({
      code: 'custom',
      path: [
        !v.SHOP_LEGAL_NAME
          ? 'SHOP_LEGAL_NAME'
          : !v.SHOP_ADDRESS
            ? 'SHOP_ADDRESS'
            : !v.SHOP_GSTIN
              ? 'SHOP_GSTIN'
              : 'SHOP_STATE',
      ],
      message:
        'SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_GSTIN and SHOP_STATE go on tax invoices together: set all four, or none',
    });
  } else if (sellerSet === 4) {
    const problem = sellerProblem(sellerOf(v) as Seller);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['SHOP_GSTIN'], message: `cannot go on a tax invoice: ${problem}` });
  }
  const missing = !v.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_ID' : !v.RAZORPAY_KEY_SECRET ? 'RAZORPAY_KEY_SECRET' : null;
  if ((v.RAZORPAY_KEY_ID || v.RAZORPAY_KEY_SECRET) && missing) {
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message:
        'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together (both for Razorpay, neither for the local test checkout)',
    });
    return;
  }
  const keys = Boolean(v.RAZORPAY_KEY_ID && v.RAZORPAY_KEY_SECRET);
  if (v.PAYMENT_PROVIDER === 'razorpay' && !keys) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        'Razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both, or PAYMENT_PROVIDER=local for test payments',
    });
  } else if (!v.PAYMENT_PROVIDER && !keys && v.NODE_ENV === 'production') {
    // A live shop without keys would hand out free orders through the test checkout: opting in must be explicit.
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        'NODE_ENV=production takes real payments: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or PAYMENT_PROVIDER=local to run the test checkout (no money is taken)',
    });
  }
});

/** The seller of SHOP_LEGAL_NAME, SHOP_ADDRESS (lines separated by |), SHOP_GSTIN and SHOP_STATE, when all are set. */
function sellerOf(v: z.output<typeof fields>): Seller | undefined {
  if (!v.SHOP_LEGAL_NAME || !v.SHOP_ADDRESS || !v.SHOP_GSTIN || !v.SHOP_STATE) return undefined;
  return {
    legalName: v.SHOP_LEGAL_NAME,
    addressLines: v.SHOP_ADDRESS.split('|').map((line) => line.trim()),
    gstin: v.SHOP_GSTIN,
    state: v.SHOP_STATE,
  };
}

/** Variables whose values are secrets: a bad one is named in errors, never echoed. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'SMTP_URL',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'LOCAL_PAYMENT_SECRET',
  // It may carry a password.
  'REDIS_URL',
]);

/** Variables holding URLs that may carry a password: shown in errors with the password masked. */
const URL_VARIABLES = new Set(['DATABASE_URL']);

/** Where the shop keeps its data: the SQLite file in DATA_DIR, or a PostgreSQL server. */
export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; poolSize: number };

export interface Env {
  port: number;
  host: string;
  /** Absolute path of the folder holding the database, media and built site. */
  dataDir: string;
  /** SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is set. */
  database: DatabaseConfig;
  /** Public origin used for canonical URLs, Open Graph and the sitemap. */
  siteUrl: string;
  seedProducts: number;
  rebuildIntervalMinutes: number;
  /**
   * False: this process never builds the static site (API processes of a fleet whose pages are
   * built by `npm run build` or by one process of their own, and served from a CDN).
   */
  siteBuilds: boolean;
  /**
   * False: this process never draws or encodes pictures (processes of a fleet whose pictures
   * another process encodes, and test shops that never show them).
   */
  pictureEncoding: boolean;
  /**
   * True: the process that builds also draws and encodes in the background every picture still waiting (`on`);
   * false with `on-demand`, where a picture is made only when first asked for (a small shop, a test shop).
   */
  backgroundEncoding: boolean;
  /** Site builds run side by side, each rendering a share of the pages (one per core, at most two by default). */
  buildWorkers: number;
  logRequests: boolean;
  /** Signing key for session tokens; when unset one is generated into the data folder. */
  jwtSecret: string | undefined;
  tokenTtlHours: number;
  /** How long a staff login lasts (1 to 24 hours). */
  staffTokenTtlHours: number;
  /** SMTP server for outgoing mail; when unset mail is written to DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Whose X-Forwarded-For entries name the client: none, a count of proxies in front, or their addresses. */
  trustProxy: TrustProxy;
  /** Throttling of logins, sign-ups and password resets (off only for load or end-to-end tests). */
  rateLimits: boolean;
  /** Razorpay's key pair; both set or neither (then the local test checkout takes payments). */
  razorpay: { keyId: string; keySecret: string } | undefined;
  /** Secret of Razorpay's webhook, when one is set up. */
  razorpayWebhookSecret: string | undefined;
  /** Signing key of the local test checkout; when unset one is generated into the data folder. */
  localPaymentSecret: string | undefined;
  /**
   * Who takes payments: Razorpay (its keys are set) or the local test checkout, where no money
   * is taken. Local is the default only outside production; production must opt in to it.
   */
  paymentProvider: 'razorpay' | 'local';
  /**
   * The origin of a storefront served from elsewhere (a CDN): the API answers its browser calls
   * (CORS). Unset, the API sends no CORS headers and only its own pages call it.
   */
  storefrontOrigin: string | undefined;
  /**
   * Redis, for what several API processes share (throttles, the catalogue cache's invalidation,
   * the site builder's lock); unset: one process keeps them in memory.
   */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel of this shop, so shops (or tests) can share one Redis. */
  redisKeyPrefix: string;
  /** API processes to run (node:cluster), sharing the port. */
  webConcurrency: number;
  /** Minutes an unpaid online order holds its stock before it expires (5 minutes to 7 days). */
  orderPaymentTimeoutMinutes: number;
  /** The shop as its tax invoices name it. */
  seller: Seller;
  /**
   * Absolute path of the shop's own delivery zones (a JSON array of `{name, prefixes, days, cod}`);
   * unset: the demo shop's table. Read and checked at start-up (services/delivery/zones.ts).
   */
  deliveryZonesFile: string | undefined;
  /** The largest order, in whole rupees, that may be paid in cash on delivery. */
  codLimitRupees: number;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

/** Reads the configuration from the environment once; a bad value throws naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(
    Object.keys(fields.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown =
        present[name] === undefined
          ? '(unset)'
          : SECRET_VARIABLES.has(name)
            ? '(hidden)'
            : URL_VARIABLES.has(name)
              ? JSON.stringify(redactUrl(String(present[name])))
              : JSON.stringify(present[name]);
      return `${issue.path.join('.')}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const v = parsed.data;
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    database: v.DATABASE_URL
      ? { engine: 'postgres', url: v.DATABASE_URL, poolSize: v.DATABASE_POOL_SIZE }
      : { engine: 'sqlite', file: path.join(path.resolve(v.DATA_DIR), SQLITE_FILE_NAME) },
    siteUrl: (v.SITE_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    seedProducts: v.SEED_PRODUCTS,
    rebuildIntervalMinutes: v.REBUILD_INTERVAL_MINUTES,
    siteBuilds: v.SITE_BUILDS === 'on',
    pictureEncoding: v.PICTURE_ENCODING !== 'off',
    backgroundEncoding: v.PICTURE_ENCODING === 'on',
    buildWorkers: v.BUILD_WORKERS ?? Math.min(2, os.availableParallelism()),
    logRequests: v.LOG_REQUESTS === '1',
    jwtSecret: v.JWT_SECRET,
    tokenTtlHours: v.TOKEN_TTL_HOURS,
    staffTokenTtlHours: v.STAFF_TOKEN_TTL_HOURS,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    trustProxy: v.TRUST_PROXY,
    rateLimits: v.RATE_LIMITS === 'on',
    razorpay:
      v.RAZORPAY_KEY_ID && v.RAZORPAY_KEY_SECRET
        ? { keyId: v.RAZORPAY_KEY_ID, keySecret: v.RAZORPAY_KEY_SECRET }
        : undefined,
    razorpayWebhookSecret: v.RAZORPAY_WEBHOOK_SECRET,
    localPaymentSecret: v.LOCAL_PAYMENT_SECRET,
    paymentProvider: v.PAYMENT_PROVIDER ?? (v.RAZORPAY_KEY_ID && v.RAZORPAY_KEY_SECRET ? 'razorpay' : 'local'),
    // The browser's Origin header is the lower-case serialisation: compare against the same.
    storefrontOrigin: v.STOREFRONT_ORIGIN ? new URL(v.STOREFRONT_ORIGIN).origin : undefined,
    redisUrl: v.REDIS_URL,
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    webConcurrency: v.WEB_CONCURRENCY,
    orderPaymentTimeoutMinutes: v.ORDER_PAYMENT_TIMEOUT_MINUTES,
    seller: sellerOf(v) ?? DEMO_SELLER,
    deliveryZonesFile: v.DELIVERY_ZONES_FILE ? path.resolve(v.DELIVERY_ZONES_FILE) : undefined,
    codLimitRupees: v.COD_LIMIT,
  };
}
