import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from './db';
import type { TrustProxy } from './shared/proxy-trust';
import { errorResponse } from './http/errors';
import { compress } from './http/compress';
import { storefrontCors } from './http/cors';
import { resolveFile, sendFile } from './http/static-files';
import { applySecurityHeaders } from './http/security-headers';
import { ResponseCache } from './http/response-cache';
import { apiRoutes } from './routes/api';
import { MAX_REVIEW_IMAGES } from '../contract/schemas/reviews';
import { BUSY_MESSAGE } from '../contract/shop';
import { isDatabaseUnavailable } from './repositories/dialect';
import { matchRewrite } from './site/static-host';
import { createAccounts, type AccountsOptions } from './services/auth/accounts';
import { isShownProduct } from './services/catalogue/public-catalogue';
import { createStaff } from './services/staff/context';
import { DEFAULT_DELIVERY, type DeliveryOptions } from './services/delivery/serviceability';
import { REVIEW_IMAGE } from './services/images/uploads';
import { createOrdering, DEFAULT_PAYMENT_TIMEOUT_MINUTES, type OrderingOptions } from './services/orders/ordering';
import { createInvoices, type Seller } from './services/invoices/issuing';
import { createOrderNotifier, type OrderNotifier } from './services/orders/notifications';
import { createRefunds } from './services/orders/refunds';
import { createLocalProvider } from './services/payments/local';
import type { PaymentsOptions } from './services/payments/provider';
import type { RecipeRenderer } from './services/images/encoder';
import { onDemandPictures } from './services/images/on-demand';
import { redisChangeFeed } from './shared/catalogue-changes';
import type { SharedRedis } from './shared/redis';
import { browseRenderPath } from './site/browse-address';

/** Largest request body the API reads (uploads have their own, lower, per-file limits). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** A review may carry its three largest pictures, plus room for the form around them. */
export const MAX_REVIEW_BODY_BYTES = MAX_REVIEW_IMAGES * REVIEW_IMAGE.maxBytes + 1024 * 1024;

export interface AppOptions {
  db: Db;
  /** Folder of uploaded media, served under /media/; profile pictures are stored below it. */
  mediaDir: string;
  /**
   * Draws a seeded photo from its recipe: given to a process that encodes pictures (PICTURE_ENCODING=on), which then
   * makes a picture asked for before the background encoder reached it instead of answering 404.
   */
  renderRecipe?: RecipeRenderer;
  /** Session tokens, mail and throttles of the account routes. */
  accounts: AccountsOptions;
  /**
   * The payment provider and webhook secret. Without it the local test checkout is used with a
   * key that lasts as long as the process (enough for a build, not for a shop).
   */
  payments?: PaymentsOptions;
  /** The proxies whose X-Forwarded-For entries name the client (TRUST_PROXY); none when unset. */
  trustProxy?: TrustProxy;
  /** The shop's public address (SITE_URL): when it is https, browsers are told to use nothing else (HSTS). */
  siteUrl?: string;
  /** Folder of the built site to serve, or null while the first build runs. */
  siteRoot?: () => string | null;
  /** Renders the built site's on-demand pages (search); null for an address that is not one. */
  renderPage?: (request: Request) => Promise<Response | null>;
  /** The origin of a storefront served from elsewhere (STOREFRONT_ORIGIN), allowed to call /api/ (CORS). */
  storefrontOrigin?: string;
  log?: (line: string) => void;
  /**
   * Redis shared with the shop's other API processes: a catalogue change here empties their
   * caches, and /api/health reports it. (The throttles get it through `accounts.throttleStore`.)
   */
  redis?: SharedRedis | null;
  /** When the site being served was built (for /api/health), null before the first build. */
  builtAt?: () => Date | null;
  /** Where the shop delivers and its cash-on-delivery limit; the demo shop's zones and ₹5,000 when unset. */
  delivery?: DeliveryOptions;
  /** How long unpaid orders hold their stock (ORDER_PAYMENT_TIMEOUT_MINUTES); 30 minutes by default. */
  orders?: OrderingOptions;
  /** The shop as its tax invoices name it; the demo shop's registration when unset. */
  seller?: Seller;
  /** The order e-mails' sender; one of the app's own (through the accounts' mailer) when unset. */
  notifier?: OrderNotifier;
  /**
   * Wakes the static pages' refresher after a staff change to the catalogue (its pages were
   * recorded in site_changes with the change). Unset: they wait for the next refresh or build.
   */
  siteChanged?: () => void;
}

