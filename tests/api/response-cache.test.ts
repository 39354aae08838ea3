import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
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
    const other = new Database(file);
    other.prepare("UPDATE products SET name = 'Renamed Steel Kadai' WHERE id = 2").run();
    other.close();
    expect((await t.get('/api/common/products/2/')).body).toMatchObject({ name: 'Renamed Steel Kadai' });
  });

  test('unknown products are not cached as answers', async () => {
    expect((await t.get('/api/common/products/999/')).status).toBe(404);
    const other = new Database(file);
    other
      .prepare(
        `INSERT INTO products (id, subcategory_id, name, description, weight_grams, unit, length_cm, width_cm, height_cm)
         VALUES (999, 1, 'Late Steel Tumbler', 'Added later.', 200, 'piece', 10, 8, 12)`,
      )
      .run();
    other.close();
    expect((await t.get('/api/common/products/999/')).status).toBe(200);
  });
});
