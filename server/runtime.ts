import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { exclusively, migrate, openDatabase, openPostgres, type Db } from './db';
import { databaseName, ensureDatabase, redactUrl } from './db/postgres';
import { catalogueIsEmpty, hasUndrawnPictures } from './db/catalogue-state';
import { rupeesToPaise } from '../contract/pricing';
import { ConfigError, loadEnv, type Env } from './env';
import type { AccountsOptions } from './services/auth/accounts';
import type { DeliveryOptions } from './services/delivery/serviceability';
import type { RecipeRenderer } from './services/images/encoder';
import { DEFAULT_ZONES, loadZonesFile } from './services/delivery/zones';
import type { Mailer } from './services/mail/mailer';
import { OutboxMailer } from './services/mail/outbox';
import { SmtpMailer } from './services/mail/smtp';
import { createLocalProvider } from './services/payments/local';
import type { PaymentsOptions } from './services/payments/provider';
import type { OrderingOptions } from './services/orders/ordering';
import { createRazorpayProvider } from './services/payments/razorpay';
import { SharedRedis } from './shared/redis';

/** Bytes of a generated token secret. */
const SECRET_BYTES = 32;

/**
 * The Node major package.json's `engines` names. `npm install` puts that Node in node_modules/.bin and npm scripts run
 * on it; the machine's own Node, started by hand, may be older: better-sqlite3 crashes (a segmentation fault, no
 * message) opening a database on Node 20, which lacks the Node-API version it is built for.
 */
function requiredNodeMajor(): number {
  const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    engines: { node: string };
  };
  return Number.parseInt(pkg.engines.node, 10);
}

/** What to say when Node `running` (e.g. `20.20.2`) is not of the `required` major; null when it is. */
export function wrongNode(running: string, required: number): string | null {
  if (Number.parseInt(running, 10) === required) return null;
  return (
    `GharBazaar runs on Node ${required}, not ${running}: start it with npm (npm start, npm run …), ` +
    'which runs the Node that npm install puts in node_modules/.bin'
  );
}

/** Ends the process with one line naming the Node to use when this is another one (better-sqlite3 would crash it). */
export function exitOnWrongNode(): void {
  const wrong = wrongNode(process.versions.node, requiredNodeMajor());
  if (wrong) {
    console.error(wrong);
    process.exit(2);
  }
}

/**
 * Reads the configuration, or ends the process with a message naming the bad variable, or the Node to start it
 * on when this is another one.
 */
export function envOrExit(): Env {
  exitOnWrongNode();
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * A reason the shop cannot start that its operator can fix, said in one line (what is wrong and
 * what to do); the process ends with it and no stack.
 */
export class StartupError extends Error {}

/**
 * Makes sure DATA_DIR is a folder this process can write to (creating it if needed), before
 * anything is written there: otherwise a StartupError naming DATA_DIR.
 */
export function checkDataDir(dataDir: string): void {
  const fix = 'set DATA_DIR to a folder the shop can write to.';
  try {
    const stat = fs.statSync(dataDir, { throwIfNoEntry: false });
    if (stat && !stat.isDirectory()) throw new StartupError(`DATA_DIR=${dataDir} is a file, not a folder: ${fix}`);
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw new StartupError(`DATA_DIR=${dataDir} cannot be created (${reason(error)}): ${fix}`);
  }
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new StartupError(`DATA_DIR=${dataDir} is not writable (${reason(error)}): ${fix}`);
  }
}

/** A file system error in a few words: its code and what it means. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const meanings: Record<string, string> = {
    ENOTDIR: 'a part of the path is a file',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    ENOENT: 'the path cannot exist here',
  };
  return code ? `${code}: ${meanings[code] ?? 'file system error'}` : String(error);
}

/**
 * Runs an entry point's `main`: a StartupError or a bad setting ends the process with its one
 * line on stderr and exit code 1 (2 for configuration, as before), never a stack.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof StartupError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(error instanceof ConfigError ? 2 : 1);
    }
    console.error(error);
    process.exit(1);
  });
}

/**
 * Opens the shop's database: the SQLite file in DATA_DIR, or the PostgreSQL server of
 * DATABASE_URL (whose database is created on the first start when the server has none of that
 * name). A server that cannot be reached stops start-up with one line naming DATABASE_URL and
 * the address tried, its password masked.
 */
export async function openShopDatabase(env: Env, log: (line: string) => void = console.log): Promise<Db> {
  const config = env.database;
  if (config.engine === 'sqlite') return openDatabase(config.file);
  const shown = redactUrl(config.url);
  try {
    const { created } = await ensureDatabase(config.url);
    if (created) log(`Created the database ${databaseName(config.url)} on ${new URL(config.url).host}`);
  } catch (error) {
    throw new StartupError(
      `DATABASE_URL=${shown} cannot be used (${postgresReason(error)}): start PostgreSQL there or correct DATABASE_URL.`,
    );
  }
  let lastReport = 0;
  return openPostgres(config.url, {
    poolSize: config.poolSize,
    // Once a minute at most: a restarting server drops every idle connection at once.
    onIdleError: (error) => {
      if (Date.now() - lastReport < 60_000) return;
      lastReport = Date.now();
      log(`PostgreSQL closed a connection (${postgresReason(error)}); new ones are opened as requests need them`);
    },
  });
}