/** Calls that can change an order (and so have an e-mail to send). */
const ORDER_CHANGES =
  /^\/api\/(?:common\/(?:create_order|verify_payment|orders\/\d+\/\w+)|payments\/(?:webhook|local\/fail)|admin\/orders\/\d+\/move)\/?$/;

/** Builds the whole HTTP application: the API, media and the static site. No port is opened. */
export function createApp(options: AppOptions): Hono {
  const { db } = options;
  const app = new Hono({ strict: false });
  const accounts = createAccounts(db, options.accounts, options.mediaDir, options.trustProxy ?? false);

  const https = options.siteUrl?.startsWith('https:') ?? false;
  app.use('*', async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the handler would rebuild the answer as a stream.
    applySecurityHeaders(c.res.headers, https);
  });
  if (options.log) {
    const log = options.log;
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }
  app.use('*', compress());
  if (options.storefrontOrigin) app.use('/api/*', storefrontCors(options.storefrontOrigin));
  const tooLarge = (c: Context) => c.json({ message: 'Request body is too large.' }, 413);
  const defaultLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const reviewLimit = bodyLimit({ maxSize: MAX_REVIEW_BODY_BYTES, onError: tooLarge });
  app.use('/api/*', (c, next) => {
    // Reads carry no body; asking a GET for one would build a full WHATWG Request for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.method === 'POST' && /^\/api\/common\/ratings\/?$/.test(c.req.path)
      ? reviewLimit(c, next)
      : defaultLimit(c, next);
  });

  const payments = options.payments ?? {
    provider: createLocalProvider(crypto.randomBytes(32).toString('hex')),
  };
  const delivery = options.delivery ?? DEFAULT_DELIVERY;
  const refunds = createRefunds(db, payments.provider, accounts.now);
  const invoices = createInvoices(db, options.seller);
  const ordering = createOrdering(db, { provider: payments.provider, refunds, invoices }, accounts.now, {
    ...options.orders,
    paymentTimeoutMinutes: options.orders?.paymentTimeoutMinutes ?? DEFAULT_PAYMENT_TIMEOUT_MINUTES,
    delivery,
  });
  const notifier =
    options.notifier ??
    createOrderNotifier(db, accounts.mailer, accounts.now, {
      siteUrl: options.siteUrl ?? 'http://localhost:4321',
      delivery,
      invoices,
      log: options.log,
    });
  // An order's change commits with its event; the e-mail goes out right after, not in the answer's time.
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.method === 'POST' && c.res.status < 500 && ORDER_CHANGES.test(c.req.path)) notifier.kick();
  });
  // One cache of public catalogue answers; a new review empties it (ratings change averages).
  const catalogueCache = new ResponseCache(db, options.redis ? redisChangeFeed(options.redis) : undefined);
  // The API (/api/) and its media (/media/): every route declared with its schemas, the document's source.
  app.route(
    '/',
    apiRoutes({
      db,
      catalogueCache,
      accounts,
      payments,
      ordering,
      effects: { refunds, invoices },
      delivery,
      staff: createStaff(accounts, options.accounts, options.siteUrl ?? 'http://localhost:4321', {
        ordering,
        invoices,
        delivery,
        mediaDir: options.mediaDir,
        catalogueChanged: () => {
          catalogueCache.invalidate();
          options.siteChanged?.();
        },
      }),
      health: { db, redis: options.redis, builtAt: options.builtAt },
      mediaDir: options.mediaDir,
      pictures: options.renderRecipe ? onDemandPictures(db, options.mediaDir, options.renderRecipe) : undefined,
    }),
  );
  app.all('/api/*', (c) => c.json({ message: `No such API path: ${c.req.path}` }, 404));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const root = options.siteRoot?.();
    if (!root) return sitePending(c);
    const url = new URL(c.req.url);
    const urlPath = url.pathname;
    // A narrowed category or subcategory address (?brand=…&sort=…) is drawn on demand at the same
    // address; a build without the browse page (or one that declines) gets the static page.
    const browsePath = browseRenderPath(url);
    if (browsePath && options.renderPage) {
      const narrowed = await options.renderPage(new Request(new URL(browsePath, url), c.req.raw));
      if (narrowed) return narrowed;
    }
    const file = await resolveFile(root, urlPath);
    if (file) return sendFile(c, file);
    const rendered = await options.renderPage?.(c.req.raw);
    if (rendered) return rendered;
    const rewrite = await rewriteTarget(db, urlPath);
    const target = rewrite && (await resolveFile(root, rewrite));
    if (target) return sendFile(c, target, { cacheControl: 'public, max-age=0, must-revalidate' });
    return notFoundPage(c, root);
  });

  app.notFound((c) => c.json({ message: `No such path: ${c.req.path}` }, 404));

  app.onError((error, c) => {
    // The HTTP layer's own refusals and the services' domain errors, through the one mapping.
    const answered = errorResponse(c, error);
    if (answered) return answered;
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 413 ? 'Request body is too large.' : error.message || 'Bad request.';
      return c.json({ message }, status);
    }
    if (error instanceof SyntaxError && c.req.path.startsWith('/api/')) {
      return c.json({ message: 'The request body is not valid JSON.' }, 400);
    }
    if (isDatabaseUnavailable(error)) {
      reportUnavailable(error);
      c.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      c.header('cache-control', 'no-store');
      return c.json({ message: BUSY_MESSAGE }, 503);
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    if (!c.req.path.startsWith('/api/') && c.req.header('accept')?.includes('text/html')) {
      return errorPage(c, options.siteRoot?.() ?? null);
    }
    return c.json({ message: 'Something went wrong.' }, 500);
  });

  return app;
}

