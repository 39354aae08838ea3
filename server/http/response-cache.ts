import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db';
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
 * Public catalogue answers, kept as JSON and compressed once, until the catalogue changes. A
 * change made through this process calls `invalidate()`; one made by another process (a seed, a
 * staff command) shows in SQLite's `data_version`, which every lookup compares.
 */
export class ResponseCache {
  /** Least recently used answers go first once the bytes kept (compressed copies included) pass MAX_BYTES. */
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => entry.bytes,
  });
  private local = 0;

  constructor(private readonly db: Db) {}

  /** How many answers are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every answer: the catalogue (or its ratings) changed. */
  invalidate(): void {
    this.local += 1;
    this.entries.clear();
  }

  private async version(): Promise<string> {
    const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(this.db);
    return `${rows[0]?.data_version ?? 0}.${this.local}`;
  }

  /**
   * Answers from the cache, producing (and keeping) the JSON when it is missing or stale. The
   * answer is kept under the path and `params`: the parameters the endpoint read, already
   * validated and with aliases resolved, so a query with extra or reordered junk finds the same
   * answer instead of computing and storing another copy. Without `params` every query
   * parameter counts.
   */
  async json(c: Context, produce: () => Promise<unknown>, params?: Record<string, unknown>): Promise<Response> {
    const key = cacheKey(c.req.url, params);
    const version = await this.version();
    let entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      const json = Buffer.from(JSON.stringify(await produce()));
      const etag = `"${createHash('sha1').update(json).digest('base64url').slice(0, 16)}"`;
      entry = { version, etag, json, bytes: json.byteLength };
      this.entries.set(key, entry);
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': CLIENT_CACHE_CONTROL,
      etag: entry.etag,
      vary: 'Accept-Encoding',
    };
    if (c.req.header('if-none-match') === entry.etag) return new Response(null, { status: 304, headers });
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
        this.entries.set(key, entry);
      }
      body = packed;
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = String(body.byteLength);
    // Buffer.from gives a Buffer over ArrayBufferLike; Response takes it as the bytes it is.
    return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
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
