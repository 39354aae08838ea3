import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, PROJECT_ROOT, startProcess, stopProcess, tsxArgs } from '../../bench/processes';
import { BUSY_MESSAGE } from '../../contract/shop';
import { quoteIdentifier } from '../../server/db/postgres';
import { askAgainWhileBusy } from '../../src/lib/api/retry';
import { ADDRESS, newPaymentId, paymentResult, userFields } from '../api/helpers';
import { deleteKeys, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../api/redis-available';
import { adminQuery, TEST_DATABASE_URL } from '../database';
import { NGINX, NGINX_MISSING, nginxArgs, nginxConf } from '../nginx';

/**
 * Two API processes on PostgreSQL and Redis behind nginx (docs/nginx-load-balancer.conf, as
 * shipped). Shoppers check out in a loop while each process in turn is killed with SIGKILL and
 * started again. Every checkout must end paid or with the busy answer the storefront gives after
 * asking again (src/lib/api/retry.ts, used here as the storefront uses it); the database must hold
 * exactly the payments the shoppers were told of, each once; and wrong logins spread over both
 * processes are throttled as one.
 */

const missing = [
  TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL is not set (a PostgreSQL server, see the README, "Tests")',
  (await redisAvailable()) ? null : `no Redis answers at ${TEST_REDIS_URL}`,
  NGINX_MISSING,
].filter((reason): reason is string => reason !== null);
if (missing.length) console.warn(`Skipping the multi-process fault test: ${missing.join('; ')}.`);

const SHOPPERS = 4;
/** When the first process is killed, counted from the start of the loop. */
const FIRST_KILL_MS = 5_000;
/** After each process is back, the shoppers go on this long before the next kill (or the end). */
const SETTLE_MS = 5_000;
const PASSWORD = 'fault-test-password-7';
const JWT_SECRET = 'fault-test-jwt-secret-0123456789abcdef';
const PAYMENT_SECRET = 'fault-test-payment-secret-0123456789ab';

interface ApiProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

/** A call that failed: the status (0: no answer), the words, and Retry-After, as the storefront's client sees it. */
class Failed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter: string | null,
  ) {
    super(message);
  }
}

