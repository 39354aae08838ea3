import crypto from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

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
export class RedisRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  get url(): string {
    const target = new URL(TEST_REDIS_URL);
    return `redis://127.0.0.1:${this.port}${target.pathname}`;
  }

  async open(): Promise<void> {
    const target = new URL(TEST_REDIS_URL);
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
