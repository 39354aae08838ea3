import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this many bytes compression costs more than it saves. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json)|image\/svg\+xml)/;

/** The best encoding the client accepts that we produce: br, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses text answers with brotli or gzip, whichever the client prefers of the two. Not
 * hono/compress: it offers only gzip and deflate (no brotli, which the storefront's browsers all
 * take and which makes smaller answers) and streams every answer through CompressionStream.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    // `res.body` is asked last: reading it turns a prepared answer into a stream, the slow way out.
    if (
      c.req.method === 'HEAD' ||
      res.headers.has('content-encoding') ||
      !COMPRESSIBLE.test(type) ||
      res.headers.get('cache-control')?.includes('no-transform') ||
      !res.body
    ) {
      return;
    }
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    res.headers.append('vary', 'Accept-Encoding');
    if (!encoding) return;
    const raw = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (raw.byteLength < MIN_BYTES) {
      c.res = new Response(raw, { status: res.status, headers });
      return;
    }
    const body =
      encoding === 'br'
        ? await brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
            },
          })
        : await gzip(raw, { level: 6 });
    headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.byteLength));
    const etag = headers.get('etag');
    if (etag) headers.set('etag', etag.replace(/"$/, `-${encoding}"`));
    // A fresh Response: Hono's c.res setter would merge the old headers back in.
    c.res = undefined as unknown as Response;
    c.res = new Response(body, { status: res.status, headers });
  };
}
