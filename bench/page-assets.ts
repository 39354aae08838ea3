import zlib from 'node:zlib';
import type { Page, Request, Response } from '@playwright/test';

/** One downloaded asset and its size once gzip-compressed at level 9, and brotli at quality 11. */
export interface AssetSize {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** As the shop sends it: its static files are pre-compressed with brotli at quality 11 (server/site-builder.ts). */
  brotliBytes: number;
}

/** What a page loads before anyone touches it. */
export interface PageAssets {
  url: string;
  /** External scripts (including dynamically imported chunks), largest first. */
  scripts: AssetSize[];
  /** Inline executable `<script>` elements of the HTML, each gzip-compressed on its own. */
  inlineScripts: AssetSize[];
  stylesheets: AssetSize[];
  /** Inline `<style>` elements, each gzip-compressed on its own. */
  inlineStyles: AssetSize[];
  html: AssetSize;
  /** Images whose box intersects the first viewport; SVG counted gzip-compressed, others as sent. */
  imagesAboveFold: AssetSize[];
  /** External plus inline JavaScript, gzip bytes: the figure the per-page JS budgets hold. */
  jsGzipBytes: number;
  /**
   * JavaScript as transferred: each external script brotli-compressed (as the shop serves it) plus
   * what the inline scripts add to the brotli-compressed HTML (the document compressed with and
   * without their text). The figure `BUDGETS.maxJsTransferredKb` holds.
   */
  jsTransferredBytes: number;
  /** External plus inline CSS, gzip bytes. */
  cssGzipBytes: number;
  imageAboveFoldBytes: number;
}

export interface MeasureOptions {
  /** A fixed wait after the network has settled, for measurements that may afford one. */
  extraSettleMs?: number;
  timeoutMs?: number;
}

/** Quiet period after which the network counts as idle (as Playwright's 'networkidle'). */
const QUIET_MS = 500;

/** Size of `body` gzip-compressed at level 9, computed here rather than trusted from the server. */
export function gzipSize(body: Buffer | string): number {
  return zlib.gzipSync(body, { level: 9 }).byteLength;
}

/** Size of `body` brotli-compressed at quality 11, as the shop pre-compresses its static files. */
export function brotliSize(body: Buffer | string): number {
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
}

function sizeOf(url: string, body: Buffer): AssetSize {
  return { url, bytes: body.byteLength, gzipBytes: gzipSize(body), brotliBytes: brotliSize(body) };
}

/** Executable inline scripts of an HTML document: no `src`, no data type (JSON-LD, JSON). */
const INLINE_SCRIPT = /(<script\b(?![^>]*\bsrc=)([^>]*)>)([\s\S]*?)(<\/script>)/gi;
const EXECUTABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;

/** What the inline scripts add to the brotli-compressed document: compressed with them, less without. */
export function inlineScriptsBrotliBytes(html: string): number {
  const without = html.replace(
    INLINE_SCRIPT,
    (whole, open: string, attributes: string, _text: string, close: string) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
      return EXECUTABLE_TYPE.test(type) ? open + close : whole;
    },
  );
  return brotliSize(html) - brotliSize(without);
}

function sum(assets: AssetSize[], pick: (a: AssetSize) => number): number {
  return assets.reduce((n, a) => n + pick(a), 0);
}

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type);
}

function isStylesheet(response: Response): boolean {
  return (
    response.request().resourceType() === 'stylesheet' || /text\/css/.test(response.headers()['content-type'] ?? '')
  );
}

/**
 * Opens `path` in `page` and collects every script, stylesheet and image it loads until the
 * network has been quiet after the browser's first idle period (when `client:idle` islands
 * hydrate), without interacting. Call on a fresh page so nothing comes from the cache.
 */