/** A driver error in a few words: its code and message, never the URL's password. */
function postgresReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const text = message || (error instanceof AggregateError ? String(error.errors[0]) : 'no answer');
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

/**
 * Opens and migrates the shop's database, seeding the demo catalogue when it is empty. The demo
 * (server/demo/) is loaded here only, and only when it has something to do: a shop whose
 * catalogue was filled otherwise (an import, or `npm run seed` earlier) starts without it. Two
 * processes starting at once on one PostgreSQL database migrate and seed once.
 */
export async function prepareData(env: Env, log: (line: string) => void = console.log): Promise<Db> {
  // The data folder holds the media, the built site and the generated secrets on either engine.
  checkDataDir(env.dataDir);
  const db = await openShopDatabase(env, log);
  try {
    await exclusively(db, 'gharbazaar:prepare-data', async (locked) => {
      const applied = await migrate(locked);
      if (applied.length) log(`Database migrated: ${applied.join(', ')}`);
      const empty = await catalogueIsEmpty(locked);
      if (empty || (await hasUndrawnPictures(locked))) {
        const { prepareDemo } = await import('./demo/seed');
        for (const line of await prepareDemo(locked, { seedProducts: env.seedProducts, empty })) log(line);
      }
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Draws a demo seed's photo from its recipe (the images table's `recipe`) on the demo's worker
 * threads. Start-up and `npm run shop -- images:encode` hand it to the picture encoder, which
 * knows nothing of the demo; the demo's renderer is loaded on the first photo that needs drawing,
 * so a shop whose pictures are all on disk never loads it.
 */
export const drawDemoPhoto: RecipeRenderer = async (recipe) => {
  const { drawPhotoRecipeOffThread } = await import('./demo/photo-recipes');
  return drawPhotoRecipeOffThread(recipe);
};

/**
 * Starts answering on host:port; resolves with the server once it listens. A port that is taken
 * or not allowed, or a HOST that is not this machine's, rejects with a StartupError saying what to do.
 */
export function listen(app: Hono, port: number, host: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(server));
    keepConnectionsOpen(server);
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, port, host)));
  });
}

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s; a load balancer
 * (or any client) that reuses it as it closes gets ECONNRESET. Balancers keep idle connections
 * up to 60 s (nginx's keepalive_timeout 75 s is its side to clients), so the shop keeps its side
 * open longer than they do, and they close first.
 */
export const KEEP_ALIVE_MS = 65_000;

function keepConnectionsOpen(server: ServerType): void {
  const http = server as Partial<Pick<HttpServer, 'keepAliveTimeout' | 'headersTimeout'>>;
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  // Must exceed keepAliveTimeout, or a request arriving on a connection just reused can time out.
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** The one line an operator needs for a failed listen, or the error itself when it is not one of theirs. */
export function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new StartupError(`Port ${port} is in use: stop the other program or set PORT to a free port.`);
    case 'EACCES':
      return new StartupError(
        `Port ${port} needs privileges this process does not have: set PORT to a port above 1023.`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(
        `HOST=${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`,
      );
    default:
      return error;
  }
}

/** The port a listening server got (useful with port 0). */
export function boundPort(server: ServerType): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * A random secret generated once into DATA_DIR/`name` (mode 0600) and reused, as hex; `what`
 * names it in the error when the file is damaged.
 */
function dataDirSecret(env: Env, name: string, what: string): string {
  const file = path.join(env.dataDir, name);
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    // 'wx': when two processes start at once (start and build), one writes and both read it.
    fs.writeFileSync(file, `${crypto.randomBytes(SECRET_BYTES).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64,}$/i.test(hex)) {
    throw new ConfigError(`${file} does not hold a ${what} (64 or more hex digits); delete it to generate one.`);
  }
  return hex;
}

/**
 * The HS256 key for session tokens: JWT_SECRET when set, else a random key generated once into
 * DATA_DIR/jwt-secret (mode 0600) and reused, so sessions survive restarts.
 */
export function loadTokenSecret(env: Env): Uint8Array {
  if (env.jwtSecret) return new TextEncoder().encode(env.jwtSecret);
  return Buffer.from(dataDirSecret(env, 'jwt-secret', 'token secret'), 'hex');
}

/**
 * The local test checkout's signing key: LOCAL_PAYMENT_SECRET when set, else one generated once
 * into DATA_DIR/payment-secret, so payments started before a restart still verify after it.
 */
export function loadLocalPaymentSecret(env: Env): string {
  return env.localPaymentSecret ?? dataDirSecret(env, 'payment-secret', 'payment secret');
}

/** The payment provider (PAYMENT_PROVIDER: Razorpay or the local test checkout) and webhook secret. */
export function paymentsOptions(env: Env): PaymentsOptions {
  const provider =
    env.paymentProvider === 'razorpay' && env.razorpay
      ? createRazorpayProvider(env.razorpay)
      : createLocalProvider(loadLocalPaymentSecret(env));
  return { provider, webhookSecret: env.razorpayWebhookSecret };
}

/**
 * Where the shop delivers: the zones of DELIVERY_ZONES_FILE (else the demo shop's) and COD_LIMIT.
 * A zone file that cannot be used throws a ConfigError: one line naming DELIVERY_ZONES_FILE.
 */
export function deliveryOptions(env: Env): DeliveryOptions {
  return {
    zones: env.deliveryZonesFile ? loadZonesFile(env.deliveryZonesFile) : DEFAULT_ZONES,
    codLimitPaise: rupeesToPaise(env.codLimitRupees),
  };
}

/** How long unpaid orders hold their stock (ORDER_PAYMENT_TIMEOUT_MINUTES). */
export function orderingOptions(env: Env): OrderingOptions {
  return { paymentTimeoutMinutes: env.orderPaymentTimeoutMinutes };
}

/** Longest wait, on SIGTERM or SIGINT, for the requests under way to finish. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops accepting connections and resolves once the requests under way have been answered, or
 * after `graceMs`, when the connections still open are cut. Idle keep-alive connections are
 * closed at once, and each busy one as soon as its answer is sent.
 */
export function closeServer(server: ServerType, graceMs: number): Promise<void> {
  const http = server as Partial<Pick<HttpServer, 'closeIdleConnections' | 'closeAllConnections'>>;
  return new Promise((resolve) => {
    const idle = setInterval(() => http.closeIdleConnections?.(), 50);
    const cut = setTimeout(() => http.closeAllConnections?.(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    http.closeIdleConnections?.();
  });
}

/** The start-up notes of what runs without being configured: mail to files, no throttles, test payments. */
export function sayWhatRuns(env: Env, log: (line: string) => void): void {
  if (!env.smtpUrl) log(`No SMTP_URL: e-mails are written to ${outboxDir(env)}`);
  if (!env.rateLimits) log('RATE_LIMITS=off: logins, sign-ups and password resets are not throttled');
  if (!env.deliveryZonesFile) {
    log("No DELIVERY_ZONES_FILE: the demo shop's delivery zones say where and how soon orders arrive");
  }
  if (env.paymentProvider !== 'razorpay' || !env.razorpay) {
    log(
      'Test mode: payments go through the local test checkout and no money is taken (set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for Razorpay)',
    );
  }
}

/** What the shop does while Redis is away, said in the one line that tells it went away. */
const WITHOUT_REDIS =
  'logins and password resets answer 503 until it is back, sign-ups and contact messages are counted by each process alone, ' +
  'and catalogue answers are not cached; everything else goes on';

/**
 * Redis (REDIS_URL), connected, or null when it is not configured. An unreachable Redis at start
 * is a StartupError naming REDIS_URL and the address tried, never its password; once started,
 * Redis coming and going is logged once each way.
 */
export async function connectSharedRedis(env: Env, log: (line: string) => void): Promise<SharedRedis | null> {
  if (!env.redisUrl) return null;
  try {
    return await SharedRedis.connect(env.redisUrl, { prefix: env.redisKeyPrefix, log, whileDown: WITHOUT_REDIS });
  } catch (error) {
    const what = error instanceof Error ? error.message : String(error);
    throw new StartupError(`REDIS_URL: ${what}: start Redis there, or correct or unset REDIS_URL.`);
  }
}

/** Outgoing mail: through SMTP_URL when set, else as .eml files in DATA_DIR/outbox/. */
export function createMailer(env: Env): Mailer {
  return env.smtpUrl ? new SmtpMailer(env.smtpUrl, env.mailFrom) : new OutboxMailer(outboxDir(env), env.mailFrom);
}

/** The folder mail is written to when no SMTP server is configured. */
export function outboxDir(env: Env): string {
  return path.join(env.dataDir, 'outbox');
}

/** The folder of uploaded and served media. */
export function mediaDir(env: Env): string {
  return path.join(env.dataDir, 'media');
}

/** What the account routes need, from the configuration. */
export function accountsOptions(env: Env): AccountsOptions {
  return {
    secret: loadTokenSecret(env),
    tokenTtlSeconds: env.tokenTtlHours * 3600,
    staffTokenTtlSeconds: env.staffTokenTtlHours * 3600,
    mailer: createMailer(env),
    limits: env.rateLimits ? undefined : false,
  };
}
