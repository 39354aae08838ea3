import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { chooseEncoding } from './compress';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Content type for a file name, by its extension. */
export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a file below `root`, or null when it would leave `root` or names a hidden
 * file. `/a` and `/a/` both look for `a/index.html` when `a` is a folder.
 */
export async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.') && part !== '.')) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== base && !target.startsWith(base + path.sep)) return null;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    try {
      const stat = await fs.stat(candidate);
      if (stat.isFile()) return candidate;
    } catch {
      // Try the next candidate.
    }
  }
  return null;
}

/** How long browsers and CDNs may keep a file: hashed assets forever, pages must revalidate. */
export function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (/\.(html?)$/.test(urlPath) || !path.extname(urlPath)) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/**
 * Answers with `file`, preferring a precompressed `.br`/`.gz` sibling the client accepts.
 * Pages get an ETag so a revalidation costs a 304. Not @hono/node-server's serveStatic: it sends
 * no ETag (every revalidation of a page would download it again), serves hidden files, and
 * answers only 200 (the shop's 404 and 500 pages are files too).
 */
export async function sendFile(
  c: Context,
  file: string,
  options: { status?: 200 | 404 | 500 | 503; cacheControl?: string } = {},
): Promise<Response> {
  const stat = await fs.stat(file);
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  const headers = new Headers({
    'content-type': contentType(file),
    'cache-control': options.cacheControl ?? cacheControl(new URL(c.req.url).pathname),
    etag,
    vary: 'Accept-Encoding',
  });
  const status = options.status ?? 200;
  if (status === 200 && c.req.header('if-none-match') === etag) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (encoding) {
    const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    try {
      const body = await fs.readFile(sibling);
      headers.set('content-encoding', encoding);
      headers.set('content-length', String(body.byteLength));
      return new Response(c.req.method === 'HEAD' ? null : body, { status, headers });
    } catch {
      // No precompressed copy: the compress middleware handles it.
    }
  }
  const body = await fs.readFile(file);
  headers.set('content-length', String(body.byteLength));
  return new Response(c.req.method === 'HEAD' ? null : body, { status, headers });
}