const UNAVAILABLE_RETRY_SECONDS = 5;

/** When the database was last reported unreachable: an outage is logged once a minute, not per request. */
let lastUnavailableReport = 0;

function reportUnavailable(error: unknown): void {
  if (Date.now() - lastUnavailableReport < 60_000) return;
  lastUnavailableReport = Date.now();
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`The database is not answering (${reason}): requests get 503 with Retry-After until it is back`);
}

/** The page that serves a route the build could not know: a tracked order or a new product. */
async function rewriteTarget(db: Db, urlPath: string): Promise<string | null> {
  // The rewrites static hosts are given too (site/static-host.ts).
  const match = matchRewrite(urlPath);
  if (!match) return null;
  if (match.rewrite.onlyKnownProduct && !(await isShownProduct(db, Number(match.id)))) return null;
  return match.rewrite.page;
}

async function notFoundPage(c: Context, root: string): Promise<Response> {
  const file = path.join(root, '404.html');
  if (fs.existsSync(file)) return sendFile(c, file, { status: 404, cacheControl: 'no-store' });
  return c.text('Not found', 404);
}

async function errorPage(c: Context, root: string | null): Promise<Response> {
  const file = root && path.join(root, '500.html');
  if (file && fs.existsSync(file)) return sendFile(c, file, { status: 500, cacheControl: 'no-store' });
  return c.text('Unexpected Application Error!', 500);
}

function sitePending(c: Context): Response {
  c.header('retry-after', '5');
  c.header('cache-control', 'no-store');
  // No script at all; its only style is inline.
  c.header(
    'content-security-policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><title>Opening soon</title></head>` +
      `<body style="font-family:system-ui,sans-serif;padding:3rem;text-align:center">` +
      `<h1>The shop is opening</h1><p>The catalogue is being prepared. This page reloads by itself in a few seconds.</p>` +
      `</body></html>`,
    503,
  );
}
