import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { RESET_EMAIL_KEY } from '../../src/features/account/reset-flow';
import { DESKTOP, PHONE, waitForIslands } from './fixtures';

const PAGES = [
  '/',
  '/productslisting',
  '/subcategories/1',
  '/subcategoriesproducts/1',
  '/products/category/2',
  '/product-details/1',
  '/searchproductlist?search=rice',
  '/aboutus',
  '/contactus',
  '/privacypolicy',
  '/return',
  '/products',
  '/ordertracking',
  '/resizewebsite',
  '/no-such-page',
  '/login',
  '/register',
  '/forgotpassword',
  '/resetpassword',
];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

test('account pages, logged in, have no serious or critical accessibility violations', async ({ page, request }) => {
  const email = `axe-${Date.now()}-${process.pid}@example.in`;
  const phone = `8${String(Date.now()).slice(-9)}`;
  await request.post('/api/common/signup', {
    data: { first_name: 'Asha', last_name: 'Iyer', phone_number: phone, email, password: 'filter-coffee' },
  });
  const login = await (
    await request.post('/api/common/userlogin', { data: { email, password: 'filter-coffee' } })
  ).json();
  await page.goto('/aboutus');
  await page.evaluate((data) => {
    localStorage.setItem('authToken', data.tokens.access);
    localStorage.setItem('user', JSON.stringify(data));
    localStorage.setItem('user_id', String(data.user_id));
  }, login.data);
  for (const path of ['/profile', '/profile#addresses', '/profile#reviews', '/updateprofile']) {
    await page.goto(path);
    await waitForIslands(page);
    await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of PAGES) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        // Without an e-mail handed over by the PIN step the reset page sends the shopper back to
        // Forgot Password after 2.5 s: give it one, so the form itself is audited and stays put.
        if (path === '/resetpassword') {
          await page.addInitScript((key) => sessionStorage.setItem(key, 'a11y@example.in'), RESET_EMAIL_KEY);
        }
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
