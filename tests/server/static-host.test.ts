import { describe, expect, test } from 'vitest';
import { PAGE_CSP } from '../../server/http/security-headers';
import {
  HASHED_PREFIX,
  IMMUTABLE,
  REVALIDATE,
  SITE_REWRITES,
  headersFile,
  matchRewrite,
  nginxSite,
  redirectsFile,
  serveJson,
  staticHostFiles,
} from '../../server/site/static-host';
import { withPolicyMeta } from '../../server/site/static-folder';

describe('matchRewrite', () => {
  test.each([
    ['/trackorder/ORD-123', '/trackorder/', 'ORD-123'],
    ['/trackorder/ORD-123/', '/trackorder/', 'ORD-123'],
    ['/product-details/7', '/fallback/product/', '7'],
    ['/product-details/123456789012345/', '/fallback/product/', '123456789012345'],
    ['/searchproductlist', '/fallback/search/', null],
    ['/searchproductlist/', '/fallback/search/', null],
  ])('%s → %s (id %s)', (urlPath, page, id) => {
    expect(matchRewrite(urlPath)).toEqual({ rewrite: expect.objectContaining({ page }), id });
  });

  test.each([
    '/trackorder/',
    '/trackorder',
    '/trackorder/a/b',
    '/product-details/0',
    '/product-details/010',
    '/product-details/0x10',
    '/product-details/1e2',
    '/product-details/1234567890123456',
    '/product-details/7/reviews',
    '/searchproductlist/more',
    '/cart',
    '/',
  ])('%s is not rewritten', (urlPath) => {
    expect(matchRewrite(urlPath)).toBeNull();
  });

  test('only the product rule waits for the database on the shop server', () => {
    expect(SITE_REWRITES.filter((r) => r.onlyKnownProduct).map((r) => r.page)).toEqual(['/fallback/product/']);
  });
});

/** nginx's regex locations of a generated include, with the try_files line of each. */
function nginxLocations(conf: string): { pattern: RegExp; tryFiles: string }[] {
  return [...conf.matchAll(/location ~ "([^"]+)" \{[^}]*?try_files ([^;]+);/g)].map(
    ([, pattern = '', tryFiles = '']) => ({
      pattern: new RegExp(pattern),
      tryFiles,
    }),
  );
}

describe('nginx-site.conf', () => {
  const conf = nginxSite();

  test('every rewrite is a regex location ending in its page, in list order', () => {
    const locations = nginxLocations(conf);
    expect(locations).toHaveLength(SITE_REWRITES.length);
    SITE_REWRITES.forEach((rewrite, i) => {
      expect(locations[i]?.tryFiles.endsWith(`${rewrite.page}index.html =404`)).toBe(true);
    });
    // A page built with the site wins (a product's own page), as on the shop's server.
    SITE_REWRITES.forEach((rewrite, i) => {
      expect(locations[i]?.tryFiles.startsWith('$uri $uri/index.html ')).toBe('prefix' in rewrite.from);
    });
  });

  test.each([
    '/trackorder/ORD-1',
    '/product-details/42/',
    '/searchproductlist',
    '/product-details/010',
    '/trackorder/',
    '/searchproductlist/x',
  ])('its locations send %s where matchRewrite does', (urlPath) => {
    const nginx = nginxLocations(conf).findIndex(({ pattern }) => pattern.test(urlPath));
    const match = matchRewrite(urlPath);
    expect(nginx).toBe(match ? SITE_REWRITES.indexOf(match.rewrite) : -1);
  });

  test('hashed files are immutable for a year, everything else revalidates; headers on errors too', () => {
    const block = (start: string) => conf.slice(conf.indexOf(start), conf.indexOf('\n}', conf.indexOf(start)));
    expect(block(`location ${HASHED_PREFIX} {`)).toContain(`add_header Cache-Control "${IMMUTABLE}" always;`);
    expect(block(`location ${HASHED_PREFIX} {`)).toContain('gzip_static on;');
    expect(block('location / {')).toContain(`add_header Cache-Control "${REVALIDATE}" always;`);
    expect(block('location / {')).toContain('try_files $uri $uri/index.html =404;');
    expect(conf).toContain('error_page 404 /404.html;');
    // nginx drops outer add_header lines in a location that has its own: every location repeats them all.
    const locations = conf.split('location ').length - 1;
    expect(conf.split(`add_header Content-Security-Policy "${PAGE_CSP}" always;`).length - 1).toBe(locations);
    expect(conf.split('add_header X-Content-Type-Options "nosniff" always;').length - 1).toBe(locations);
    expect(conf).not.toMatch(/add_header [^\n]*[^s];\n/);
  });
});

