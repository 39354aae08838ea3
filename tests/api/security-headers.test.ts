import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HSTS, PAGE_CSP, PERMISSIONS_POLICY, withPageDirectives } from '../../server/http/security-headers';
import { makeTestApp, type TestApp } from './helpers';

let dir: string;
let http: TestApp;
let https: TestApp;
let pending: TestApp;

/** The policy Astro writes as a header for a page rendered on demand (search). */
const ASTRO_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><h1>HOME</h1>');
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><h1>NOT FOUND</h1>');
  const renderPage = async (request: Request) =>
    new URL(request.url).pathname.startsWith('/searchproductlist')
      ? new Response('<!doctype html><h1>SEARCH</h1>', {
          headers: { 'content-type': 'text/html', 'content-security-policy': ASTRO_POLICY },
        })
      : null;
  http = await makeTestApp(3, { siteRoot: () => dir, renderPage, siteUrl: 'http://shop.example.in' });
  https = await makeTestApp(3, { siteRoot: () => dir, renderPage, siteUrl: 'https://shop.example.in' });
  pending = await makeTestApp(3, { siteRoot: () => null, siteUrl: 'https://shop.example.in' });
});

afterAll(async () => {
  await http.close();
  await https.close();
  await pending.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const directives = (policy: string | null) =>
  (policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);

describe('security headers', () => {
  test.each(['/', '/no-such-page', '/searchproductlist?search=rice'])(
    'the page %s is never framed and gets the Permissions-Policy',
    async (urlPath) => {
      const res = await http.get(urlPath);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    },
  );

  test("the search page keeps Astro's own policy, with the page directives added once each", async () => {
    const csp = directives((await http.get('/searchproductlist?search=rice')).headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    const names = csp.map((d) => d.split(' ')[0]);
    expect(names).toEqual([...new Set(names)]);
  });

  test('Permissions-Policy: sensors, camera, microphone and location off; payment for the shop and Razorpay', () => {
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'usb',
      'accelerometer',
      'gyroscope',
      'magnetometer',
    ]) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    }
    expect(PERMISSIONS_POLICY).toContain('payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")');
  });

  test('API answers are not framed either, and carry no page policy', async () => {
    const res = await http.get('/api/common/product_categories/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  test('HSTS only when SITE_URL is https', async () => {
    expect((await http.get('/')).headers.get('strict-transport-security')).toBeNull();
    expect((await http.get('/api/common/products/1/')).headers.get('strict-transport-security')).toBeNull();
    expect((await https.get('/')).headers.get('strict-transport-security')).toBe(HSTS);
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    expect((await https.get('/api/common/products/1/')).headers.get('strict-transport-security')).toBe(HSTS);
  });

  test("the 'opening soon' page runs no script at all", async () => {
    const res = await pending.get('/');
    expect(res.status).toBe(503);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.some((d) => d.startsWith('script-src'))).toBe(false);
  });

  test.each<[string | null, string]>([
    [null, PAGE_CSP],
    ['', PAGE_CSP],
    ["default-src 'self'", `default-src 'self'; ${PAGE_CSP}`],
    ["frame-ancestors 'self'; object-src 'none';", "frame-ancestors 'self'; object-src 'none'; base-uri 'self'"],
  ])('withPageDirectives(%j)', (policy, expected) => {
    expect(withPageDirectives(policy)).toBe(expected);
  });
});
