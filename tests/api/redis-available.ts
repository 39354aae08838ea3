import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { TcpRelay } from '../tcp-relay';

/** The Redis the tests use: TEST_REDIS_URL, else the local service every machine of the project runs. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let reported = false;

/**
 * True when the test Redis answers PING within a second. When it does not, says once why the
 * tests that need it are skipped.
 */
export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    if (!reported) {
      reported = true;
      console.warn(
        `Skipping the Redis tests: no Redis answers at ${TEST_REDIS_URL} (${error instanceof Error ? error.message : String(error)}). ` +
          'Start one on 127.0.0.1:6379 or set TEST_REDIS_URL.',
      );
    }
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test (or test run) uses. */
export function uniquePrefix(name: string): string {
  return `test:${name}:${process.pid}:${crypto.randomUUID().slice(0, 8)}:`;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  client.on('error', () => {});
  await client.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

/**
 * A TCP relay to the test Redis on a port of its own, which a test can cut (Redis "goes away":
 * connections drop and new ones are refused) and open again on the same port.
 */
export class RedisRelay extends TcpRelay {
  constructor() {
    const target = new URL(TEST_REDIS_URL);
    super(target.hostname, Number(target.port || 6379));
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}${new URL(TEST_REDIS_URL).pathname}`;
  }
}
