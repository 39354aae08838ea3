import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { first } from '../lists';
import sharp from 'sharp';
import { parseImageUrl, responsivePicture } from '../../contract/images';
import { drawPhotoRecipe } from '../../server/demo/photo-recipes';
import { findImage } from '../../server/repositories/images';
import { storePicture } from '../../server/services/images/pipeline';
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

  /** Draws and encodes the seeded photo behind `url`, as the background encoder does. */
  async function encode(url: string): Promise<void> {
    const facts = parseImageUrl(url);
    if (!facts) throw new Error(`Not a pipeline picture: ${url}`);
    const row = await findImage(t.db, facts.hash);
    if (!row?.recipe) throw new Error(`No recipe for ${url}`);
    await storePicture(t.mediaDir, facts, (await drawPhotoRecipe(row.recipe)).jpeg);
  }

  test('a product’s picture is a photo whose every width and format is immutable', async () => {
    const image = await firstImage();
    const facts = parseImageUrl(image);
    expect(facts).toMatchObject({ prefix: '/media/images/', width: 1600, height: 1600, ext: 'jpg' });
    await encode(image);
    const original = await t.get(image);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const picture = responsivePicture(image);
    if (!picture) throw new Error('no srcset');
    const addresses = [...picture.srcset.split(', '), ...first(picture.sources).srcset.split(', ')].map(
      (entry) => entry.split(' ')[0] ?? '',
    );
    expect(addresses).toHaveLength(12);
    for (const address of addresses) {
      const res = await t.app.request(address);
      expect(res.status, address).toBe(200);
      expect(res.headers.get('content-type')).toBe(address.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const width = Number(/-(\d+)w\./.exec(address)?.[1]);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(width);
    }
  });

  test('category and banner pictures are photos too', async () => {
    const [cats, banners] = await Promise.all([
      t.get('/api/common/product_categories/'),
      t.get('/api/common/banners_api/'),
    ]);
    expect(parseImageUrl(first(cats.body as { image: string }[]).image)).toMatchObject({ width: 1200, height: 1200 });
    expect(parseImageUrl(first(banners.body as { image: string }[]).image)).toMatchObject({ width: 2000, height: 700 });
  });

  test('a picture not yet encoded, or a wrong hash → 404', async () => {
    const image = await firstImage();
    const wrong = image.replace(/\/([0-9a-f])/, (_, c: string) => `/${c === '0' ? '1' : '0'}`);
    expect((await t.get(wrong)).status).toBe(404);
    const banner = first((await t.get('/api/common/banners_api/')).body as { image: string }[]).image;
    const res = await t.get(banner);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  test.each([
    'junk',
    'abc.jpg',
    '0123456789abcdef-1x1-zzzzzz.jpg',
    '0123456789abcdef-99w.png',
    '..%2f..%2fpackage.json',
  ])('/media/images/%s → 404', async (name) => {
    expect((await t.get(`/media/images/${name}`)).status).toBe(404);
  });

  test('a drawing stored before photos is still served, immutable', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    const { id } = await t.db
      .insertInto('illustrations')
      .values({ hash: '0123456789', spec: '{}', svg })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.get(`/media/catalogue/${id}-0123456789.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.body).toBe(svg);
    expect((await t.get(`/media/catalogue/${id}-0123456788.svg`)).status).toBe(404);
  });

  test.each(['junk', 'abc.svg', '999999-0123456789.svg', '1-0123456789.png', '1-XYZ.svg', '..%2f..%2fpackage.json'])(
    '/media/catalogue/%s → 404',
    async (name) => {
      const res = await t.get(`/media/catalogue/${name}`);
      expect(res.status).toBe(404);
    },
  );
});
