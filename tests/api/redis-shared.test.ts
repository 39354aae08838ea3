import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_ENGINE } from '../database';
import { redisStore } from '../../server/services/rate-limit';
import { SharedRedis } from '../../server/shared/redis';
import { StartupError, connectSharedRedis } from '../../server/runtime';
import { loadEnv } from '../../server/env';
import { buyDelivered, login, makeTestApp, newUser, someVariants, type TestApp } from './helpers';
import { deleteKeys, RedisRelay, redisAvailable, TEST_REDIS_URL, uniquePrefix } from './redis-available';

/**
 * Two app instances given the same Redis (as two API processes are) share their throttles and
 * empty each other's catalogue cache; with Redis gone, logins fail closed and the catalogue
 * keeps answering. Each app has its own in-memory database, as processes over PostgreSQL do, so
 * nothing here can pass through SQLite's own change counter.
 */

const available = await redisAvailable();

interface Pair {
  prefix: string;
  a: TestApp;
  b: TestApp;
  links: SharedRedis[];
  lines: string[];
}

async function connect(url: string, prefix: string, lines: string[]): Promise<SharedRedis> {
  return SharedRedis.connect(url, { prefix, log: (line) => lines.push(line), whileDown: 'logins answer 503' });
}

/** An app over its own database, sharing `redis` (throttles in production allowances, one trusted proxy). */
function appWith(redis: SharedRedis): Promise<TestApp> {
  return makeTestApp(5, {
    trustProxy: true,
    redis,
    accounts: { limits: {}, throttleStore: redisStore(redis.client, redis.prefix) },
  });
}

async function makePair(name: string, url = TEST_REDIS_URL): Promise<Pair> {
  const prefix = uniquePrefix(name);
  const lines: string[] = [];
  const first = await connect(url, prefix, lines);
  const second = await connect(url, prefix, lines);
  return { prefix, a: await appWith(first), b: await appWith(second), links: [first, second], lines };
}

async function closePair(pair: Pair): Promise<void> {
  await pair.a.close();
  await pair.b.close();
  for (const link of pair.links) await link.close();
  await deleteKeys(pair.prefix);
}

/** Polls `check` every 20 ms for up to `ms`; answers its last result. */
async function eventually<T>(check: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const productName = async (t: TestApp, id: number) =>
  ((await t.get(`/api/common/products/${id}/`)).body as { name: string }).name;

describe.skipIf(!available)('two app instances sharing one Redis', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await makePair('shared');
  });
  afterAll(() => closePair(pair));

  test('5 wrong logins spread over both apps are throttled as one', async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const email = 'spread-guesses@example.in';
    for (const t of [pair.a, pair.b, pair.a, pair.b, pair.a]) {
      expect((await login(t, email, 'wrong password', from)).status).toBe(401);
    }
    for (const t of [pair.b, pair.a]) {
      const refused = await login(t, email, 'wrong password', from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await login(pair.b, email, 'wrong password', { 'x-forwarded-for': '198.51.100.8' })).status).toBe(401);
  });

  test("a review written through one app empties the other app's catalogue cache", async () => {
    const before = await productName(pair.b, 1);
    // Written through b's own connection: SQLite's change counter does not move for it, so only
    // the shared feed can tell b's cache that its answer is stale. PostgreSQL's trigger-kept
    // catalogue version moves for every writer, so there b sees the change at once.
    await pair.b.db.updateTable('products').set({ name: 'Renamed Brass Lota' }).where('id', '=', 1).execute();
    expect(await productName(pair.b, 1)).toBe(TEST_ENGINE === 'sqlite' ? before : 'Renamed Brass Lota');

    const user = await newUser(pair.a);
    const [variant] = await someVariants(pair.a, 1, 0);
    await buyDelivered(pair.a, user.token, [variant.id]);
    const review = await pair.a.call('POST', '/api/common/ratings/', {
      token: user.token,
      json: { variant: variant.id, rating: 5, review: 'Shines like new' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect(
      await eventually(
        () => productName(pair.b, 1),
        (name) => name === 'Renamed Brass Lota',
      ),
    ).toBe('Renamed Brass Lota');
  });

  test('/api/health reports the database, Redis and no build yet', async () => {
    const res = await pair.a.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      status: 'ok',
      database: { ok: true },
      redis: { ok: true },
      build: null,
    });
  });
});

