import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

/** Spellings Number() reads as an id but that are not plain decimal digits. */
const NOT_DIGITS = ['0x10', '1e2', '%201', '+1', '1.0', '01', '0b1', '1_0', '%EF%BC%91' /* fullwidth 1 */];

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'product-ids-'));
  fs.mkdirSync(path.join(dir, 'fallback', 'product'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><h1>HOME</h1>');
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><h1>NOT FOUND PAGE</h1>');
  fs.writeFileSync(path.join(dir, 'fallback', 'product', 'index.html'), '<!doctype html><h1>PRODUCT FALLBACK</h1>');
  t = await makeTestApp(120, { siteRoot: () => dir });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('product ids are plain decimal digits', () => {
  test.each(NOT_DIGITS)('/api/common/products/%s → 404', async (raw) => {
    const res = await t.get(`/api/common/products/${raw}/`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Product not found.' });
  });

  test.each(NOT_DIGITS)('/product-details/%s → the 404 page', async (raw) => {
    const res = await t.get(`/product-details/${raw}`);
    expect(res.status).toBe(404);
    expect(res.body).toContain('NOT FOUND PAGE');
  });

  test.each(NOT_DIGITS)('reviews of product %s are refused, not read as another product', async (raw) => {
    expect((await t.get(`/api/common/ratings/?product=${raw}`)).status).toBe(400);
  });

  test('the plain spelling still works everywhere', async () => {
    expect((await t.get('/api/common/products/16/')).body).toMatchObject({ id: 16 });
    expect((await t.get('/api/common/products/100/')).body).toMatchObject({ id: 100 });
    expect((await t.get('/product-details/16')).body).toContain('PRODUCT FALLBACK');
    expect((await t.get('/api/common/ratings/?product=16')).status).toBe(200);
  });
});
