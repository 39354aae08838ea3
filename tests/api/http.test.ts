import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { first } from '../lists';
import { makeTestApp, readResponse, type TestApp } from './helpers';

let t: TestApp;
let productsJson: unknown;

beforeAll(async () => {
  t = await makeTestApp(60);
  productsJson = (await t.get('/api/common/products/')).body;
});

afterAll(async () => {
  await t.close();
});

describe('unknown API paths', () => {
  test.each(['/api/whatever', '/api/common/nothing/', '/api/', '/api/common/products/1/extra'])(
    '%s → 404 JSON, not HTML',
    async (path) => {
      const res = await t.get(path, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(typeof (res.body as { message: unknown }).message).toBe('string');
    },
  );

  test.each([
    ['POST', '/api/common/products/'],
    ['PUT', '/api/common/products/1/'],
    ['DELETE', '/api/common/product_categories/'],
    ['PATCH', '/api/common/banners_api/'],
    ['POST', '/api/common/products_search/?search=milk'],
  ])('%s %s → 404 or 405 JSON, never 500', async (method, path) => {
    const res = await t.get(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'DELETE' ? undefined : '{"name":"x"}',
    });
    expect([404, 405]).toContain(res.status);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(typeof (res.body as { message: unknown }).message).toBe('string');
  });

  test('a POST with a broken JSON body is not a 500', async () => {
    const res = await t.get('/api/common/products/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  test('answers carry the security headers', async () => {
    const res = await t.get('/api/common/product_categories/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('compression', () => {
  const raw = (path: string, encoding?: string) =>
    t.app.request(path, { headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  test('brotli when accepted, and the body decompresses to the same JSON', async () => {
    const res = await raw('/api/common/products/', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
    const json = JSON.parse(zlib.brotliDecompressSync(body).toString('utf8'));
    expect(json).toEqual(productsJson);
    expect(body.byteLength).toBeLessThan(JSON.stringify(productsJson).length / 2);
  });

  test('gzip when only gzip is accepted', async () => {
    const res = await raw('/api/common/products/', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const json = JSON.parse(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(json).toEqual(productsJson);
  });

  test('gzip when brotli is refused', async () => {
    const res = await raw('/api/common/products/', 'br;q=0, gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  test.each([undefined, 'identity', 'br;q=0, gzip;q=0'])('plain when accept-encoding is %s', async (encoding) => {
    const res = await raw('/api/common/products/', encoding);
    expect(res.headers.get('content-encoding')).toBeNull();
    const parsed = await readResponse(res);
    expect(parsed.body).toEqual(productsJson);
  });

  test('small answers are not compressed', async () => {
    const res = await raw('/api/common/products/999999/', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
  });
});

describe('catalogue pictures', () => {
  async function firstImage(): Promise<string> {
    const product = (await t.get('/api/common/products/1/')).body as { variants: { images: { image: string }[] }[] };
    return first(first(product.variants, 'the variants').images, 'the pictures').image;
  }

  test('a product’s picture is an immutable SVG', async () => {
    const image = await firstImage();
    expect(image).toMatch(/^\/media\/catalogue\/\d+-[0-9a-f]{10}\.svg$/);
    const res = await t.get(image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    expect(res.body as string).toMatch(/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(res.body as string).toMatch(/<\/svg>\s*$/);
  });

  test('the same picture twice is the same bytes', async () => {
    const image = await firstImage();
    const a = await t.get(image);
    const b = await t.get(image);
    expect(b.body).toBe(a.body);
  });

  test('category and banner pictures are served too', async () => {
    const [cats, banners] = await Promise.all([
      t.get('/api/common/product_categories/'),
      t.get('/api/common/banners_api/'),
    ]);
    for (const path of [
      first(cats.body as { image: string }[]).image,
      first(banners.body as { image: string }[]).image,
    ]) {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
    }
  });

  test('a wrong hash → 404', async () => {
    const image = await firstImage();
    const [, id, hash] = /(\d+)-([0-9a-f]{10})\.svg$/.exec(image) ?? [];
    if (!id || !hash) throw new Error(`No stored picture name in ${image}`);
    const wrong = `${hash.slice(0, 9)}${hash.endsWith('0') ? '1' : '0'}`;
    const res = await t.get(`/media/catalogue/${id}-${wrong}.svg`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  test.each(['junk', 'abc.svg', '999999-0123456789.svg', '1-0123456789.png', '1-XYZ.svg', '..%2f..%2fpackage.json'])(
    '/media/catalogue/%s → 404',
    async (name) => {
      const res = await t.get(`/media/catalogue/${name}`);
      expect(res.status).toBe(404);
    },
  );
});