describe.skipIf(!available)('Redis going away', () => {
  const relay = new RedisRelay();
  let pair: Pair;
  beforeAll(async () => {
    await relay.open();
    pair = await makePair('down', relay.url);
  });
  afterAll(async () => {
    await relay.cut();
    await closePair(pair);
  });

  test('logins and resets fail closed with 503, the catalogue answers, the log says it once each way', async () => {
    const from = { 'x-forwarded-for': '198.51.100.20' };
    expect((await login(pair.a, 'down@example.in', 'wrong password', from)).status).toBe(401);
    expect(pair.lines).toEqual([]);

    await relay.cut();
    // Both connections noticed; a few reconnection attempts have failed meanwhile.
    await eventually(
      () => Promise.resolve(pair.links.every((link) => !link.ready)),
      (down) => down,
    );
    // Real time is what is tested: Redis stays away while the client's reconnection attempts fail.
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (let i = 0; i < 10; i += 1) {
      const refused = await login(pair.a, 'down@example.in', 'correct horse 42', from);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect((refused.body as { message: string }).message).toMatch(/paused.*try again in 30 seconds/);
    }
    const reset = await pair.b.call('POST', '/api/common/request_reset_otp', {
      json: { email: 'down@example.in' },
      headers: from,
    });
    expect(reset.status).toBe(503);

    // Reads keep working, uncached: a change shows at once even through the app's own connection.
    expect((await pair.a.get('/api/common/products/')).status).toBe(200);
    await pair.a.db.updateTable('products').set({ name: 'Copper Jug, renamed' }).where('id', '=', 2).execute();
    expect(await productName(pair.a, 2)).toBe('Copper Jug, renamed');

    const health = await pair.a.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: { ok: true }, redis: { ok: false } });

    const down = pair.lines.filter((line) => line.includes('unreachable'));
    // One line per connection to Redis (each app holds one), not one per request or per retry.
    expect(down).toHaveLength(2);
    expect(down[0]).toMatch(/^Redis at 127\.0\.0\.1:\d+ is unreachable.*: logins answer 503\.$/);

    await relay.open();
    await eventually(
      () => Promise.resolve(pair.links.every((link) => link.ready)),
      (up) => up,
      5000,
    );
    expect(pair.lines.filter((line) => line.includes('reachable again'))).toHaveLength(2);
    expect((await login(pair.a, 'down@example.in', 'wrong password', from)).status).toBe(401);
  });
});

describe.skipIf(!available)('Redis at start', () => {
  test('an unreachable REDIS_URL stops start-up with one line naming it and the address, not the password', async () => {
    const relay = new RedisRelay();
    await relay.open();
    const port = relay.port;
    await relay.cut();
    const env = loadEnv({ REDIS_URL: `redis://:hunter2secret@127.0.0.1:${port}/3` });
    const error = await connectSharedRedis(env, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).toBe(
      `REDIS_URL: cannot reach Redis at 127.0.0.1:${port}/3 (ECONNREFUSED): start Redis there, or correct or unset REDIS_URL.`,
    );
    expect(message).not.toContain('hunter2');
  });

  test('without REDIS_URL there is no Redis', async () => {
    expect(await connectSharedRedis(loadEnv({}), () => {})).toBeNull();
  });
});

describe('/api/health without Redis', () => {
  test('redis is null; a database that cannot answer is a 503', async () => {
    const t = await makeTestApp(2, { builtAt: () => new Date(Date.now() - 90_000) });
    const ok = await t.get('/api/health');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'ok', database: { ok: true }, redis: null, build: { age_seconds: 90 } });
    await t.db.destroy();
    const down = await t.get('/api/health');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'degraded', database: { ok: false }, redis: null });
    await t.close();
  });

  test('reports the major version of Node.js the process runs on, and no more of it', async () => {
    const t = await makeTestApp(2);
    const res = await t.get('/api/health');
    expect(res.body).toMatchObject({ node: Number(process.versions.node.split('.')[0]) });
    expect(JSON.stringify(res.body)).not.toContain(process.versions.node);
    await t.close();
  });
});
