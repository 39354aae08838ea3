import { Redis, type RedisOptions } from 'ioredis';

/**
 * A command that gets no answer within this many milliseconds fails: a Redis that hangs must
 * turn a login into a quick 503, not a request that waits for the load balancer's timeout.
 */
const COMMAND_TIMEOUT_MS = 1000;
/** Longest pause between two attempts to reconnect (ioredis waits 50 ms more per attempt until then). */
const MAX_RECONNECT_DELAY_MS = 2000;

/** `host:port` (and `/db` when one is chosen) of a Redis URL: never its user name or password. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const db = parsed.pathname.replace(/^\//, '');
    return `${parsed.hostname}:${parsed.port || '6379'}${db ? `/${db}` : ''}`;
  } catch {
    return '(an address that cannot be read)';
  }
}

/** What the shop is told about Redis coming and going; said once per change, never per request. */
export type RedisLog = (line: string) => void;

export interface SharedRedisOptions {
  /** Prefix of every key and channel (REDIS_KEY_PREFIX). */
  prefix: string;
  log: RedisLog;
  /** What goes on without Redis, told in the line that says it went away. */
  whileDown?: string;
}

/**
 * The shop's connection to Redis: one client for commands (throttles, the build lock, publishing)
 * and, when asked for, one in subscriber mode. Commands are never queued while Redis is away
 * (`enableOfflineQueue: false`): they fail at once, so each caller decides between failing
 * closed and carrying on without it, and the connection keeps trying to come back by itself.
 */
export class SharedRedis {
  readonly client: Redis;
  readonly prefix: string;
  /** `host:port[/db]`, safe to log. */
  readonly address: string;
  private up = false;
  /** Set once the connection has been lost at least once, so coming back is worth a line. */
  private wentDown = false;
  private lastError = '';
  private readonly log: RedisLog;
  private readonly whileDown: string;
  private readonly subscribers: Redis[] = [];
  private closing = false;

  private constructor(
    private readonly url: string,
    options: SharedRedisOptions,
  ) {
    this.prefix = options.prefix;
    this.log = options.log;
    this.whileDown = options.whileDown ?? '';
    this.address = redisAddress(url);
    this.client = new Redis(url, this.clientOptions());
    this.client.on('error', (error: Error) => {
      this.lastError = describe(error);
    });
    this.client.on('ready', () => {
      if (this.up) return;
      this.up = true;
      if (this.wentDown) this.log(`Redis at ${this.address} is reachable again: shared state is back in use.`);
    });
    this.client.on('close', () => {
      if (!this.up || this.closing) return;
      this.up = false;
      this.wentDown = true;
      const why = this.lastError ? ` (${this.lastError})` : '';
      this.log(`Redis at ${this.address} is unreachable${why}${this.whileDown ? `: ${this.whileDown}` : ''}.`);
    });
  }

  private clientOptions(): RedisOptions {
    return {
      lazyConnect: true,
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
    };
  }

  /**
   * Connects to `url`; rejects with an error naming the address tried (never the password) when
   * Redis cannot be reached, and closes what it opened.
   */
  static async connect(url: string, options: SharedRedisOptions): Promise<SharedRedis> {
    const shared = new SharedRedis(url, options);
    try {
      await shared.client.connect();
    } catch (error) {
      const why = shared.lastError || describe(error);
      shared.client.disconnect();
      throw new Error(`cannot reach Redis at ${shared.address} (${why})`, { cause: error });
    }
    return shared;
  }

  /** True while commands can be sent. */
  get ready(): boolean {
    return this.client.status === 'ready';
  }

  /** Milliseconds a PING takes, or an error when Redis does not answer in time. */
  async ping(): Promise<number> {
    const started = performance.now();
    await this.client.ping();
    return performance.now() - started;
  }

  /**
   * Listens on `channel` (prefixed) with a connection of its own. `onMessage` gets each message;
   * `onLive(true)` is called once the subscription stands (at first and after every reconnect,
   * when messages may have been missed) and `onLive(false)` as soon as the connection is lost.
   */
  subscribe(channel: string, onMessage: (message: string) => void, onLive: (live: boolean) => void): void {
    const full = this.prefix + channel;
    // Subscribed by hand on every connect: only then is it known that no message can be missed.
    const subscriber = new Redis(this.url, { ...this.clientOptions(), lazyConnect: true, autoResubscribe: false });
    this.subscribers.push(subscriber);
    subscriber.on('error', () => {
      // The command client says what happened, once; this one only follows it.
    });
    subscriber.on('message', (from: string, message: string) => {
      if (from === full) onMessage(message);
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(full).then(
        () => onLive(true),
        () => subscriber.disconnect(true),
      );
    });
    subscriber.on('close', () => onLive(false));
    subscriber.connect().catch(() => {
      // Reconnects by itself; the cache runs without sharing until it does.
    });
  }

  /** Publishes `message` on `channel` (prefixed); false when Redis cannot take it now. */
  async publish(channel: string, message: string): Promise<boolean> {
    try {
      await this.client.publish(this.prefix + channel, message);
      return true;
    } catch {
      return false;
    }
  }

  /** Closes every connection, waiting for commands under way. */
  async close(): Promise<void> {
    this.closing = true;
    for (const subscriber of this.subscribers) subscriber.disconnect();
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}

/** An error in a few words: its code (ECONNREFUSED, ENOTFOUND…) or its message. */
function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code) return code;
  return error instanceof Error ? error.message : String(error);
}
