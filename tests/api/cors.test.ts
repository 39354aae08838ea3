import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_METHODS } from '../../server/http/cors';
import { appPerFile, makeTestApp, newUser } from './helpers';

const STOREFRONT = 'https://shop.example.in';
const STRANGER = 'https://evil.example.com';

let site: string;
beforeAll(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'cors-site-'));
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><h1>HOME</h1>');
});
afterAll(() => fs.rmSync(site, { recursive: true, force: true }));

const shop = appPerFile(() => makeTestApp(6, { storefrontOrigin: STOREFRONT, siteRoot: () => site }));
const sameOrigin = appPerFile(() => makeTestApp(3, { siteRoot: () => site }));

const preflight = (origin: string, method: string, headers = 'authorization,content-type') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
});

const varyNames = (headers: Headers) =>
  (headers.get('vary') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

describe('with STOREFRONT_ORIGIN set', () => {
  test.each(['POST', 'PATCH', 'DELETE', 'PUT'])('a preflight for %s from the storefront is allowed', async (method) => {
    const res = await shop.get('/api/common/cart/', preflight(STOREFRONT, method));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(res.headers.get('access-control-allow-methods')?.split(',')).toContain(method);
    expect(res.headers.get('access-control-allow-headers')?.split(',')).toEqual(['authorization', 'content-type']);
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(varyNames(res.headers)).toContain('origin');
  });

  test('the allowed methods are exactly the ones the API answers', async () => {
    const res = await shop.get('/api/common/cart/', preflight(STOREFRONT, 'POST'));
    expect(res.headers.get('access-control-allow-methods')?.split(',').sort()).toEqual([...API_METHODS].sort());
  });

  test('a preflight from another origin gets no allow header', async () => {
    const res = await shop.get('/api/common/cart/', preflight(STRANGER, 'POST'));
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(varyNames(res.headers)).toContain('origin');
  });

  test('a read from the storefront is allowed for that origin only, never *', async () => {
    const res = await shop.get('/api/common/product_categories/', { headers: { origin: STOREFRONT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(varyNames(res.headers)).toContain('origin');
    // The answer is still compressed per Accept-Encoding: both stay in Vary.
    // (Read raw: the helper parses only uncompressed JSON.)
    const compressed = await shop.app.request('/api/common/product_categories/', {
      headers: { origin: STOREFRONT, 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(varyNames(compressed.headers)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  test('a read from another origin, or with no Origin, gets no allow header but still varies by Origin', async () => {
    for (const headers of [{ origin: STRANGER }, {} as Record<string, string>]) {
      const res = await shop.get('/api/common/product_categories/', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      // A shared cache must not hand the storefront's answer to another origin, or the reverse.
      expect(varyNames(res.headers)).toContain('origin');
    }
  });

  test('a cart add from the storefront with a bearer token answers with the allow header', async () => {
    const user = await newUser(shop);
    const res = await shop.call('POST', '/api/common/cart/add', {
      token: user.token,
      json: { variant_id: 1, quantity: 1 },
      headers: { origin: STOREFRONT },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
  });

  test.each([
    ['a 401 (no token)', 'GET', '/api/common/cart/', undefined],
    ['a 400 (bad body)', 'POST', '/api/common/userlogin', '{"email":'],
    ['a 404 (no such API path)', 'GET', '/api/common/nothing-here', undefined],
  ])('%s still carries the allow header, so the storefront can read its message', async (_, method, url, body) => {
    const res = await shop.get(url, {
      method,
      headers: { origin: STOREFRONT, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((res.body as { message?: string }).message).toBeTruthy();
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
  });

  test('pages and media are not given CORS headers (only /api/ is called from the storefront)', async () => {
    const res = await shop.get('/', { headers: { origin: STOREFRONT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('without STOREFRONT_ORIGIN', () => {
  test('no CORS headers at all, from any origin', async () => {
    for (const origin of [STOREFRONT, STRANGER]) {
      const read = await sameOrigin.get('/api/common/product_categories/', { headers: { origin } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      expect(varyNames(read.headers)).not.toContain('origin');
      const options = await sameOrigin.get('/api/common/cart/', preflight(origin, 'POST'));
      expect(options.headers.get('access-control-allow-origin')).toBeNull();
      expect(options.headers.get('access-control-allow-methods')).toBeNull();
    }
  });
});