interface Attempt {
  shopper: number;
  variant: number;
  startedAt: number;
  outcome: 'paid' | 'failed';
  /** The step that failed, its status and words. */
  failure?: { step: 'add' | 'order' | 'verify'; status: number; message: string };
  orderId?: number;
  paymentId?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing.length > 0)('two API processes behind nginx, each killed under load', () => {
  let dir: string;
  let databaseUrl: string;
  let databaseName: string;
  let prefix: string;
  let balancer: string;
  let nginx: ChildProcess | undefined;
  const processes = new Map<string, ApiProcess>();
  /** Failed attempts the shoppers' client saw, by status, before it asked again or gave up. */
  const failuresSeen = new Map<number, number>();

  function environment(port: number): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      WEB_CONCURRENCY: '1',
      SITE_BUILDS: 'off',
      SEED_PRODUCTS: '12',
      // Its pictures are never looked at: no background encoding beside the test.
      PICTURE_ENCODING: 'off',
      JWT_SECRET,
      LOCAL_PAYMENT_SECRET: PAYMENT_SECRET,
      PAYMENT_PROVIDER: 'local',
      TRUST_PROXY: '1',
      RATE_LIMITS: 'on',
      LOG_REQUESTS: '0',
      NODE_ENV: 'test',
    };
  }

  /** Starts (or starts again) the API process `name` on its port and waits until it is healthy. */
  async function startApi(name: string, port: number): Promise<ApiProcess> {
    const started = startProcess(process.execPath, tsxArgs('server/index.ts'), environment(port));
    const api = { name, port, child: started.child, output: started.output };
    processes.set(name, api);
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (api.child.exitCode !== null) throw new Error(`API ${name} exited (${api.child.exitCode}):\n${api.output()}`);
      if (Date.now() > deadline) throw new Error(`API ${name} not healthy within 90 s:\n${api.output()}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return api;
      await sleep(200);
    }
  }

  /** kill -9, then starts it again; resolves with how long it was away. */
  async function killAndRestart(name: string): Promise<number> {
    const api = processes.get(name);
    if (!api?.child.pid) throw new Error(`No API process ${name}`);
    const exited = new Promise((resolve) => api.child.once('exit', resolve));
    const killedAt = Date.now();
    process.kill(api.child.pid, 'SIGKILL');
    await exited;
    await startApi(name, api.port);
    return Date.now() - killedAt;
  }

  /** One call through the load balancer, as the storefront's client makes it. */
  async function once(method: 'GET' | 'POST', route: string, token?: string, json?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${balancer}${route}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: json === undefined ? null : JSON.stringify(json),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      failuresSeen.set(0, (failuresSeen.get(0) ?? 0) + 1);
      throw new Failed(0, String(error), null);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text, and a failure says so below.
    }
    if (!response.ok) {
      failuresSeen.set(response.status, (failuresSeen.get(response.status) ?? 0) + 1);
      const message = (body as { message?: unknown } | null)?.message;
      throw new Failed(
        response.status,
        typeof message === 'string' ? message : `not JSON: ${text.slice(0, 120)}`,
        response.headers.get('retry-after'),
      );
    }
    return body;
  }

  /** Like the storefront: reads, placing an order and verifying a payment are asked again while the shop is busy. */
  function call(repeatable: boolean, method: 'GET' | 'POST', route: string, token?: string, json?: unknown) {
    return repeatable ? askAgainWhileBusy(() => once(method, route, token, json)) : once(method, route, token, json);
  }

  async function newShopper(): Promise<{ id: number; email: string; token: string }> {
    const { email, ...fields } = userFields({ password: PASSWORD });
    await call(false, 'POST', '/api/common/signup', undefined, { ...fields, email });
    const login = (await call(false, 'POST', '/api/common/userlogin', undefined, { email, password: PASSWORD })) as {
      data: { user_id: number; tokens: { access: string } };
    };
    return { id: login.data.user_id, email, token: login.data.tokens.access };
  }

  /** Checks out one variant after another until `done()`; every attempt ends paid or failed. */
  async function checkOutInALoop(
    n: number,
    token: string,
    variants: number[],
    done: () => boolean,
  ): Promise<Attempt[]> {
    const attempts: Attempt[] = [];
    for (let i = 0; !done(); i += 1) {
      const variant = variants[(n + i) % variants.length] as number;
      const attempt: Attempt = { shopper: n, variant, startedAt: Date.now(), outcome: 'failed' };
      attempts.push(attempt);
      let step: 'add' | 'order' | 'verify' = 'add';
      try {
        // As the storefront's Add Cart: the cart is read first, and a line already there is not added again
        // (an add whose answer was lost to a kill may have been stored).
        const cart = (await call(true, 'GET', '/api/common/cart/', token)) as {
          cart_items: { product_variant_id: number }[];
        };
        if (!cart.cart_items.some((line) => line.product_variant_id === variant)) {
          await call(false, 'POST', '/api/common/cart/add/', token, { variant_id: variant, quantity: 1 });
        }
        step = 'order';
        const order = (await call(true, 'POST', '/api/common/create_order/', token, {
          products: [{ variant_id: variant, quantity: 1 }],
          address: ADDRESS,
        })) as { id: number; order_id: string };
        attempt.orderId = order.id;
        step = 'verify';
        // One checkout result per order: asking again sends the same payment.
        const result = paymentResult(order.order_id, newPaymentId(), PAYMENT_SECRET);
        attempt.paymentId = result.razorpay_payment_id;
        await call(true, 'POST', '/api/common/verify_payment/', token, result);
        attempt.outcome = 'paid';
      } catch (error) {
        if (!(error instanceof Failed)) throw error;
        attempt.failure = { step, status: error.status, message: error.message };
        // A shopper told the shop is busy tries again a moment later.
        await sleep(500);
      }
    }
    return attempts;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-'));
    // nginx's workers run as an unprivileged user when it starts as root.
    fs.chmodSync(dir, 0o755);
    databaseName = `fault_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    prefix = uniquePrefix('fault');
    const [portA, portB, balancerPort] = [await freePort(), await freePort(), await freePort()];
    balancer = `http://127.0.0.1:${balancerPort}`;

    // Both at once: one migrates and seeds the new database, the other waits for it.
    await Promise.all([startApi('A', portA), startApi('B', portB)]);

    const shipped = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'nginx-load-balancer.conf'), 'utf8');
    const servers = /^ {4}server 127\.0\.0\.1:4321 (.*);\n {4}server 127\.0\.0\.1:4322 .*;$/m;
    const listen = /^ {4}listen 80;$/m;
    expect(shipped).toMatch(servers);
    expect(shipped).toMatch(listen);
    const config = shipped
      .replace(servers, `    server 127.0.0.1:${portA} $1;\n    server 127.0.0.1:${portB} $1;`)
      .replace(listen, `    listen 127.0.0.1:${balancerPort};`);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConf(dir, config.split('\n')));
    const started = startProcess(NGINX as string, nginxArgs(dir), process.env);
    nginx = started.child;
    const deadline = Date.now() + 15_000;
    while (
      (await fetch(`${balancer}/api/health`).then(
        (r) => r.status,
        () => 0,
      )) !== 200
    ) {
      if (nginx.exitCode !== null || Date.now() > deadline) {
        const log = fs.existsSync(path.join(dir, 'error.log'))
          ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
          : '';
        throw new Error(`nginx did not answer:\n${started.output()}\n${log}`);
      }
      await sleep(200);
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all([...processes.values()].map((api) => stopProcess(api.child)));
    if (nginx) await stopProcess(nginx);
    if (databaseName) {
      await adminQuery(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName)} WITH (FORCE)`);
    }
    if (prefix) await deleteKeys(prefix);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test('checkouts go on while each process is killed and restarted: none lost, none paid twice', async () => {
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => newShopper()));
    const products = (await call(true, 'GET', '/api/common/products/?page=1&page_size=8')) as {
      results: { variants: { id: number }[] }[];
    };
    const variants = products.results.flatMap((p) => p.variants.map((v) => v.id)).slice(0, 8);
    expect(variants.length).toBeGreaterThanOrEqual(4);
    // Some two thousand checkouts of eight variants: the shelves are stocked for all of them.
    const stocker = new pg.Client({ connectionString: databaseUrl });
    await stocker.connect();
    try {
      await stocker.query('UPDATE stock_levels SET on_hand = 1000000 WHERE variant_id = ANY($1::int[])', [variants]);
    } finally {
      await stocker.end();
    }

    const loopStart = Date.now();
    // The loop lasts as long as the kills take (a busy machine restarts a process more slowly).
    let chaosOver = false;
    const kills: { name: string; at: number; awayMs: number }[] = [];
    const chaos = (async () => {
      await sleep(FIRST_KILL_MS);
      for (const name of ['A', 'B']) {
        const at = Date.now() - loopStart;
        kills.push({ name, at, awayMs: await killAndRestart(name) });
        await sleep(SETTLE_MS);
      }
    })().finally(() => {
      chaosOver = true;
    });
    const [attempts] = await Promise.all([
      Promise.all(shoppers.map((s, n) => checkOutInALoop(n, s.token, variants, () => chaosOver))).then((all) =>
        all.flat(),
      ),
      chaos,
    ]);

    const loopMs = Math.max(...attempts.map((a) => a.startedAt)) - loopStart + 1;
    const paid = attempts.filter((a) => a.outcome === 'paid');
    const failed = attempts.filter((a) => a.outcome === 'failed');
    console.log(
      `Fault test: ${attempts.length} checkouts in ${(loopMs / 1000).toFixed(1)} s, ${paid.length} paid, ${failed.length} told the shop is busy; ` +
        `kills ${kills.map((k) => `${k.name} at ${(k.at / 1000).toFixed(1)} s, back after ${(k.awayMs / 1000).toFixed(1)} s`).join(', ')}; ` +
        `failed attempts seen by the client (then asked again or told): ${JSON.stringify(Object.fromEntries(failuresSeen))}`,
    );

    // Both processes were killed and came back while the shoppers checked out.
    expect(kills.map((k) => k.name)).toEqual(['A', 'B']);
    // The shop kept selling: paid checkouts before, between and after the kills.
    const firstKill = kills[0]?.at ?? 0;
    const secondKill = kills[1]?.at ?? 0;
    const paidIn = (from: number, to: number) =>
      paid.filter((a) => a.startedAt - loopStart >= from && a.startedAt - loopStart < to).length;
    expect(paidIn(0, firstKill)).toBeGreaterThan(0);
    expect(paidIn(firstKill, secondKill)).toBeGreaterThan(0);
    expect(paidIn(secondKill, loopMs)).toBeGreaterThan(0);
    // Every checkout that did not end paid was told, in words, that the shop is busy.
    for (const attempt of failed) {
      expect(attempt.failure, JSON.stringify(attempt)).toMatchObject({ message: BUSY_MESSAGE });
      expect([502, 503, 504], JSON.stringify(attempt)).toContain(attempt.failure?.status);
    }

    // The database holds exactly the payments the shoppers were told of, each once, and no half order.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number; payment_id: string | null; lines: number }>(
        `SELECT o.id, o.payment_id, (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS lines
           FROM orders o WHERE o.user_id = ANY($1::int[])`,
        [shoppers.map((s) => s.id)],
      );
      const paidRows = rows.filter((r) => r.payment_id !== null);
      expect(new Map(paidRows.map((r) => [r.id, r.payment_id]))).toEqual(
        new Map(paid.map((a) => [a.orderId, a.paymentId])),
      );
      expect(rows.filter((r) => r.lines !== 1)).toEqual([]);
      // Every stored order is one a shopper was handed: none placed twice, none behind a failure.
      const handed = new Set(attempts.map((a) => a.orderId).filter((id) => id !== undefined));
      expect(rows.filter((r) => !handed.has(r.id))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 150_000);

  test('five wrong logins spread over both processes are throttled as one', async () => {
    const victim = await newShopper();
    const ports = [...processes.values()].map((api) => api.port);
    const attempt = (port: number, password: string) =>
      fetch(`http://127.0.0.1:${port}/api/common/userlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim.email, password }),
      });
    const wrong: number[] = [];
    for (let i = 0; i < 5; i += 1) wrong.push((await attempt(ports[i % 2] as number, 'not-the-password')).status);
    expect(wrong).toEqual([401, 401, 401, 401, 401]);
    // Neither process has seen five itself (three and two), yet both refuse now, even the right password.
    for (const port of ports) {
      const refused = await attempt(port, PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);
});
