import { expect, test } from '@playwright/test';

/**
 * The API reference (/api/docs): Swagger UI, served by the shop itself under a policy of its
 * own, renders the OpenAPI document in Chromium without a console error or a blocked request.
 */
test('the API reference page renders every group and operation, with nothing blocked', async ({ page, baseURL }) => {
  // Swagger UI reads and draws the whole document (over 120 operations) in the page: on a loaded 2-core machine the
  // drawing alone took most of the default 30 s (2026-12-01), so the test has room for it and its clicks.
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy|Refused to/i.test(message.text())) {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  // Everything the page needs comes from the shop itself: no CDN, no validator badge.
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== new URL(baseURL!).origin) {
      problems.push(`left the shop: ${request.url()}`);
    }
  });
  await page.exposeFunction('__reportCspViolation', (line: string) => problems.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(`CSP: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });

  const answer = await page.goto('/api/docs');
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');

  // Swagger UI draws the page once it has read the whole document (105 operations): on a loaded
  // 2-core machine that passed the default 10 s (2026-11-27); the heading is its first sign.
  await expect(page.getByRole('heading', { name: /GharBazaar API/ })).toBeVisible({ timeout: 30_000 });
  const product = page.locator('.opblock-get .opblock-summary-path[data-path="/api/common/products/{id}"]');
  await expect(product).toBeVisible();
  await expect(page.locator('.opblock-post .opblock-summary-path[data-path="/api/common/create_order"]')).toBeVisible();
  const tags = ['Catalogue', 'Accounts', 'Profile', 'Cart', 'Orders', 'Reviews', 'Contact', 'Payments', 'Operations'];
  for (const tag of tags) await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();
  // Swagger UI lists each operation once, as many as the document holds (41 today).
  const openapi = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const methods = new Set(['get', 'put', 'post', 'patch', 'delete', 'head']);
  const operations = Object.values(openapi.paths).reduce(
    (count, item) => count + Object.keys(item).filter((key) => methods.has(key)).length,
    0,
  );
  expect(operations).toBeGreaterThanOrEqual(41);
  await expect(page.locator('.opblock-summary-path')).toHaveCount(operations, { timeout: 30_000 });

  // An operation opens to its answers, with the contract's schemas.
  await product.click();
  const opened = page.locator('.opblock.is-open');
  await expect(opened.getByText('Get one product')).toBeVisible({ timeout: 30_000 });
  await expect(opened.locator('tr.response[data-code="200"]')).toBeVisible();
  await expect(opened.locator('tr.response[data-code="404"]')).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
