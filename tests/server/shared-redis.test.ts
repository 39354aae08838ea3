import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiErrorOf } from '../../server/http/errors';
import { TemporarilyUnavailable } from '../../server/services/errors';
import { RateLimiter, redisStore } from '../../server/services/rate-limit';
import { buildLockKey, redisBuildLock } from '../../server/shared/build-lock';
import { redisAddress, SharedRedis } from '../../server/shared/redis';
import { deleteKeys, RedisRelay, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../api/redis-available';
import { until } from '../wait';

const available = await redisAvailable();

const quiet = (prefix: string, url = TEST_REDIS_URL) => SharedRedis.connect(url, { prefix, log: () => {} });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.each([
  ['redis://127.0.0.1:6379', '127.0.0.1:6379'],
  ['redis://:secret@cache.internal/2', 'cache.internal:6379/2'],
  ['rediss://user:secret@cache.internal:6380', 'cache.internal:6380'],
])('redisAddress(%s) is %s: no user or password', (url, address) => {
  expect(redisAddress(url)).toBe(address);
});

describe.skipIf(!available)('the single-builder lock', () => {
  const prefix = uniquePrefix('lock');
  let one: SharedRedis;
  let two: SharedRedis;
  beforeAll(async () => {
    one = await quiet(prefix);
    two = await quiet(prefix);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await deleteKeys(prefix);
  });

  test('one holder at a time; released, the next may take it', async () => {
    const key = buildLockKey(prefix) + ':exclusive';
    const first = await redisBuildLock(one.client, key).acquire();
    expect(first.held).not.toBeNull();
    const second = await redisBuildLock(two.client, key).acquire();
    expect(second).toEqual({ held: null, reason: 'another process holds the build lock' });
    await first.held?.release();
    const third = await redisBuildLock(two.client, key).acquire();
    expect(third.held).not.toBeNull();
    await third.held?.release();
    expect(await one.client.exists(key)).toBe(0);
  });

  test('renewed while held past its lifetime; a holder that stops renewing loses it when it expires', async () => {
    const key = buildLockKey(prefix) + ':expiry';
    const held = await redisBuildLock(one.client, key, 300).acquire();
    // Real time is what is tested: the lock's 300 ms lifetime passes twice over while it is held.
    await sleep(700);
    expect((await redisBuildLock(two.client, key, 300).acquire()).held).toBeNull();
    await held.held?.release();

    // A holder killed with kill -9: its key, never renewed, lasts its lifetime and no longer.
    await one.client.set(key, 'a dead process', 'PX', 300, 'NX');
    expect((await redisBuildLock(two.client, key, 300).acquire()).held).toBeNull();
    // Real time again: the dead holder's key outlives its 300 ms lifetime by no more than Redis's expiry.
    await sleep(400);
    const after = await redisBuildLock(two.client, key, 300).acquire();
    expect(after.held).not.toBeNull();
    await after.held?.release();
  });

  test("releasing never deletes another holder's lock", async () => {
    const key = buildLockKey(prefix) + ':theirs';
    const mine = await redisBuildLock(one.client, key, 300).acquire();
    // Its time ran out (a long pause) and another process took it.
    await one.client.set(key, 'another holder', 'PX', 10_000);
    await mine.held?.release();
    expect(await one.client.get(key)).toBe('another holder');
  });
});

describe.skipIf(!available)('throttles in Redis when Redis goes away', () => {
  const relay = new RedisRelay();
  const prefix = uniquePrefix('throttle');
  let redis: SharedRedis;
  beforeAll(async () => {
    await relay.open();
    redis = await quiet(prefix, relay.url);
  });
  afterAll(async () => {
    await relay.cut();
    await redis.close();
    await deleteKeys(prefix);
  });

  test('a refusing throttle answers 503; one that counts locally keeps counting; taking back never fails', async () => {
    const store = redisStore(redis.client, redis.prefix);
    const refusing = new RateLimiter('login', { limit: 2, windowSeconds: 60 }, store, 'refuse');
    const local = new RateLimiter('contact', { limit: 2, windowSeconds: 60 }, store, 'count-locally');
    expect(await refusing.consume('k')).toBe(0);
    expect(await local.consume('k')).toBe(0);

    await relay.cut();
    await until(() => !redis.ready, { what: 'the client noticing Redis gone' });

    const error = await refusing.consume('k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TemporarilyUnavailable);
    expect(apiErrorOf(error)?.status).toBe(503);
    expect(apiErrorOf(error)?.headers).toEqual({ 'retry-after': '30' });
    await expect(refusing.retryAfter('k')).rejects.toBeInstanceOf(TemporarilyUnavailable);
    await expect(refusing.refund('k')).resolves.toBeUndefined();
    await expect(refusing.reset('k')).resolves.toBeUndefined();

    // In memory from a fresh count: two allowed, the third refused.
    expect(await local.consume('k')).toBe(0);
    expect(await local.consume('k')).toBe(0);
    expect(await local.consume('k')).toBeGreaterThan(0);
  });
});