export async function measurePage(page: Page, path: string, options: MeasureOptions = {}): Promise<PageAssets> {
  const timeout = options.timeoutMs ?? 30_000;
  const bodies = new Map<string, { response: Response; body: Promise<Buffer | null> }>();
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const onRequest = (request: Request) => {
    pending.add(request);
    lastActivity = Date.now();
  };
  const onDone = (request: Request) => {
    pending.delete(request);
    lastActivity = Date.now();
  };
  const onResponse = (response: Response) => {
    const url = response.url();
    if (url.startsWith('data:') || bodies.has(url) || response.status() >= 300) return;
    bodies.set(url, { response, body: response.body().catch(() => null) });
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  try {
    const main = await page.goto(path, { waitUntil: 'load', timeout });
    if (!main || !main.ok()) throw new Error(`${path} answered ${main?.status() ?? 'nothing'}`);
    await page.waitForLoadState('networkidle', { timeout });
    // Islands hydrated `client:idle` start in the browser's first idle period; wait for it to pass.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
    await networkQuiet(() => ({ pending, lastActivity }), timeout);
    if (options.extraSettleMs) {
      await page.waitForTimeout(options.extraSettleMs);
      await networkQuiet(() => ({ pending, lastActivity }), timeout);
    }
    const { inline, styles, images } = await page.evaluate(inspectDocument);
    const scripts: AssetSize[] = [];
    const stylesheets: AssetSize[] = [];
    const byUrl = new Map<string, Buffer>();
    for (const [url, entry] of bodies) {
      const body = await entry.body;
      if (!body) continue;
      byUrl.set(url, body);
      if (isJavaScript(entry.response)) scripts.push(sizeOf(url, body));
      else if (isStylesheet(entry.response)) stylesheets.push(sizeOf(url, body));
    }
    const documentBody = byUrl.get(main.url()) ?? (await main.body());
    const imagesAboveFold = [...new Set(images)].flatMap((url) => {
      const body = byUrl.get(url);
      if (!body) return [];
      const size = sizeOf(url, body);
      const svg = /\.svg(\?|$)/i.test(new URL(url).pathname) || body.subarray(0, 256).toString().includes('<svg');
      return [{ ...size, gzipBytes: svg ? size.gzipBytes : size.bytes }];
    });
    const inlineScripts = inline.map((text, i) => sizeOf(`inline #${i + 1}`, Buffer.from(text)));
    const inlineStyles = styles.map((text, i) => sizeOf(`inline style #${i + 1}`, Buffer.from(text)));
    const bySize = (a: AssetSize, b: AssetSize) => b.gzipBytes - a.gzipBytes;
    return {
      url: main.url(),
      scripts: scripts.sort(bySize),
      inlineScripts: inlineScripts.sort(bySize),
      stylesheets: stylesheets.sort(bySize),
      inlineStyles: inlineStyles.sort(bySize),
      html: sizeOf(main.url(), documentBody),
      imagesAboveFold: imagesAboveFold.sort(bySize),
      jsGzipBytes: sum(scripts, (a) => a.gzipBytes) + sum(inlineScripts, (a) => a.gzipBytes),
      jsTransferredBytes: sum(scripts, (a) => a.brotliBytes) + inlineScriptsBrotliBytes(documentBody.toString('utf8')),
      cssGzipBytes: sum(stylesheets, (a) => a.gzipBytes) + sum(inlineStyles, (a) => a.gzipBytes),
      imageAboveFoldBytes: sum(imagesAboveFold, (a) => a.gzipBytes),
    };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('response', onResponse);
  }
}

async function networkQuiet(
  state: () => { pending: Set<Request>; lastActivity: number },
  timeout: number,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const { pending, lastActivity } = state();
    if (pending.size === 0 && Date.now() - lastActivity >= QUIET_MS) return;
    if (Date.now() > deadline) {
      const urls = [...pending].map((r) => r.url()).join(', ');
      throw new Error(`The network did not settle within ${timeout} ms; still loading: ${urls || 'nothing'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs in the page: inline script and style texts, and the images intersecting the first viewport. */
function inspectDocument(): { inline: string[]; styles: string[]; images: string[] } {
  const executable = /^(|module|text\/javascript|application\/javascript)$/i;
  const inline = Array.from(document.querySelectorAll('script:not([src])'))
    .filter((s) => executable.test((s.getAttribute('type') ?? '').trim()))
    .map((s) => s.textContent ?? '')
    .filter((text) => text.trim().length > 0);
  const width = window.innerWidth;
  const height = window.innerHeight;
  const images = Array.from(document.querySelectorAll('img'))
    .filter((img) => {
      const box = img.getBoundingClientRect();
      const top = box.top + window.scrollY;
      const left = box.left + window.scrollX;
      return (
        box.width > 0 && box.height > 0 && top < height && top + box.height > 0 && left < width && left + box.width > 0
      );
    })
    .map((img) => img.currentSrc || img.src)
    .filter((src) => src && !src.startsWith('data:'));
  const styles = Array.from(document.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .filter((text) => text.trim().length > 0);
  return { inline, styles, images };
}
