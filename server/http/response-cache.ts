import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { CachedJson } from './api-routes';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db';
import { catalogueVersion } from '../repositories/dialect';
import { chooseEncoding } from './compress';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bytes of answers kept at most (compressed copies included). */
const MAX_BYTES = 96 * 1024 * 1024;
/**
 * Browsers and CDNs must ask again every time, but an unchanged answer costs them only a 304: a
 * shopper who has just written a review must see it at once.
 */
const CLIENT_CACHE_CONTROL = 'public, no-cache';

interface Entry {
  version: string;
  etag: string;
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
}

/**
 * How API processes tell each other that the catalogue changed (Redis pub/sub: see
 * server/shared/catalogue-changes.ts).
 */
export interface ChangeFeed {
  /** Tells every other process; a message that cannot be sent is lost (their resync covers it). */
  publish(): void;
  /**
   * `onChange` when another process changed the catalogue; `onLive(false)` as soon as changes
   * might be missed (the connection is lost), `onLive(true)` once they cannot be any more.
   */
  listen(onChange: () => void, onLive: (live: boolean) => void): void;
}

/**
 * Public catalogue answers, kept as JSON and compressed once, until the catalogue changes. A
 * change made through this process calls `invalidate()`. One made by another process (a seed,
 * a staff command, another API process) moves the database's catalogue version, which every
 * lookup compares, and, with a `ChangeFeed`, shows in the feed: another API process's
 * `invalidate()` empties this cache too. While the feed cannot be heard (Redis away) nothing is
 * kept, so no process serves an answer another one has changed; the cache starts empty again
 * once it can.
 */
export class ResponseCache {
  /** Least recently used answers go first once the bytes kept (compressed copies included) pass MAX_BYTES. */
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => entry.bytes,
  });
  /**
   * Values answers are made from (a product list's ids in order), kept under the same version
   * as the answers: paging through a list reads its ids once instead of counting and skipping
   * rows for every page.
   */
  private readonly values = new LRUCache<string, { version: string; value: Promise<unknown> }>({ max: 256 });
  private local = 0;
  /** False while a change feed is configured but cannot be heard. */
  private shared = true;

  constructor(
    private readonly db: Db,
    private readonly feed?: ChangeFeed,
  ) {
    if (feed) {
      this.shared = false;
      feed.listen(
        () => this.forget(),
        (live) => {
          this.shared = live;
          this.forget();
        },
      );
    }
  }

  /** How many answers are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every answer, here and in every process listening to the feed: the catalogue (or its ratings) changed. */
  invalidate(): void {
    this.forget();
    this.feed?.publish();
  }

  private forget(): void {
    this.local += 1;
    this.entries.clear();
    this.values.clear();
  }

  /**
   * A value `produce` derives from the catalogue, kept until the catalogue changes (made afresh
   * whenever answers cannot be kept). A failure is not kept.
   */
  async derived<T>(key: string, produce: () => Promise<T>): Promise<T> {
    const version = await this.version();
    if (version === null) return produce();
    const kept = this.values.get(key);
    if (kept && kept.version === version) return kept.value as Promise<T>;
    const entry = { version, value: produce() };
    this.values.set(key, entry);
    entry.value.catch(() => {
      if (this.values.get(key) === entry) this.values.delete(key);
    });
    return entry.value;
  }

  /** The version answers are kept under, or null when nothing may be kept now. */
  private async version(): Promise<string | null> {
    if (!this.shared) return null;
    return `${await catalogueVersion(this.db)}.${this.local}`;
  }

  /**
   * Answers from the cache, producing (and keeping) the JSON when it is missing or stale. The
   * answer is kept under the path and `params`: the parameters the endpoint read, already
   * validated and with aliases resolved, so a query with extra or reordered junk finds the same
   * answer instead of computing and storing another copy. Without `params` every query
   * parameter counts.
   */
  async json<T>(
    c: Context,
    produce: () => Promise<T>,
    params?: Record<string, unknown>,
  ): Promise<CachedJson<JSONParsed<T>>> {
    const key = cacheKey(c.req.url, params);
    const version = await this.version();
    let entry = version === null ? undefined : this.entries.get(key);
    if (!entry || entry.version !== version) {
      const json = Buffer.from(JSON.stringify(await produce()));
      const etag = `"${createHash('sha1').update(json).digest('base64url').slice(0, 16)}"`;
      entry = { version: version ?? '', etag, json, bytes: json.byteLength };
      if (version !== null) this.entries.set(key, entry);
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': CLIENT_CACHE_CONTROL,
      etag: entry.etag,
      vary: 'Accept-Encoding',
    };
    if (c.req.header('if-none-match') === entry.etag) {
      return new Response(null, { status: 304, headers }) as CachedJson<JSONParsed<T>>;
    }
    const encoding = entry.json.byteLength >= 1024 ? chooseEncoding(c.req.header('accept-encoding')) : null;
    let body = entry.json;
    if (encoding) {
      let packed = encoding === 'br' ? entry.br : entry.gzip;
      if (!packed) {
        packed =
          encoding === 'br'
            ? await brotli(entry.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
            : await gzip(entry.json, { level: 6 });
        entry[encoding === 'br' ? 'br' : 'gzip'] = packed;
        entry.bytes += packed.byteLength;
        // Storing it again counts the compressed copy in the cache's size.
        if (version !== null) this.entries.set(key, entry);
      }
      body = packed;
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = String(body.byteLength);
    // Buffer.from gives a Buffer over ArrayBufferLike; Response takes it as the bytes it is.
    const answer = new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers,
    });
    // The JSON `produce` made, typed as the route's declared answer is.
    return answer as CachedJson<JSONParsed<T>>;
  }
}

/** The cache key of a request: its path without trailing slashes, and the parameters that matter. */
export function cacheKey(requestUrl: string, params?: Record<string, unknown>): string {
  const url = new URL(requestUrl);
  const path = url.pathname.replace(/\/+$/, '');
  if (!params) {
    url.searchParams.sort();
    return `${path}?${url.searchParams}`;
  }
  const used = Object.keys(params)
    .filter((name) => params[name] !== undefined)
    .sort()
    .map((name) => [name, params[name]]);
  return `${path}#${JSON.stringify(used)}`;
}
