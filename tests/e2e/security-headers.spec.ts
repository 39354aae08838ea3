import { expect, test, type Page } from '@playwright/test';
import { RESET_EMAIL_KEY } from '../../src/features/account/reset-flow';
import { expectToast, loggedInShopper, PUBLIC_PAGES, recordToasts, waitForIslands } from './fixtures';

/** Pages about the shopper (they send a logged-out visitor to log in). */
const ACCOUNT_PAGES = [
  '/cart',
  '/wishlist',
  '/profile',
  '/updateprofile',
  '/myorder',
  '/buynowaddress',
  '/buynowcartaddress',
  '/razorpay',
  '/trackorder/1',
];

const TEST_MODE = 'Test mode — no money is taken';

/** The policy's directive `name` ('script-src …'), or null. */
function directive(policy: string, name: string): string | null {
  return (
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d === name || d.startsWith(`${name} `)) ?? null
  );
}

/**
 * Records every CSP violation the pages report (from before their first script runs, across
 * navigations) and every console message about a policy (CSP or Permissions-Policy).
 */
async function watchPolicies(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy|Permissions.Policy|Refused to (execute|load|apply|connect|frame)/i.test(text)) {
      problems.push(`${page.url()}: console ${message.type()}: ${text}`);
    }
  });
  await page.exposeFunction('__reportCspViolation', (line: string) => problems.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  // The reset page sends a visitor without a PIN step back to Forgot Password after a moment:
  // give it one, so it stays put while the next page is opened.
  await page.addInitScript((key) => sessionStorage.setItem(key, 'csp@example.in'), RESET_EMAIL_KEY);
  return problems;
}

/** The content of the page's CSP meta tags, from its HTML as sent. */
function metaPolicies(html: string): string[] {
  const tags = html.match(/<meta[^>]+http-equiv="content-security-policy"[^>]*>/gi) ?? [];
  return tags.map((tag) =>
    (/content="([^"]*)"/i.exec(tag)?.[1] ?? '')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

/** Opens `path`, lets every island hydrate, and checks the page's policies; answers what went wrong. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  // The answer as sent (a page may send the browser on before its body could be read).
  const sent = await page.request.get(path);
  const headers = sent.headers();
  const header = headers['content-security-policy'] ?? '';
  const policies = [header, ...metaPolicies(await sent.text())].filter(Boolean);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Islands hydrate only if the policy let Astro's loader and the islands' scripts run.
  await waitForIslands(page);
  const scriptSrc = policies.map((p) => directive(p, 'script-src')).filter((d): d is string => d !== null);
  if (scriptSrc.length === 0) problems.push(`${path}: no script-src in any policy`);
  for (const d of scriptSrc) if (d.includes("'unsafe-inline'")) problems.push(`${path}: ${d}`);
  if (directive(header, 'frame-ancestors') !== "frame-ancestors 'none'") {
    problems.push(`${path}: header CSP lacks frame-ancestors 'none': ${header}`);
  }
  if (headers['x-frame-options'] !== 'DENY') problems.push(`${path}: x-frame-options ${headers['x-frame-options']}`);
  if (!/camera=\(\)/.test(headers['permissions-policy'] ?? '')) {
    problems.push(`${path}: permissions-policy ${headers['permissions-policy']}`);
  }
  return problems;
}

test.describe('Content-Security-Policy and security headers', () => {
  test.setTimeout(240_000);

  test('logged out: every page has a policy without inline scripts, is never framed, and breaks no rule', async ({
    page,
  }) => {
    const problems = await watchPolicies(page);
    for (const path of [...PUBLIC_PAGES, ...ACCOUNT_PAGES]) problems.push(...(await visit(page, path)));
    expect(problems).toEqual([]);
  });

  test('logged in: every page keeps to its policy, islands work, and the test checkout says no money is taken', async ({
    page,
  }) => {
    const problems = await watchPolicies(page);
    const shopper = await loggedInShopper(page);
    for (const path of [...ACCOUNT_PAGES, ...PUBLIC_PAGES]) problems.push(...(await visit(page, path)));

    // Islands hydrated under the policy: the header's account menu opens, Add Cart adds.
    await recordToasts(page);
    await page.goto('/');
    await waitForIslands(page);
    await page.getByRole('button', { name: shopper.firstName }).click();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    const list = (await (await page.request.get('/api/common/products/')).json()) as {
      id: number;
      variants: unknown[];
    }[];
    const single = list.find((p) => p.variants.length === 1);
    expect(single).toBeDefined();
    await page.goto(`/product-details/${single!.id}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Add Cart' }).click();
    await expectToast(page, 'Added to Cart!');

    // The local test checkout is active here: checkout, the /razorpay page and the dialog say so.
    await page.goto('/buynowcartaddress');
    await expect(page.getByText(TEST_MODE)).toBeVisible();
    await page.goto('/razorpay');
    await waitForIslands(page);
    await expect(page.getByText(TEST_MODE)).toBeVisible();
    await page.getByLabel('Amount (₹)').fill('1');
    await page.getByRole('button', { name: 'Pay ₹1' }).click();
    const checkout = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: 'Success', exact: true }) });
    await expect(checkout).toContainText(TEST_MODE);
    await checkout.getByRole('button', { name: 'Success', exact: true }).click();
    await expect(page.getByText('Payment Successful! ₹1 was paid and verified by the server.')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
