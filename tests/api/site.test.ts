import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

let parent: string;
let dir: string;
let t: TestApp;
let pending: TestApp;

const PAGES = {
  'index.html': '<!doctype html><title>Home</title><h1>HOME PAGE</h1>',
  '404.html': '<!doctype html><title>Not found</title><h1>NOT FOUND PAGE</h1>',
  'about/index.html': '<!doctype html><title>About</title><h1>ABOUT PAGE</h1>',
  '_astro/a.js': 'console.log("ASSET");',
  'fallback/product/index.html': '<!doctype html><title>Product</title><h1>PRODUCT FALLBACK</h1>',
  'trackorder/index.html': '<!doctype html><title>Track</title><h1>TRACK ORDER PAGE</h1>',
  'product-details/2/index.html': '<!doctype html><title>Built</title><h1>BUILT PRODUCT 2</h1>',
  'subcategories/3/index.html': '<!doctype html><title>Category</title><h1>STATIC CATEGORY 3</h1>',
  'subcategoriesproducts/12/index.html': '<!doctype html><title>Subcategory</title><h1>STATIC SUBCATEGORY 12</h1>',
} satisfies Record<string, string>;

beforeAll(async () => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'site-serving-'));
  dir = path.join(parent, 'site');
  for (const [rel, text] of Object.entries(PAGES)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  // Outside the site root: must never be served.
  fs.writeFileSync(path.join(parent, 'secret'), 'TOP SECRET');
  fs.mkdirSync(path.join(parent, 'site-private'));
  fs.writeFileSync(path.join(parent, 'site-private', 'index.html'), 'TOP SECRET');
  fs.writeFileSync(path.join(dir, '.env'), 'TOP SECRET');
  t = await makeTestApp(60, {
    siteRoot: () => dir,
    // Stands in for a build's on-demand pages: answers one address, declines the rest.
    renderPage: async (request) => {
      const url = new URL(request.url);
      // The browse page of category 3 only: subcategory 12 stands for a build without one.
      if (url.pathname === '/browse/category/3') {
        return new Response(`<!doctype html><h1>RENDERED BROWSE 3 ${url.searchParams.toString()}</h1>`, {
          headers: { 'content-type': 'text/html' },
        });
      }
      if (url.pathname.replace(/\/$/, '') !== '/searchproductlist') return null;
      const text = url.searchParams.get('search') ?? '';
      return new Response(
        `<!doctype html><h1>RENDERED SEARCH ${text.replace(/[<&]/g, '')}</h1>${'<p>result</p>'.repeat(200)}`,
        {
          headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' },
        },
      );
    },
  });
  pending = await makeTestApp(5, { siteRoot: () => null });
});

afterAll(async () => {
  await t.close();
  await pending.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

describe('serving the built site', () => {
  test.each<[string, string]>([
    ['/', 'HOME PAGE'],
    ['/index.html', 'HOME PAGE'],
    ['/about', 'ABOUT PAGE'],
    ['/about/', 'ABOUT PAGE'],
    ['/trackorder/', 'TRACK ORDER PAGE'],
  ])('%s → 200 %s', async (urlPath, text) => {
    const res = await t.get(urlPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.body).toContain(text);
  });

  test.each<[string, string]>([
    ['/subcategories/3', 'STATIC CATEGORY 3'],
    ['/subcategories/3?sub_category=9', 'STATIC CATEGORY 3'],
    ['/subcategories/3?price=abc&sort=drop%20table', 'STATIC CATEGORY 3'],
    [
      '/subcategories/3?brand=Amul&price=100-250&sort=price_asc',
      'RENDERED BROWSE 3 brand=Amul&price=100-250&sort=price_asc',
    ],
    ['/subcategoriesproducts/12?brand=Amul', 'STATIC SUBCATEGORY 12'],
  ])('%s → %s (a narrowed list is drawn on demand when the build can)', async (urlPath, text) => {
    const res = await t.get(urlPath);
    expect(res.status).toBe(200);
    expect(res.body).toContain(text);
  });

  test('hashed assets are immutable', async () => {
    const res = await t.get('/_astro/a.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(PAGES['_astro/a.js']);
  });

  test('a page revalidates with its ETag', async () => {
    const first = await t.get('/about/');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await t.get('/about/', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  test.each(['/nope', '/nope/', '/about/missing', '/_astro/missing.js'])(
    '%s → 404 with the 404 page',
    async (urlPath) => {
      const res = await t.get(urlPath);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('NOT FOUND PAGE');
    },
  );

  test.each(['/product-details/1', '/product-details/1/', '/product-details/60'])(
    '%s, a product without a built page, gets the fallback page',
    async (urlPath) => {
      const res = await t.get(urlPath);
      expect(res.status).toBe(200);
      expect(res.body).toContain('PRODUCT FALLBACK');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    },
  );

  test('a product with a built page gets that page', async () => {
    const res = await t.get('/product-details/2/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('BUILT PRODUCT 2');
  });

  test.each(['/product-details/999999', '/product-details/61', '/product-details/abc', '/product-details/1/extra'])(
    '%s → 404 page',
    async (urlPath) => {
      const res = await t.get(urlPath);
      expect(res.status).toBe(404);
      expect(res.body).toContain('NOT FOUND PAGE');
    },
  );

  test.each(['/trackorder/abc', '/trackorder/ORD-123/', '/trackorder/42'])(
    '%s → the track order page',
    async (urlPath) => {
      const res = await t.get(urlPath);
      expect(res.status).toBe(200);
      expect(res.body).toContain('TRACK ORDER PAGE');
    },
  );

  test('/trackorder/a/b is not a tracked order', async () => {
    const res = await t.get('/trackorder/a/b');
    expect(res.status).toBe(404);
  });

  test.each([
    '/../secret',
    '/%2e%2e/secret',
    '/%2E%2E%2Fsecret',
    '/..%2fsecret',
    '/about/..%2f..%2fsecret',
    '/%2e%2e/site-private/',
    '/..%5csecret',
    '/.env',
    '/%2eenv',
    '/secret%00.html',
    '/%',
  ])('%s cannot escape the site or reach hidden files', async (urlPath) => {
    const res = await t.get(urlPath);
    expect(res.status).not.toBe(200);
    expect(res.status).toBeLessThan(500);
    expect(String(res.body)).not.toContain('TOP SECRET');
  });

  test('HEAD answers headers without a body', async () => {
    const res = await t.get('/about/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(PAGES['about/index.html']));
  });

  test('the API still answers beside the site', async () => {
    const res = await t.get('/api/common/products/1/');
    expect(res.status).toBe(200);
    expect((res.body as { id: number }).id).toBe(1);
  });
});

describe('pages rendered when asked for', () => {
  test('an on-demand page is rendered with its query, compressed and with the security headers', async () => {
    const res = await t.get('/searchproductlist?search=milk');
    expect(res.status).toBe(200);
    expect(res.body).toContain('RENDERED SEARCH milk');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const packed = await t.get('/searchproductlist/?search=milk', { headers: { 'accept-encoding': 'gzip' } });
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe('gzip');
  });

  test('a built file wins over the renderer, and addresses it declines still get the 404 page', async () => {
    expect((await t.get('/about/')).body).toContain('ABOUT PAGE');
    const missing = await t.get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('NOT FOUND PAGE');
  });
});

describe('before the first build', () => {
  test.each(['/', '/about/', '/product-details/1'])('%s → 503 with Retry-After', async (urlPath) => {
    const res = await pending.get(urlPath);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  test('the API does not wait for the site', async () => {
    const res = await pending.get('/api/common/product_categories/');
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBeGreaterThan(0);
  });
});