describe('_redirects', () => {
  const rules = redirectsFile()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(' '));

  test('each rewrite, with and without a trailing slash, answers 200 from its page', () => {
    expect(rules).toEqual([
      ['/trackorder/:id', '/trackorder/', '200'],
      ['/trackorder/:id/', '/trackorder/', '200'],
      ['/product-details/:id', '/fallback/product/', '200'],
      ['/product-details/:id/', '/fallback/product/', '200'],
      ['/searchproductlist', '/fallback/search/', '200'],
      ['/searchproductlist/', '/fallback/search/', '200'],
    ]);
  });

  test('every rule has its reason above it', () => {
    for (const rewrite of SITE_REWRITES) expect(redirectsFile()).toContain(`# ${rewrite.why}`);
  });
});

describe('_headers', () => {
  test('Cache-Control only on hashed files (both hosts join a header set by two matching rules)', () => {
    const text = headersFile();
    expect(text.match(/Cache-Control/g)).toHaveLength(1);
    expect(text).toContain(`${HASHED_PREFIX}*\n  Cache-Control: ${IMMUTABLE}\n`);
    expect(text).toContain(`/*\n  X-Content-Type-Options: nosniff\n`);
    expect(text).toContain(`  Content-Security-Policy: ${PAGE_CSP}\n`);
  });
});

describe('serve.json', () => {
  const config = JSON.parse(serveJson()) as {
    rewrites: { source: string; destination: string }[];
    headers: { source: string; headers: { key: string; value: string }[] }[];
  };

  test('rewrites point at the page files', () => {
    expect(config.rewrites).toContainEqual({ source: '/trackorder/:id', destination: '/trackorder/index.html' });
    expect(config.rewrites).toContainEqual({
      source: '/searchproductlist',
      destination: '/fallback/search/index.html',
    });
    expect(config.rewrites).toHaveLength(SITE_REWRITES.length * 2);
  });

  test('the hashed files rule comes last, so its Cache-Control wins', () => {
    const cache = (rule: (typeof config.headers)[number] | undefined) =>
      rule?.headers.find((h) => h.key === 'Cache-Control')?.value;
    expect(config.headers.map((h) => h.source)).toEqual(['/**', `${HASHED_PREFIX}**`]);
    expect(cache(config.headers[0])).toBe(REVALIDATE);
    expect(cache(config.headers[1])).toBe(IMMUTABLE);
  });
});

test('the nginx include lies beside client/, the host files inside it', () => {
  expect(staticHostFiles().map((f) => f.file)).toEqual([
    'nginx-site.conf',
    'client/_redirects',
    'client/_headers',
    'client/serve.json',
  ]);
});

describe('withPolicyMeta', () => {
  const meta = (policy: string) => `<meta http-equiv="content-security-policy" content="${policy}">`;

  test("puts the header policy in a meta tag where a build puts it: before the head's styles, escaped", () => {
    const html =
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>x</title><style>a{}</style></head><body></body></html>';
    expect(withPolicyMeta(html, `default-src 'self'; img-src "a"&b`)).toBe(
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>x</title>' +
        meta("default-src 'self'; img-src &quot;a&quot;&amp;b") +
        '<style>a{}</style></head><body></body></html>',
    );
  });

  test.each([
    [
      'before the inline scripts Astro adds',
      '<head><title>x</title><script>1</script></head>',
      '<head><title>x</title>M<script>1</script></head>',
    ],
    [
      "after a page's own typed scripts",
      '<head><script type="application/ld+json">{}</script><style></style></head>',
      '<head><script type="application/ld+json">{}</script>M<style></style></head>',
    ],
    [
      'at the end of a head without styles or scripts',
      '<head><title>x</title></head><body><style></style></body>',
      '<head><title>x</title>M</head><body><style></style></body>',
    ],
    ['after <html> without a head', '<html lang="en"><p>x</p></html>', '<html lang="en">M<p>x</p></html>'],
  ])('%s', (_name, html, expected) => {
    expect(withPolicyMeta(html, 'a')).toBe(expected.replace('M', meta('a')));
  });

  test('without a policy nothing changes', () => {
    expect(withPolicyMeta('<head></head>', null)).toBe('<head></head>');
  });
});
