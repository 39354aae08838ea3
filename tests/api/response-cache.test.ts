import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cache-'));
  file = path.join(dir, 'shop.sqlite');
  t = await makeTestApp(12, { databaseFile: file });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('cached catalogue answers', () => {
  test('an unchanged answer revalidates with its ETag for a 304', async () => {
    const first = await t.app.request('/api/common/products/1/');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await t.app.request('/api/common/products/1/', { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test('compressed copies decode to the same JSON as the plain answer', async () => {
    const plain = await (await t.app.request('/api/common/products/')).text();
    const br = await t.app.request('/api/common/products/', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await t.app.request('/api/common/products/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });

  test('query order does not matter; different filters are different answers', async () => {
    const a = await t.get('/api/common/products/?page=1&page_size=5');
    const b = await t.get('/api/common/products/?page_size=5&page=1');
    const c = await t.get('/api/common/products/?page_size=4&page=1');
    expect(b.body).toEqual(a.body);
    expect((c.body as { results: unknown[] }).results).toHaveLength(4);
  });

  test('a change made by another process shows at once', async () => {
    expect((await t.get('/api/common/products/2/')).body).toMatchObject({ id: 2 });
    await t.runElsewhere("UPDATE products SET name = 'Renamed Steel Kadai' WHERE id = 2");
    expect((await t.get('/api/common/products/2/')).body).toMatchObject({ name: 'Renamed Steel Kadai' });
  });

  test('unknown products are not cached as answers', async () => {
    expect((await t.get('/api/common/products/999/')).status).toBe(404);
    await t.runElsewhere(
      `INSERT INTO products (id, subcategory_id, name, description, weight_grams, unit, length_cm, width_cm, height_cm)
       VALUES (999, 1, 'Late Steel Tumbler', 'Added later.', 200, 'piece', 10, 8, 12)`,
    );
    expect((await t.get('/api/common/products/999/')).status).toBe(200);
  });
});

describe('cache keys: only the parameters an endpoint reads', () => {
  /** The catalogue routes over a cache this test can count. */
  async function countedApp() {
    const { Hono } = await import('hono');
    const { ResponseCache } = await import('../../server/http/response-cache');
    const { catalogueRoutes } = await import('../../server/routes/catalogue');
    const { errorResponse } = await import('../../server/http/errors');
    const cache = new ResponseCache(t.db);
    const app = new Hono({ strict: false });
    app.route('/api/common', catalogueRoutes(t.db, cache));
    app.onError((error, c) => errorResponse(c, error) ?? c.json({ message: String(error) }, 500));
    return { app, cache };
  }

  test('junk query values are neither stored nor recomputed', async () => {
    const { app, cache } = await countedApp();
    const first = await app.request('/api/common/products/?page=1&page_size=5');
    const body = await first.text();
    expect(cache.size).toBe(1);
    for (let i = 0; i < 50; i += 1) {
      const res = await app.request(`/api/common/products/?page_size=5&junk=${i}&page=1&utm_source=x${i}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(body);
    }
    for (const path of [
      `/api/common/product_categories/?v=${Math.random()}`,
      '/api/common/product_categories/?v=other',
      '/api/common/featured_products/?a=1',
      '/api/common/featured_products/?a=2',
      '/api/common/products/3/?x=1',
      '/api/common/products/3/?x=2',
      '/api/common/products_search/?search=steel&x=1',
      '/api/common/products_search/?q=steel&x=2',
      '/api/common/products_search/?search=%20steel%20',
    ]) {
      expect((await app.request(path)).status, path).toBe(200);
    }
    // products page, categories, featured, product 3, one search.
    expect(cache.size).toBe(5);
  });

  test('aliases of one filter are one answer; what the endpoint reads still tells answers apart', async () => {
    const { app, cache } = await countedApp();
    const a = await (await app.request('/api/common/products/?category=1')).text();
    const b = await (await app.request('/api/common/products/?category_id=1&whatever=1')).text();
    expect(b).toBe(a);
    expect(cache.size).toBe(1);
    const paged = await app.request('/api/common/products/?category=1&page=1');
    expect(((await paged.json()) as { page_size: number }).page_size).toBe(50);
    await app.request('/api/common/products/?category=1&page_size=50');
    expect(cache.size).toBe(2);
    await app.request('/api/common/products/?category=2');
    expect(cache.size).toBe(3);
  });

  test('bad values are refused before anything is computed or kept', async () => {
    const { app, cache } = await countedApp();
    for (const q of ['page=abc', 'page=0x2', 'page_size=1e1', 'category=+1', 'category=1.0', 'page_size=101']) {
      expect((await app.request(`/api/common/products/?${q}`)).status, q).toBe(400);
    }
    expect(cache.size).toBe(0);
  });
});
