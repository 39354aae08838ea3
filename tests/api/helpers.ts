import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp, type AppOptions } from '../../server/app';
import { migrate, type Db } from '../../server/db';
import { seedCatalogue } from '../../server/demo/seed';
import { generateCatalogue } from '../../server/demo/generate';
import type { AccountsOptions } from '../../server/services/auth/accounts';
import { OutboxMailer } from '../../server/services/mail/outbox';
import { createInvoices } from '../../server/services/invoices/issuing';
import { createOrderNotifier } from '../../server/services/orders/notifications';
import { createOrdering } from '../../server/services/orders/ordering';
import { createRefunds } from '../../server/services/orders/refunds';
import { createLocalProvider } from '../../server/services/payments/local';
import { createRazorpayProvider, razorpayClient } from '../../server/services/payments/razorpay';
import { hmacHex, paymentSignature, randomBase62 } from '../../server/services/payments/signatures';
import { openTestDatabase, type TestDatabase } from '../database';
import { checkAnswer } from './answer-contract';
import { until } from '../wait';

/** One answer of the in-process app, its body parsed as JSON when it is JSON. */
export interface TestResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

/** How a test sends a request: a JSON body, a form, raw bytes, a bearer token, extra headers. */
export interface CallOptions {
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: Hono;
  db: Db;
  /** The database under the app (another app can share it: `sameDatabaseAs`). */
  database: TestDatabase;
  /** Temporary folder of this app: outbox/ and media/ live below it. */
  dir: string;
  outboxDir: string;
  mediaDir: string;
  /** The app's clock: real time plus whatever `advance` added. */
  clock: { now(): number; advance(ms: number): void };
  get(path: string, init?: RequestInit): Promise<TestResponse>;
  call(method: string, path: string, options?: CallOptions): Promise<TestResponse>;
  /** Runs a SQL statement through a connection of its own, as another process would (SQLite: needs `databaseFile`). */
  runElsewhere(statement: string): Promise<void>;
  /** Closes the database and removes the temporary folder. */
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Omit<AppOptions, 'db' | 'accounts'>> {
  /** A database file instead of memory, so a second connection can change it as another process would. */
  databaseFile?: string;
  /**
   * Serve the database of this app through a handle of its own (another process of the same shop),
   * instead of a new seeded one. SQLite needs the first app's `databaseFile`. Only its `database`
   * is read, so a database opened otherwise (through a relay) can be served too.
   */
  sameDatabaseAs?: Pick<TestApp, 'database'>;
  /** Connections of the app's PostgreSQL pool (4 by default). */
  poolSize?: number;
  /** Account settings to change; throttles are off unless `limits` is given. */
  accounts?: Partial<AccountsOptions>;
}

/** Key secret of the test apps' local payment provider (tests sign payments with it, as its checkout does). */
export const TEST_PAYMENT_SECRET = 'test-payment-secret-0123456789abcdef';
/** Webhook secret of test apps (tests sign webhook deliveries with it). */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

/** The token secret of test apps (tests forge tokens with it). */
export const TEST_SECRET = new TextEncoder().encode('test-secret-for-the-api-tests-0123456789');
export const TEST_TOKEN_TTL_SECONDS = 2 * 24 * 3600;

/** Reads a response: JSON bodies parsed, anything else as text. */
export async function readResponse(res: Response): Promise<TestResponse> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let body: unknown = text;
  if (type.includes('application/json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, body, headers: res.headers };
}

/** A GET of a file (a PDF, a CSV) with a bearer token, as the browser downloads it: its bytes, or the JSON error. */
export async function download(t: TestApp, token: string, path: string) {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.startsWith('application/json');
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    body: json ? JSON.parse(Buffer.from(bytes).toString()) : null,
  };
}

/**
 * A fresh in-memory shop seeded with `products` generated products, with its own temporary
 * outbox and media folders and a movable clock; nothing listens on a port. Callers `close()`
 * it in afterAll.
 */
export async function makeTestApp(products = 60, options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.database;
  const database: TestDatabase = shared
    ? { ...shared, db: shared.openAnother(), drop: async () => undefined }
    : await openTestDatabase({ sqliteFile: options.databaseFile, poolSize: options.poolSize });
  const db = database.db;
  if (!shared) {
    await migrate(db);
    await seedCatalogue(db, generateCatalogue({ products }));
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-'));
  const outboxDir = path.join(dir, 'outbox');
  const mediaDir = options.mediaDir ?? path.join(dir, 'media');
  let offset = 0;
  const clock = { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
  const { accounts, databaseFile: _file, sameDatabaseAs: _same, poolSize: _pool, ...rest } = options;
  const mailer = new OutboxMailer(outboxDir, 'GharBazaar <no-reply@gharbazaar.in>', clock.now);
  // The app's order e-mails, sent as the shop sends them, but held here so that close() can wait for them.
  const notifier =
    rest.notifier ??
    createOrderNotifier(db, accounts?.mailer ?? mailer, accounts?.now ?? clock.now, {
      siteUrl: rest.siteUrl ?? 'http://localhost:4321',
      delivery: rest.delivery,
      invoices: createInvoices(db, rest.seller),
    });
  const app = createApp({
    db,
    payments: { provider: createLocalProvider(TEST_PAYMENT_SECRET), webhookSecret: TEST_WEBHOOK_SECRET },
    ...rest,
    notifier,
    mediaDir,
    accounts: {
      secret: TEST_SECRET,
      tokenTtlSeconds: TEST_TOKEN_TTL_SECONDS,
      mailer,
      now: clock.now,
      limits: false,
      ...accounts,
    },
  });
  const get = async (urlPath: string, init?: RequestInit) => {
    const res = await readResponse(await app.request(urlPath, init));
    // Every answer of a documented route must match the OpenAPI document (its status, content type and
    // JSON schema), in every API test.
    checkAnswer(init?.method ?? 'GET', urlPath, res);
    return res;
  };
  return {
    app,
    db,
    dir,
    outboxDir,
    mediaDir,
    clock,
    get,
    call: (method, urlPath, o = {}) => {
      const headers: Record<string, string> = { ...o.headers };
      let body: BodyInit | undefined = o.body;
      if (o.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(o.json);
      } else if (o.form) {
        body = o.form;
      }
      if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
      return get(urlPath, { method, headers, body });
    },
    database,
    runElsewhere: database.runElsewhere,
    close: async () => {
      // An order's e-mail may still be being written after its answer: let it finish first.
      await notifier.settled();
      if (shared) await db.destroy();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

// ---- Accounts ----

export interface NewUserFields {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password: string;
}

let serial = 0;

/** Sign-up fields no other test user has: a unique e-mail and a unique 10-digit phone. */
export function userFields(overrides: Partial<NewUserFields> = {}): NewUserFields {
  serial += 1;
  const unique = `${process.pid % 10_000}${String(serial).padStart(5, '0')}`;
  return {
    first_name: 'Asha',
    last_name: 'Verma',
    phone_number: `9${unique.padStart(9, '0').slice(-9)}`,
    email: `shopper-${unique}@example.in`,
    password: 'correct horse 42',
    ...overrides,
  };
}

/** POST common/signup with these fields. */
export function signup(t: TestApp, fields: Partial<NewUserFields> | Record<string, unknown>): Promise<TestResponse> {
  return t.call('POST', '/api/common/signup', { json: fields });
}

/** POST common/userlogin. */
export function login(t: TestApp, email: string, password: string, headers?: Record<string, string>) {
  return t.call('POST', '/api/common/userlogin', { json: { email, password }, headers });
}

/** A signed-up, logged-in shopper: the fields, the user id and a token. */
export async function newUser(
  t: TestApp,
  overrides: Partial<NewUserFields> = {},
): Promise<NewUserFields & { id: number; token: string }> {
  const fields = userFields(overrides);
  const created = await signup(t, fields);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const res = await login(t, fields.email, fields.password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = (res.body as { data: { user_id: number; tokens: { access: string } } }).data;
  return { ...fields, id: data.user_id, token: data.tokens.access };
}

/** One message of the outbox: its raw text, headers (unfolded) and body. */
export interface OutboxMail {
  file: string;
  raw: string;
  headers: Record<string, string>;
  body: string;
}

/** Parses an .eml file of the outbox. */
export function parseMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { file, raw, headers, body: raw.slice(split + 4) };
}

/** The outbox's messages, oldest first (file names sort by time). */
export function outbox(outboxDir: string): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(path.join(outboxDir, name)));
}

/**
 * Waits (up to 5 s, polling) for a message to `to` beyond the first `after` such messages, and
 * answers the newest one. Mail is sent in the background of the request.
 */
export function waitForMail(outboxDir: string, to: string, after = 0): Promise<OutboxMail> {
  return until(
    () => {
      const mine = outbox(outboxDir).filter((m) => m.headers.to === to);
      return mine.length > after ? mine.at(-1) : undefined;
    },
    { everyMs: 10, what: `An e-mail to ${to} in ${outboxDir}` },
  );
}

/** The PIN of the newest reset e-mail to `to` (waiting for it to arrive). */
export async function readLatestPin(outboxDir: string, to: string, after = 0): Promise<string> {
  return pinIn(await waitForMail(outboxDir, to, after));
}

/** The PIN a reset e-mail carries. */
export function pinIn(mail: OutboxMail): string {
  const pin = /^Your PIN is (\d{4})\.$/m.exec(mail.body)?.[1];
  if (!pin) throw new Error(`No PIN in ${mail.file}`);
  return pin;
}

/** Asks for a reset PIN and reads it from the outbox. */
export async function requestPin(t: TestApp, email: string): Promise<string> {
  const before = outbox(t.outboxDir).filter((m) => m.headers.to === email).length;
  const res = await t.call('POST', '/api/common/request_reset_otp', { json: { email } });
  expect(res.status).toBe(200);
  return readLatestPin(t.outboxDir, email, before);
}

/** Files below a folder, as paths relative to it (empty when it does not exist). */
export function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

// ---- Buying ----

/** A delivery address as checkout sends it: one combined string. */
export const ADDRESS = 'Asha Verma, 9876543210, Indiranagar, 12 100 Feet Road, Bengaluru, Karnataka, 560001';

/** A catalogue variant with its prices in paise. */
export interface TestVariant {
  id: number;
  product_id: number;
  price_paise: number;
  final_price_paise: number;
}

/** A list of exactly `N` items, so a test destructures it without checking each one. */
export type ListOf<T, N extends number, Items extends T[] = []> = number extends N
  ? T[]
  : Items['length'] extends N
    ? Items
    : ListOf<T, N, [...Items, T]>;

/** `count` variants of the seeded catalogue, in id order (distinct products' prices vary). */
export async function someVariants<N extends number>(
  t: TestApp,
  count: N,
  offset = 0,
): Promise<ListOf<TestVariant, N>> {
  const rows = await t.db
    .selectFrom('variants')
    .select(['id', 'product_id', 'price_paise', 'final_price_paise'])
    .orderBy('id')
    .limit(count)
    .offset(offset)
    .execute();
  expect(rows.length).toBe(count);
  // The line above failed the test unless there are exactly `count` rows.
  return rows as ListOf<TestVariant, N>;
}

/** Puts `onHand` of each variant on the shelf, for tests that buy (or hold) more than a demo shelf has. */
export async function restock(t: TestApp, variantIds: number[], onHand = 100_000): Promise<void> {
  await t.db
    .updateTable('stock_levels')
    .set({ on_hand: onHand, reserved: 0 })
    .where('variant_id', 'in', variantIds)
    .execute();
}

/** POST common/cart/add/. */
export function addToCart(t: TestApp, token: string, variantId: number | string, quantity?: unknown) {
  const json = quantity === undefined ? { variant_id: variantId } : { variant_id: variantId, quantity };
  return t.call('POST', '/api/common/cart/add/', { token, json });
}

/** GET common/cart/. */
export function getCart(t: TestApp, token: string) {
  return t.call('GET', '/api/common/cart/', { token });
}

/** POST common/create_order/ with these lines (and anything else in `extra`). */
export function createOrder(
  t: TestApp,
  token: string,
  products: unknown,
  address: unknown = ADDRESS,
  extra: Record<string, unknown> = {},
) {
  return t.call('POST', '/api/common/create_order/', { token, json: { products, address, ...extra } });
}

/** What create_order answers. */
export interface CreatedOrderBody {
  id: number;
  order_id: string;
  razorpay_key: string;
  currency: string;
  amount: number;
  checkout_script: string;
}

/** Creates an order that must succeed, and answers it. */
export async function placeOrder(
  t: TestApp,
  token: string,
  products: { variant_id: number; quantity?: number }[],
  address: string = ADDRESS,
): Promise<CreatedOrderBody> {
  const res = await createOrder(t, token, products, address);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CreatedOrderBody;
}

/** A new payment id shaped like Razorpay's. */
export function newPaymentId(): string {
  return `pay_${randomBase62(14)}`;
}

/** The checkout's success result for an order, signed as the local checkout (and Razorpay) sign it. */
export function paymentResult(orderId: string, paymentId = newPaymentId(), secret = TEST_PAYMENT_SECRET) {
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(orderId, paymentId, secret),
  };
}

/** POST common/verify_payment/ with this body. */
export function verifyPayment(t: TestApp, token: string, json: unknown) {
  return t.call('POST', '/api/common/verify_payment/', { token, json });
}

/** Pays an order as a shopper whose checkout succeeded; answers the verification and the result sent. */
export async function pay(t: TestApp, token: string, order: Pick<CreatedOrderBody, 'order_id'>) {
  const result = paymentResult(order.order_id);
  return { res: await verifyPayment(t, token, result), result };
}

/** Places and pays an order of one of each variant; answers the created order. */
export async function buy(t: TestApp, token: string, variantIds: number[]): Promise<CreatedOrderBody> {
  const order = await placeOrder(
    t,
    token,
    variantIds.map((variant_id) => ({ variant_id, quantity: 1 })),
  );
  const { res } = await pay(t, token, order);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return order;
}

/** Moves an order as the shop's staff would: packed, shipped, then delivered. */
export async function deliver(t: TestApp, orderId: number): Promise<void> {
  const ordering = staffOrdering(t);
  for (const state of ['packed', 'shipped', 'delivered'] as const) await ordering.staffMove(orderId, state, null);
}

/** The ordering service as the back office's order desk uses it, over the test shop's database and clock. */
export function staffOrdering(t: TestApp) {
  const provider = createLocalProvider(TEST_PAYMENT_SECRET);
  const refunds = createRefunds(t.db, provider, t.clock.now);
  return createOrdering(t.db, { provider, refunds, invoices: createInvoices(t.db) }, t.clock.now);
}

/** Places, pays and delivers an order of one of each variant (a shopper who may review them); answers the order. */
export async function buyDelivered(t: TestApp, token: string, variantIds: number[]): Promise<CreatedOrderBody> {
  const order = await buy(t, token, variantIds);
  await deliver(t, order.id);
  return order;
}

/** The stored order row by its id. */
export function orderRow(t: TestApp, id: number) {
  return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Delivers a webhook: the raw body signed with the test webhook secret unless `signature` is given. */
export function sendWebhook(
  t: TestApp,
  body: string,
  options: { eventId?: string; signature?: string | null; secret?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature =
    options.signature === undefined ? hmacHex(options.secret ?? TEST_WEBHOOK_SECRET, body) : options.signature;
  if (signature !== null) headers['x-razorpay-signature'] = signature;
  if (options.eventId !== undefined) headers['x-razorpay-event-id'] = options.eventId;
  return t.call('POST', '/api/payments/webhook', { body, headers });
}

/** A Razorpay-shaped webhook event body about a payment of an order. */
export function paymentEvent(
  event: string,
  orderId: string,
  paymentId: string,
  amountPaise: number,
  status = event === 'payment.failed' ? 'failed' : 'captured',
): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestAccount01',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: amountPaise,
          currency: 'INR',
          status,
          order_id: orderId,
          method: 'card',
        },
      },
      ...(event === 'order.paid'
        ? { order: { entity: { id: orderId, entity: 'order', amount: amountPaise, status: 'paid' } } }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/** A valid home delivery address (the optional fields empty). */
export const HOME_ADDRESS = {
  name: 'Asha Verma',
  phone_number: '9876543210',
  alternate_phone_number: '',
  pincode: '560001',
  locality: 'Indiranagar',
  area: '12, 100 Feet Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  landmark: '',
  address_type: 'home',
} as const;

/** A shop configured with live Razorpay keys, for what the shop refuses or hides when real money is at stake. */
export function makeLiveRazorpayApp(products = 5): Promise<TestApp> {
  const keys = { keyId: 'rzp_live_ABCDEFGHIJKLMN', keySecret: 'live-secret-0123456789abcdefghij' };
  return makeTestApp(products, {
    payments: { provider: createRazorpayProvider(keys, razorpayClient(keys.keyId, keys.keySecret)) },
  });
}

/** An uncompressed PNG of noise, `side` px square: about side² × 3 bytes (1,400 px is over 5 MB). */
export function noisePng(side: number): Promise<Buffer> {
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A shop for one test file: made before its tests, closed after them. Its properties are read
 * when a test runs (the shop does not exist while the file is being collected).
 */
export function appPerFile(make: () => Promise<TestApp>): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await make();
  });
  afterAll(async () => {
    await app?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!app) throw new Error('The test shop is made in beforeAll: use it inside tests and hooks.');
      const value: unknown = Reflect.get(app, key);
      return typeof value === 'function' ? value.bind(app) : value;
    },
  });
}
