import { expect, test, type Page } from '@playwright/test';
import { itemAt } from '../lists';
import { loggedInShopper, waitForIslands } from './fixtures';

/**
 * 'Go to Login' from a page that needs a login, and the session-expiry dialog, bring the shopper
 * back to that page once logged in (`/login?next=`); only paths of this site, never another site.
 */

/** An account to log in with, made through the API; the page is left logged out. */
async function account(page: Page): Promise<{ email: string; password: string }> {
  const shopper = await loggedInShopper(page);
  await page.evaluate(() => localStorage.clear());
  return shopper;
}

async function logIn(page: Page, shopper: { email: string; password: string }): Promise<void> {
  await waitForIslands(page);
  await page.getByLabel('User Name').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
}

test('Go to Login from a product, the wishlist and the cart comes back there', async ({ page }) => {
  const shopper = await account(page);
  const products = (await (await page.request.get('/api/common/products/')).json()) as { id: number }[];
  const productPath = `/product-details/${itemAt(products, 3, 'the catalogue').id}`;

  await page.goto(productPath);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Add Cart' }).click();
  await page
    .getByRole('dialog', { name: 'Please login to continue' })
    .getByRole('link', { name: 'Go to Login' })
    .click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(productPath)}`);
  await logIn(page, shopper);
  await expect(page).toHaveURL(productPath);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/wishlist');
  await page.getByRole('dialog', { name: 'Please Login' }).getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL('/login?next=%2Fwishlist');
  await logIn(page, shopper);
  await expect(page).toHaveURL('/wishlist');
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Log in to see your cart' }).click();
  await expect(page).toHaveURL('/login?next=%2Fcart');
  await logIn(page, shopper);
  await expect(page).toHaveURL('/cart');
});

test('the session-expiry dialog comes back to the page after login', async ({ page }) => {
  const shopper = await account(page);
  // A token whose time has run out (the browser checks its expiry before any call).
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ user_id: 1, exp: 1_600_000_000 })).toString('base64url');
  // This page's own session starts first, so only the next page meets the expired token.
  await waitForIslands(page);
  await page.evaluate((t) => localStorage.setItem('authToken', t), `${header}.${payload}.sig`);
  await page.goto('/searchproductlist?search=rice');
  await page.getByRole('dialog', { name: 'Session Expired' }).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/searchproductlist?search=rice')}`);
  await logIn(page, shopper);
  await expect(page).toHaveURL('/searchproductlist?search=rice');
});

test('a next that leads to another site is refused: home instead', async ({ page }) => {
  const shopper = await account(page);
  for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await logIn(page, shopper);
    await expect(page, next).toHaveURL('/');
    await page.evaluate(() => localStorage.clear());
  }
});
